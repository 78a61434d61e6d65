import StreamLang

/// Reads pasted Swift into `SwiftStatement`s: the statements, expressions,
/// closures and types Combine code is made of. It stops at the first thing
/// it cannot read and says where, and what Swift construct that was.
///
///     file       = { statement (";" | newline) }
///     statement  = "import" NAME | attributes ("let" | "var") NAME [":" type] ["=" expr]
///                | "func" NAME [generics] "(" params ")" [effects] ["->" type] block
///                | ("class" | "struct" | "enum" | "extension") NAME [generics] [":" types] block
///                | "return" [expr] | expr ["=" expr]
///     expr       = prefix { binary-operator prefix } ["?" expr ":" expr]   (Swift's precedence)
///     postfix    = primary { "." NAME | "." INT | "(" args ")" [closure { NAME ":" closure }]
///                          | closure | "[" args "]" | "!" | "?" }
///     closure    = "{" [capture-list] [params "in"] { statement } "}"
///
/// A line starting with `.` continues the expression above it, as in Swift;
/// a call's `(`, `[` or trailing `{` must be on the line of its callee.
///
/// That is the lowering's grammar (`Mode.lowering`). The interpreter's
/// (`Mode.interpreter`) reads the whole statement grammar, declared beside
/// it: SwiftParser+Declarations.swift, +ControlFlow, +Patterns and
/// +InterpreterExpressions.
struct SwiftParser {
  /// How deep expressions, closures and types may nest before the paste is refused.
  static let maximumNesting = 150

  struct Failure: Error {
    var diagnostic: Diagnostic
  }

  private let text: String
  private var tokens: [SwiftToken]
  var index = 0
  private var depth = 0

  /// Which grammar to read. The lowering reads control flow, accessors and
  /// enum cases as `.outsideSubset` (it refuses or reads past them); the
  /// interpreter (`SwiftRun`) reads them all.
  public enum Mode: Hashable, Sendable {
    case lowering
    case interpreter
  }

  /// Which grammar applies here: the lowering reads a `Task { … }`'s body
  /// with the interpreter's, since that is how `--format swift` writes a
  /// `for await` loop (`SwiftLowering+Tasks`).
  var mode: Mode
  /// False while reading a condition of `if`, `guard`, `while`, a `for`'s
  /// sequence or a `switch`'s subject: there, as in Swift, a `{` after an
  /// expression opens the body, not a trailing closure (brackets and
  /// closures inside turn it back on).
  var allowsTrailingClosures = true
  /// True while reading a protocol's members, whose functions and
  /// properties have no bodies.
  var insideProtocol = false

  /// Parses the whole paste, or returns the first problem (lexing problems first).
  static func parse(_ text: String, mode: Mode = .lowering) -> Result<[SwiftStatement], Diagnostic> {
    let lexer = SwiftLexer(text, readsMultilineStrings: mode == .interpreter)
    if let first = lexer.diagnostics.first { return .failure(first) }
    var parser = SwiftParser(text: text, tokens: lexer.tokens, mode: mode)
    do {
      return .success(try parser.parseStatements(until: nil))
    } catch let failure as Failure {
      return .failure(failure.diagnostic)
    } catch {
      return .failure(Diagnostic("\(error)", at: SourceRange(start: 0, end: 0)))
    }
  }

  init(text: String, tokens: [SwiftToken], mode: Mode) {
    self.text = text
    self.tokens = tokens
    self.mode = mode
  }

  // MARK: Statements

  var current: SwiftToken { tokens[min(index, tokens.count - 1)] }

  func peek(_ offset: Int = 1) -> SwiftToken {
    tokens[min(index + offset, tokens.count - 1)]
  }

  /// Statements up to `closer` (`}`), or to the end of the paste when nil;
  /// a `switch` case's body also ends at the next `case` or `default`.
  mutating func parseStatements(until closer: String?, endsAtCaseLabel: Bool = false) throws -> [SwiftStatement] {
    var statements: [SwiftStatement] = []
    while true {
      while current.isPunctuation(";") { index += 1 }
      if current.kind == .endOfInput {
        if let closer { throw failure("expected `\(closer)` before the end of the code", at: current.range) }
        return statements
      }
      if let closer, current.isPunctuation(closer) { return statements }
      if endsAtCaseLabel, isAtCaseLabel { return statements }
      let statement = try parseStatement()
      statements.append(statement)
      let next = current
      guard next.newlineBefore || next.isPunctuation(";") || next.kind == .endOfInput || next.isPunctuation("}")
      else {
        throw failure(
          "expected a new line or `;` after this statement, found \(next.kind.spelled)", at: next.range)
      }
    }
  }

  private static let modifiers: Set<String> = [
    "private", "public", "internal", "fileprivate", "final", "static", "override", "lazy", "weak", "open",
    "nonisolated", "mutating", "required", "convenience", "unowned",
  ]

  /// Keywords of statements outside the subset, with what to write instead.
  private static let unsupportedStatements: [String: String] = [
    "if": "a closure of one expression, such as `{ $0 > 2 ? \"big\" : \"small\" }`",
    "guard": "a closure of one expression, or `filter` before the stage",
    "for": "`[1, 2, 3].publisher` for a sequence of values, or one `send` per line",
    "while": "a publisher such as `Timer.publish` or `[…].publisher`",
    "repeat": "a publisher such as `Timer.publish` or `[…].publisher`",
    "switch": "a closure of one expression with `?:`",
    "do": "`tryMap` and `catch` around a publisher",
    "defer": "`handleEvents(receiveCompletion:)`",
    "protocol": "concrete publishers: streamlab runs the pipeline, not its types",
    "actor": "a `class` with the subjects as properties, or the subjects on their own",
    "typealias": "the type written out",
    "throw": "`fail(\"message\")` in a `tryMap`, or `Fail(error:)`",
  ]

  mutating func parseStatement() throws -> SwiftStatement {
    if mode == .interpreter { return try parseInterpreterStatement() }
    let start = current.range
    var attributes: [String] = []
    while current.isPunctuation("@") || (current.identifier.map(Self.modifiers.contains) ?? false) {
      if current.isPunctuation("@") {
        index += 1
        let name = try expectIdentifier("an attribute name, such as `@Published`")
        attributes.append(name)
        if current.isPunctuation("("), !current.spaceBefore { try skipBalanced() }
      } else {
        index += 1
        if current.isPunctuation("(") { try skipBalanced() }
      }
    }
    guard let word = current.identifier else {
      return try parseExpressionStatement(from: start)
    }
    if let instead = Self.unsupportedStatements[word], !peek().isPunctuation(":") {
      let keywordRange = current.range
      try skipStatementOutsideSubset(word)
      return SwiftStatement(
        kind: .outsideSubset(keyword: word, keywordRange: keywordRange, instead: instead),
        range: start.union(previousRange))
    }
    switch word {
    case "import":
      return try parseImport(from: start)
    case "let", "var":
      return try parseDeclaration(from: start, attributes: attributes)
    case "func", "init":
      return try parseFunction(from: start)
    case "class", "struct", "enum", "extension":
      return try parseTypeDeclaration(from: start)
    case "case":
      // An enum's cases (`case offline, timedOut`): names only, nothing to run.
      index += 1
      repeat {
        _ = try expectIdentifier("a case name")
        if current.isPunctuation("(") { try skipBalanced() }
        if current.isPunctuation("=") {
          index += 1
          _ = try parseExpression()
        }
      } while consume(",")
      return SwiftStatement(kind: .importModule("case"), range: start.union(previousRange))
    case "return":
      return try parseReturn(from: start)
    default:
      return try parseExpressionStatement(from: start)
    }
  }

  mutating func parseImport(from start: SourceRange) throws -> SwiftStatement {
    index += 1
    let name = try expectIdentifier("a module name")
    while current.isPunctuation("."), !current.newlineBefore {
      index += 1
      _ = try expectIdentifier("a module name")
    }
    return SwiftStatement(kind: .importModule(name), range: start.union(previousRange))
  }

  mutating func parseReturn(from start: SourceRange) throws -> SwiftStatement {
    index += 1
    if current.newlineBefore || current.isPunctuation("}") || current.isPunctuation(";")
      || current.kind == .endOfInput
    {
      return SwiftStatement(kind: .returnValue(nil), range: start)
    }
    let value = try parseExpression()
    return SwiftStatement(kind: .returnValue(value), range: start.union(value.range))
  }

  private mutating func parseExpressionStatement(from start: SourceRange) throws -> SwiftStatement {
    let expression = try parseExpression()
    if current.isPunctuation("=") {
      index += 1
      let value = try parseExpression()
      return SwiftStatement(kind: .assignment(expression, value), range: expression.range.union(value.range))
    }
    if let op = current.punctuation, ["+=", "-=", "*=", "/="].contains(op) {
      throw failure(
        "streamlab cannot run `\(op)` on a variable", at: current.range,
        expected: "`scan` to accumulate values, such as `.scan(0) { $0 + $1 }`")
    }
    return SwiftStatement(kind: .expression(expression), range: expression.range)
  }

  private mutating func parseDeclaration(from start: SourceRange, attributes: [String]) throws -> SwiftStatement {
    let isVariable = current.isWord("var")
    index += 1
    guard let name = current.identifier else {
      throw failure(
        "streamlab reads one name per `let`", at: current.range, expected: "a name, such as `let numbers = …`")
    }
    let nameRange = current.range
    index += 1
    var type: SwiftType?
    if consume(":") { type = try parseType() }
    var value: SwiftExpr?
    if consume("=") { value = try parseExpression() }
    if current.isPunctuation("{") {
      throw failure(
        "computed properties and property observers are outside what streamlab reads", at: current.range,
        expected: "a property with a value, such as `@Published var query = \"\"`")
    }
    let end = value?.range ?? previousRange
    return SwiftStatement(
      kind: .declaration(
        isVariable: isVariable, name: name, nameRange: nameRange, type: type, value: value, attributes: attributes),
      range: start.union(end))
  }

  private mutating func parseFunction(from start: SourceRange) throws -> SwiftStatement {
    let isInit = current.isWord("init")
    index += 1
    let name = isInit ? "init" : try expectIdentifier("the function's name")
    if current.isPunctuation("<") { try skipGenericParameters() }
    try expect("(", "the parameters")
    var parameters: [SwiftParameter] = []
    while !current.isPunctuation(")") {
      let first = try expectIdentifier("a parameter name")
      var label: String? = first
      var parameterName = first
      if let second = current.identifier {
        index += 1
        parameterName = second
      }
      if label == "_" { label = nil }
      try expect(":", "the parameter's type")
      let type = try parseType()
      if consume("=") { _ = try parseExpression() }
      parameters.append(SwiftParameter(label: label, name: parameterName, type: type))
      if !consume(",") { break }
    }
    try expect(")", "`)` after the parameters")
    while current.isWord("async") || current.isWord("throws") || current.isWord("rethrows") { index += 1 }
    let returnType = consume("->") ? try parseType() : nil
    if current.isWord("where") { try skipWhereClause() }
    try expect("{", "the function's body")
    let body = try nested { try $0.parseStatements(until: "}") }
    try expect("}", "`}` after the function's body")
    let function = SwiftFunction(
      name: name, parameters: parameters, returnType: returnType, body: body, range: start.union(previousRange))
    return SwiftStatement(kind: .function(function), range: function.range)
  }

  private mutating func parseTypeDeclaration(from start: SourceRange) throws -> SwiftStatement {
    index += 1
    let name = try expectIdentifier("the type's name")
    while current.isPunctuation("."), !current.spaceBefore {
      index += 1
      _ = try expectIdentifier("a type name")
    }
    if current.isPunctuation("<") { try skipGenericParameters() }
    if consume(":") {
      repeat { _ = try parseType() } while consume(",")
    }
    if current.isWord("where") { try skipWhereClause() }
    try expect("{", "the type's body")
    let members = try nested { try $0.parseStatements(until: "}") }
    try expect("}", "`}` after the type's body")
    return SwiftStatement(kind: .typeDeclaration(name: name, members: members), range: start.union(previousRange))
  }

  // MARK: Expressions

  /// Swift's binary precedence groups used here, tightest last.
  static func precedence(of op: String) -> Int? {
    switch op {
    case "||": return 1
    case "&&": return 2
    case "==", "!=", "<", "<=", ">", ">=", "===", "!==": return 3
    case "??": return 4
    case "...", "..<": return 5
    case "+", "-", "|", "^": return 6
    case "*", "/", "%", "&": return 7
    default: return nil
    }
  }

  mutating func parseExpression() throws -> SwiftExpr {
    try nested { parser in
      let condition = try parser.parseBinary(minimum: 1)
      if parser.current.isPunctuation("?"), parser.current.spaceBefore {
        parser.index += 1
        let whenTrue = try parser.parseExpression()
        try parser.expect(":", "`:` and the value when the condition is false")
        let whenFalse = try parser.parseExpression()
        return SwiftExpr(
          kind: .ternary(condition, whenTrue, whenFalse), range: condition.range.union(whenFalse.range))
      }
      return condition
    }
  }

  private mutating func parseBinary(minimum: Int) throws -> SwiftExpr {
    var left = try parseCast()
    while let op = current.punctuation, let level = Self.precedence(of: op), level >= minimum,
      !isAtRemainderAssignment
    {
      if let oneSided = oneSidedRange(from: left) {
        left = oneSided
        continue
      }
      index += 1
      // `??` is right-associative; the others here group to the left.
      let right = try nested { try $0.parseBinary(minimum: op == "??" ? level : level + 1) }
      left = SwiftExpr(kind: .binary(op: op, left, right), range: left.range.union(right.range))
    }
    return left
  }

  private mutating func parseCast() throws -> SwiftExpr {
    var value = try parsePrefix()
    while current.isWord("as") || current.isWord("is") {
      var op = current.identifier ?? "as"
      index += 1
      if (current.isPunctuation("?") || current.isPunctuation("!")) && !current.spaceBefore {
        op += current.punctuation ?? ""
        index += 1
      }
      let type = try parseType()
      value = SwiftExpr(kind: .cast(value, op: op, type), range: value.range.union(previousRange))
    }
    return value
  }

  mutating func parsePrefix() throws -> SwiftExpr {
    let start = current.range
    if mode == .interpreter, let effect = try parseEffectPrefix() { return effect }
    if let function = operatorAsFunction() { return function }
    if current.isWord("await") {
      throw Failure(
        diagnostic: Diagnostic(
          "streamlab cannot run `await` (async/await) yet", at: current.range,
          expected: "a `sink` on the publisher, whose closure gets each value"))
    }
    if current.isWord("try") {
      index += 1
      if (current.isPunctuation("?") || current.isPunctuation("!")) && !current.spaceBefore { index += 1 }
      let value = try nested { try $0.parsePrefix() }
      return SwiftExpr(kind: .tried(value), range: start.union(value.range))
    }
    if let op = current.punctuation, ["-", "!", "+"].contains(op) || (mode == .interpreter && isRange(op)) {
      index += 1
      let operand = try nested { try $0.parsePrefix() }
      return SwiftExpr(kind: .prefix(op: op, operand), range: start.union(operand.range))
    }
    if current.isPunctuation("&") {
      index += 1
      let operand = try nested { try $0.parsePrefix() }
      return SwiftExpr(kind: .inoutArgument(operand), range: start.union(operand.range))
    }
    return try parsePostfix(try parsePrimary())
  }

  private mutating func parsePostfix(_ base: SwiftExpr) throws -> SwiftExpr {
    var value = base
    while true {
      let token = current
      if token.isPunctuation(".") {
        index += 1
        let member = current
        switch member.kind {
        case .identifier(let name):
          index += 1
          value = SwiftExpr(kind: .member(base: value, name: name), range: value.range.union(member.range))
        case .integer(let digits):
          index += 1
          value = SwiftExpr(kind: .member(base: value, name: digits), range: value.range.union(member.range))
        case .float(let digits):
          // `pair.0.1` lexes its `0.1` as a number.
          index += 1
          for part in digits.split(separator: ".") {
            value = SwiftExpr(kind: .member(base: value, name: String(part)), range: value.range.union(member.range))
          }
        default:
          throw failure("expected a member name after `.`, found \(member.kind.spelled)", at: member.range)
        }
      } else if token.isPunctuation("..."), token.newlineBefore {
        return value
      } else if token.newlineBefore {
        return value
      } else if token.isPunctuation("(") {
        let arguments = try parseArguments(closer: ")")
        value = SwiftExpr(kind: .call(callee: value, arguments: arguments), range: value.range.union(previousRange))
        value = try parseTrailingClosures(after: value)
      } else if token.isPunctuation("{"), allowsTrailingClosures, !isAtPropertyObservers {
        value = try parseTrailingClosures(after: value)
      } else if token.isPunctuation("["), !token.spaceBefore {
        let arguments = try parseArguments(closer: "]")
        value = SwiftExpr(kind: .subscripted(value, arguments), range: value.range.union(previousRange))
      } else if (token.isPunctuation("!") || token.isPunctuation("?")) && !token.spaceBefore {
        index += 1
        value = SwiftExpr(kind: .postfix(op: token.punctuation ?? "!", value), range: value.range.union(token.range))
      } else if token.isPunctuation("<"), !token.spaceBefore, let types = try parseGenericArgumentsIfAny() {
        value = SwiftExpr(kind: .specialized(value, types), range: value.range.union(previousRange))
      } else {
        return value
      }
    }
  }

  /// A trailing closure and the labelled ones after it (`sink { … } receiveValue: { … }`),
  /// added to the call's arguments (a bare callee becomes a call).
  private mutating func parseTrailingClosures(after callee: SwiftExpr) throws -> SwiftExpr {
    guard current.isPunctuation("{"), !current.newlineBefore, allowsTrailingClosures, !isAtPropertyObservers else {
      return callee
    }
    var arguments: [SwiftArgument] = []
    var base = callee
    if case .call(let inner, let existing) = callee.kind {
      base = inner
      arguments = existing
    }
    let first: SwiftExpr
    if case .identifier("Task") = base.kind, mode == .lowering {
      mode = .interpreter
      defer { mode = .lowering }
      first = try parseClosure()
    } else {
      first = try parseClosure()
    }
    arguments.append(SwiftArgument(label: nil, value: first, isTrailing: true, range: first.range))
    while let label = current.identifier, peek().isPunctuation(":"), peek(2).isPunctuation("{"),
      !current.newlineBefore
    {
      index += 2
      let closure = try parseClosure()
      arguments.append(SwiftArgument(label: label, value: closure, isTrailing: true, range: closure.range))
    }
    return SwiftExpr(kind: .call(callee: base, arguments: arguments), range: callee.range.union(previousRange))
  }

  mutating func parseArguments(closer: String) throws -> [SwiftArgument] {
    try withTrailingClosures(true) { try $0.parseArgumentList(closer: closer) }
  }

  private mutating func parseArgumentList(closer: String) throws -> [SwiftArgument] {
    index += 1
    var arguments: [SwiftArgument] = []
    while !current.isPunctuation(closer) {
      let start = current.range
      var label: String?
      if let name = current.identifier, peek().isPunctuation(":") {
        label = name
        index += 2
      }
      // `Empty<Int, Never>(completeImmediately:)` style labels without a value are not read.
      let value = try parseExpression()
      arguments.append(SwiftArgument(label: label, value: value, range: start.union(value.range)))
      if !consume(",") { break }
    }
    try expect(closer, "`\(closer)` or `,` between arguments")
    return arguments
  }

  private mutating func parsePrimary() throws -> SwiftExpr {
    let token = current
    switch token.kind {
    case .identifier(let name):
      index += 1
      switch name {
      case "true", "false": return SwiftExpr(kind: .bool(name == "true"), range: token.range)
      case "nil": return SwiftExpr(kind: .null, range: token.range)
      default: return SwiftExpr(kind: .identifier(name), range: token.range)
      }
    case .dollar(let number):
      index += 1
      return SwiftExpr(kind: .dollar(number), range: token.range)
    case .integer(let digits):
      index += 1
      return SwiftExpr(kind: .integer(digits), range: token.range)
    case .float(let digits):
      index += 1
      return SwiftExpr(kind: .float(digits), range: token.range)
    case .string(let pieces):
      index += 1
      return SwiftExpr(kind: .string(try pieces.map(parseStringPiece)), range: token.range)
    case .punctuation("."):
      index += 1
      let name = try expectIdentifier("a member name, such as `.milliseconds(300)`")
      return SwiftExpr(kind: .member(base: nil, name: name), range: token.range.union(previousRange))
    case .punctuation("("):
      let elements = try parseArguments(closer: ")")
      let range = token.range.union(previousRange)
      if elements.count == 1, elements[0].label == nil { return SwiftExpr(kind: elements[0].value.kind, range: range) }
      return SwiftExpr(kind: .tuple(elements), range: range)
    case .punctuation("[") where mode == .interpreter:
      return try withTrailingClosures(true) { try $0.parseCollectionLiteral() }
    case .punctuation("["):
      index += 1
      var elements: [SwiftExpr] = []
      while !current.isPunctuation("]") {
        if current.isPunctuation(":") {
          throw failure("dictionaries are outside what streamlab reads", at: current.range, expected: "an array")
        }
        let element = try parseExpression()
        if current.isPunctuation(":") {
          throw failure(
            "dictionaries are outside what streamlab reads", at: current.range,
            expected: "an array or a tuple, such as `(\"a\", 1)`")
        }
        elements.append(element)
        if !consume(",") { break }
      }
      try expect("]", "`]` or `,` between elements")
      return SwiftExpr(kind: .array(elements), range: token.range.union(previousRange))
    case .punctuation("{"):
      return try parseClosure()
    case .punctuation("\\"):
      index += 1
      var path = ""
      if let root = current.identifier {
        index += 1
        path = root
      }
      while current.isPunctuation("."), !current.spaceBefore {
        index += 1
        path += "." + (try expectIdentifier("a property name"))
        // `\.user?.name`: the interpreter's mode reads optional chaining in a key path.
        if mode == .interpreter, current.isPunctuation("?"), !current.spaceBefore {
          index += 1
          path += "?"
        }
      }
      return SwiftExpr(kind: .keyPath(path), range: token.range.union(previousRange))
    case .punctuation("#"):
      throw failure(
        "compiler directives (`#if`, `#selector`, …) are outside what streamlab reads", at: token.range)
    case .endOfInput:
      throw failure("expected an expression, found the end of the code", at: token.range)
    default:
      throw failure("expected an expression, found \(token.kind.spelled)", at: token.range)
    }
  }

  private func parseStringPiece(_ piece: SwiftStringPiece) throws -> SwiftStringPart {
    switch piece {
    case .text(let text): return .text(text)
    case .interpolation(let range):
      let utf8 = text.utf8
      let lower = utf8.index(utf8.startIndex, offsetBy: range.start)
      let upper = utf8.index(utf8.startIndex, offsetBy: range.end)
      let lexer = SwiftLexer(
        Substring(text[lower..<upper]), base: range.start, readsMultilineStrings: mode == .interpreter)
      if let first = lexer.diagnostics.first { throw Failure(diagnostic: first) }
      var inner = SwiftParser(text: text, tokens: lexer.tokens, mode: mode)
      inner.depth = depth
      let expression = try inner.parseExpression()
      guard inner.current.kind == .endOfInput else {
        throw failure("expected `)` to end the interpolation", at: inner.current.range)
      }
      return .interpolation(expression)
    }
  }

  mutating func parseClosure() throws -> SwiftExpr {
    let open = current.range
    index += 1
    var head = ClosureHead()
    if mode == .interpreter {
      head = closureHead()
    } else {
      head.parameters = try closureParameters()
    }
    let body = try nested { parser in try parser.withTrailingClosures(true) { try $0.parseStatements(until: "}") } }
    try expect("}", "`}` to close the closure")
    let range = open.union(previousRange)
    let closure = SwiftClosure(
      parameters: head.parameters, body: body, range: range, captures: head.captures,
      parameterTypes: head.parameterTypes, resultType: head.resultType)
    return SwiftExpr(kind: .closure(closure), range: range)
  }

  /// The closure's `[capture list] params in`, or no parameters when there is no `in`.
  private mutating func closureParameters() throws -> [String] {
    let mark = index
    if current.isPunctuation("[") {
      let listStart = current.range
      try skipBalanced()
      // `{ [weak self] in … }`, but not `{ [$0] }`, an array literal.
      if current.isWord("in") || current.identifier != nil || current.isPunctuation("(") {
        let list = listStart.union(previousRange)
        throw Failure(
          diagnostic: Diagnostic(
            "streamlab cannot model a capture list (`\(list.text(in: text))`) yet", at: list,
            expected: "the closure without it, to see the pipeline",
            note:
              "a capture list decides how long the captured objects live; every object of a paste lives "
              + "to the program's end in streamlab, so drawing it would hide what a release does in Swift"))
      }
      index = mark
      try skipBalanced()
    }
    var names: [String] = []
    var parenthesised = false
    if current.isPunctuation("(") {
      parenthesised = true
      index += 1
    }
    while let name = current.identifier, name != "in" {
      index += 1
      names.append(name)
      if parenthesised, consume(":") {
        guard (try? parseType()) != nil else { break }
      }
      if !consume(",") { break }
    }
    if parenthesised, !consume(")") {
      index = mark
      return []
    }
    while current.isWord("throws") || current.isWord("async") { index += 1 }
    if current.isPunctuation("->") {
      index += 1
      guard (try? parseType()) != nil else {
        index = mark
        return []
      }
    }
    if current.isWord("in") {
      index += 1
      return names
    }
    // No `in`: the closure has no parameters, and a `[` starts an array (`{ [$0] }`).
    index = mark
    return []
  }

  // MARK: Types

  mutating func parseType() throws -> SwiftType {
    try nested { parser in
      var type = try parser.parseTypePrimary()
      while (parser.current.isPunctuation("?") || parser.current.isPunctuation("!")) && !parser.current.spaceBefore {
        type = parser.current.isPunctuation("!") ? .implicitlyUnwrapped(type) : .optional(type)
        parser.index += 1
      }
      if parser.current.isPunctuation("->") {
        parser.index += 1
        let result = try parser.parseType()
        if case .tuple(let parameters) = type { return .function(parameters, result) }
        return .function([type], result)
      }
      return type
    }
  }

  private mutating func parseTypePrimary() throws -> SwiftType {
    while current.isPunctuation("@") {
      index += 1
      _ = try expectIdentifier("an attribute")
    }
    while current.isWord("some") || current.isWord("any") || current.isWord("inout") { index += 1 }
    if consume("[") {
      let element = try parseType()
      if consume(":") {
        let value = try parseType()
        try expect("]", "`]`")
        return .dictionary(element, value)
      }
      try expect("]", "`]` after the array's element type")
      return .array(element)
    }
    if consume("(") {
      var elements: [SwiftType] = []
      while !current.isPunctuation(")") {
        if current.identifier != nil, peek().isPunctuation(":") { index += 2 }
        elements.append(try parseType())
        if !consume(",") { break }
      }
      try expect(")", "`)` after the tuple's types")
      while current.isWord("throws") || current.isWord("async") { index += 1 }
      return elements.count == 1 && !current.isPunctuation("->") ? elements[0] : .tuple(elements)
    }
    var name = try expectIdentifier("a type, such as `Int` or `AnyPublisher<Int, Never>`")
    var arguments: [SwiftType] = []
    while true {
      if current.isPunctuation("<"), !current.spaceBefore {
        arguments = try parseGenericArguments()
      } else if current.isPunctuation("."), !current.spaceBefore, peek().identifier != nil {
        index += 1
        name += "." + (try expectIdentifier("a type name"))
      } else {
        break
      }
    }
    return .named(name, arguments)
  }

  /// `<T, E>` after a name in an expression, when it reads as generic
  /// arguments followed by `(`, `.` or `{`; otherwise nothing is consumed.
  private mutating func parseGenericArgumentsIfAny() throws -> [SwiftType]? {
    let mark = index
    guard let types = try? parseGenericArguments(),
      current.isPunctuation("(") || current.isPunctuation(".") || current.isPunctuation("{")
    else {
      index = mark
      return nil
    }
    return types
  }

  private mutating func parseGenericArguments() throws -> [SwiftType] {
    try expect("<", "`<`")
    var types: [SwiftType] = []
    while !current.isPunctuation(">") {
      types.append(try parseType())
      if !consume(",") { break }
    }
    splitClosingAngles()
    try expect(">", "`>` after the generic arguments")
    return types
  }

  /// `>>` and `>=` right after generic arguments close one list: split them.
  mutating func splitClosingAngles() {
    guard let text = current.punctuation, text.count > 1, text.hasPrefix(">") else { return }
    let token = current
    let first = SwiftToken(
      kind: .punctuation(">"), range: SourceRange(start: token.range.start, end: token.range.start + 1),
      spaceBefore: token.spaceBefore, newlineBefore: token.newlineBefore)
    let rest = SwiftToken(
      kind: .punctuation(String(text.dropFirst())),
      range: SourceRange(start: token.range.start + 1, end: token.range.end),
      spaceBefore: false, newlineBefore: false)
    tokens.replaceSubrange(index...index, with: [first, rest])
  }

  private mutating func skipGenericParameters() throws {
    var level = 0
    repeat {
      if current.isPunctuation("<") { level += 1 }
      if current.isPunctuation(">") { level -= 1 }
      if current.kind == .endOfInput { throw failure("expected `>`", at: current.range) }
      index += 1
    } while level > 0
  }

  mutating func skipWhereClause() throws {
    while !current.isPunctuation("{"), current.kind != .endOfInput { index += 1 }
  }

  /// Skips a bracketed group, `(…)` or `[…]`, with what it holds.
  /// Reads past a statement outside the subset: its condition up to each
  /// body, the body in braces, `else`/`catch` parts, or for `throw`, `return`
  /// and the like the rest of the line.
  private mutating func skipStatementOutsideSubset(_ keyword: String) throws {
    let open = current
    index += 1
    guard ["if", "guard", "for", "while", "repeat", "switch", "do", "defer", "protocol", "actor"].contains(keyword)
    else {
      skipToEndOfStatement()
      return
    }
    while true {
      while !current.isPunctuation("{") {
        if current.kind == .endOfInput || current.isPunctuation("}") {
          throw failure("expected the `{` of this `\(keyword)` statement's body", at: open.range)
        }
        if current.isPunctuation("(") || current.isPunctuation("[") { try skipBalanced() } else { index += 1 }
      }
      try skipBalanced()
      if current.isWord("else") || current.isWord("catch") {
        index += 1
        continue
      }
      if keyword == "repeat", current.isWord("while") { skipToEndOfStatement() }
      return
    }
  }

  /// Up to the next line, `;` or closing brace, brackets skipped whole.
  private mutating func skipToEndOfStatement() {
    while current.kind != .endOfInput, !current.newlineBefore, !current.isPunctuation(";"),
      !current.isPunctuation("}")
    {
      if current.isPunctuation("(") || current.isPunctuation("[") || current.isPunctuation("{") {
        guard (try? skipBalanced()) != nil else { return }
      } else {
        index += 1
      }
    }
  }

  mutating func skipBalanced() throws {
    let open = current
    var stack: [String] = []
    repeat {
      switch current.punctuation {
      case "(", "[", "{": stack.append(current.punctuation ?? "")
      case ")", "]", "}": stack.removeLast()
      default: break
      }
      if current.kind == .endOfInput { throw failure("this bracket is not closed", at: open.range) }
      index += 1
    } while !stack.isEmpty
  }

  // MARK: Helpers

  var previousRange: SourceRange { tokens[max(0, index - 1)].range }

  mutating func consume(_ punctuation: String) -> Bool {
    guard current.isPunctuation(punctuation) else { return false }
    index += 1
    return true
  }

  mutating func expect(_ punctuation: String, _ what: String) throws {
    guard consume(punctuation) else {
      throw failure("expected \(what), found \(current.kind.spelled)", at: current.range)
    }
  }

  mutating func expectIdentifier(_ what: String) throws -> String {
    guard let name = current.identifier else {
      throw failure("expected \(what), found \(current.kind.spelled)", at: current.range)
    }
    index += 1
    return name
  }

  /// Runs `body` with trailing closures allowed or not (`allowsTrailingClosures`).
  mutating func withTrailingClosures<T>(_ allowed: Bool, _ body: (inout SwiftParser) throws -> T) rethrows -> T {
    let saved = allowsTrailingClosures
    allowsTrailingClosures = allowed
    defer { allowsTrailingClosures = saved }
    return try body(&self)
  }

  /// Runs `body` one level deeper, refusing a paste nested deeper than the limit.
  mutating func nested<T>(_ body: (inout SwiftParser) throws -> T) throws -> T {
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumNesting else {
      throw failure("this code nests deeper than \(Self.maximumNesting) levels", at: current.range)
    }
    return try body(&self)
  }

  func failure(_ message: String, at range: SourceRange, expected: String? = nil) -> Failure {
    Failure(diagnostic: Diagnostic(message, at: range, expected: expected))
  }
}
