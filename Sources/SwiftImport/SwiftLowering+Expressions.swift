import StreamCore
import StreamLang

// Swift expressions and closures as expressions of the short form. The
// language reads Swift's operators, precedence, `$0` and `{ a, b in … }`,
// so most of it is written back as it was; string interpolation becomes
// `+` and `String(…)`, `try` and `!` go (the language is dynamically typed).
extension SwiftLowering {
  /// Swift's precedence levels as the short form shares them; a child looser
  /// than its parent is parenthesised.
  static func precedence(of op: String) -> Int {
    switch op {
    case "||": return 1
    case "&&": return 2
    case "==", "!=", "<", "<=", ">", ">=": return 3
    case "??": return 4
    case "...", "..<": return 5
    case "+", "-": return 6
    default: return 7
    }
  }

  func expression(_ value: SwiftExpr, precedence: Int = 0) throws -> String {
    let (text, own) = try expressionText(value)
    sourceMap.record(text, from: value.range)
    return own < precedence ? "(\(text))" : text
  }

  /// The text and its precedence (10 for a primary).
  private func expressionText(_ value: SwiftExpr) throws -> (String, Int) {
    switch value.kind {
    case .identifier(let name):
      if let substituted = substitution(for: name) { return (substituted, 10) }
      if case .constant(let text)? = bindings[name] { return (text, 10) }
      if name == "self" { throw unsupported(value, "`self` on its own") }
      return (bindings[name] == nil ? name : shortName(name), 10)
    case .dollar(let number):
      return (destructuresTuple ? "$0.\(number)" : "$\(number)", 10)
    case .integer(let digits), .float(let digits):
      return (digits, 10)
    case .string(let parts):
      return try stringText(parts)
    case .bool(let value):
      return (value ? "true" : "false", 10)
    case .null:
      return ("nil", 10)
    case .member(nil, let name):
      throw failure(
        "streamlab cannot tell which type `.\(name)` belongs to here", at: value.range,
        expected: "a value of the language: a number, a string, a bool, an array or a tuple")
    case .member(let base?, let name):
      if case .identifier("self") = base.kind {
        return try expressionText(SwiftExpr(kind: .identifier(name), range: value.range))
      }
      // A failure is its message in the language: `error.localizedDescription` is the error itself.
      if name == "message" || name == "localizedDescription" { return try expressionText(base) }
      return ("\(try expression(base, precedence: 9)).\(name)", 9)
    case .call(let callee, let arguments):
      if case .identifier("ProgramError") = callee.kind, arguments.count == 1 {
        return try expressionText(arguments[0].value)
      }
      let calleeText = try expression(callee, precedence: 9)
      let argumentTexts = try arguments.map { try expression($0.value) }
      return ("\(calleeText)(\(argumentTexts.joined(separator: ", ")))", 9)
    case .closure(let closure):
      return (try closureText(closure, braced: true), 10)
    case .prefix(let op, let operand):
      return (op + (try expression(operand, precedence: 8)), 8)
    case .postfix(_, let operand), .tried(let operand):
      return try expressionText(operand)
    case .binary(let op, let left, let right):
      if op == "===" || op == "!==" { throw unsupported(value, "identity comparison `\(op)`") }
      let level = Self.precedence(of: op)
      // Left-associative: the right operand needs parentheses at the same level.
      let rightLevel = op == "??" ? level : level + 1
      return (
        "\(try expression(left, precedence: op == "??" ? level + 1 : level)) \(op) \(try expression(right, precedence: rightLevel))",
        level
      )
    case .ternary(let condition, let whenTrue, let whenFalse):
      return (
        "\(try expression(condition, precedence: 1)) ? \(try expression(whenTrue, precedence: 1)) : \(try expression(whenFalse))",
        0
      )
    case .array(let elements):
      return ("[" + (try elements.map { try expression($0) }).joined(separator: ", ") + "]", 10)
    case .tuple(let elements):
      return ("(" + (try elements.map { try expression($0.value) }).joined(separator: ", ") + ")", 10)
    case .cast(let operand, "as", _):
      // An upcast (`$0 as Any`) changes the Swift type only.
      return try expressionText(operand)
    case .specialized, .subscripted, .inoutArgument, .keyPath, .cast:
      throw unsupported(value, "`\(source(value.range))`")
    case .optionalTry, .forcedTry, .awaited, .dictionary:
      // The interpreter's mode only: the lowering's parser never makes these.
      throw unsupported(value, "`\(source(value.range))`")
    }
  }

  /// `"a\(x)b"` as `"a" + String(x) + "b"`: the language has no interpolation.
  private func stringText(_ parts: [SwiftStringPart]) throws -> (String, Int) {
    var pieces: [String] = []
    for part in parts {
      switch part {
      case .text(let text): pieces.append(TextEscaping.swiftStringLiteral(text))
      case .interpolation(let inner): pieces.append("String(\(try expression(inner)))")
      }
    }
    if pieces.isEmpty { return ("\"\"", 10) }
    if pieces.count == 1, case .text? = parts.first { return (pieces[0], 10) }
    return (pieces.joined(separator: " + "), 6)
  }

  private func substitution(for name: String) -> String? {
    for scope in substitutions.reversed() {
      if let text = scope[name] { return text }
    }
    return nil
  }

  private func unsupported(_ value: SwiftExpr, _ what: String) -> Failure {
    failure(
      "streamlab's expressions cannot hold \(what)", at: value.range,
      expected: "numbers, strings, bools, arrays, tuples, `.count`, `.uppercased()`, `String(x)`, `Int(x)`, `?:`, `??`")
  }

  // MARK: Closures

  /// The one expression a closure returns, its leading `let`s substituted
  /// into it (`{ let doubled = $0 * 2; return doubled + 1 }`).
  func closureResult(_ closure: SwiftClosure) throws -> (value: SwiftExpr, scope: [String: String]) {
    for statement in closure.body {
      if case .outsideSubset(let keyword, let keywordRange, let instead) = statement.kind {
        throw Self.outsideSubset(keyword, at: keywordRange, instead: instead)
      }
    }
    var scope: [String: String] = [:]
    var body = closure.body[...]
    while let first = body.first, body.count > 1,
      case .declaration(_, let name, _, _, let value?, let attributes) = first.kind, attributes.isEmpty
    {
      var inner = self
      inner.substitutions.append(scope)
      scope[name] = try inner.expression(value, precedence: 9)
      body = body.dropFirst()
    }
    guard body.count == 1, let statement = body.first else {
      throw failure(
        "streamlab reads closures of one expression", at: closure.range,
        expected: "one expression, such as `{ $0 * 2 }` or `{ x in x > 2 ? \"big\" : \"small\" }`")
    }
    switch statement.kind {
    case .expression(let value), .returnValue(let value?):
      return (value, scope)
    default:
      throw failure(
        "streamlab reads closures of one expression", at: statement.range,
        expected: "one expression, such as `{ $0 * 2 }` or `{ x in x > 2 ? \"big\" : \"small\" }`")
    }
  }

  /// A closure's result: a publisher as `{ PIPELINE }`, a ternary choosing
  /// between publishers (`c ? fail("x") : Just(0)`) branch by branch, any
  /// other value as an expression.
  private func closureBody(_ value: SwiftExpr) throws -> String {
    if let pipeline = try pipeline(value) { return "{ \(pipeline) }" }
    switch value.kind {
    case .tried(let inner):
      return try closureBody(inner)
    case .ternary(let condition, let whenTrue, let whenFalse):
      let branches = [whenTrue, whenFalse]
      guard try branches.contains(where: { try pipeline($0) != nil }) else { return try expression(value) }
      let texts = try branches.map { try closureBody($0) }
      return "\(try expression(condition, precedence: 1)) ? \(texts[0]) : \(texts[1])"
    default:
      return try expression(value)
    }
  }

  /// The closure as the short form writes it. Without parameters (`{ $0 * 2 }`)
  /// the body alone, or in braces when `braced`; with parameters
  /// `{ a, b in BODY }`. A body that is a publisher becomes `{ PIPELINE }`.
  func closureText(_ closure: SwiftClosure, braced: Bool) throws -> String {
    var parameterNames: [String: String] = [:]
    for parameter in closure.parameters { parameterNames[parameter] = shortName(parameter) }
    var withParameters = self
    withParameters.substitutions.append(parameterNames)
    let (value, scope) = try withParameters.closureResult(closure)
    var inner = withParameters
    inner.substitutions.append(scope)
    let named = closure.parameters.filter { $0 != "_" }
    var body = try inner.closureBody(value)
    if braced && named.isEmpty, try inner.pipeline(value) == nil { body = "{ \(body) }" }
    guard !named.isEmpty else { return body }
    let parameters = closure.parameters.enumerated().map {
      $0.element == "_" ? "unused\($0.offset)" : shortName($0.element)
    }
    return "{ \(parameters.joined(separator: ", ")) in \(body) }"
  }
}
