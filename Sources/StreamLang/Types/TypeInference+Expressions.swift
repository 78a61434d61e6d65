import StreamCore

/// An expression's type, and what Swift's type checker also needs to know
/// about it: an integer literal may be a `Double`, a `fail(…)` call throws.
struct Typed {
  var type: SwiftType
  var isIntegerLiteral = false
  /// True for a string literal of one character, which Swift makes a
  /// `Character` where one is expected (`x.first == "a"`).
  var isCharacterLiteral = false
  /// True when evaluating it may throw (`fail("msg")` somewhere inside).
  var throwsError = false

  init(_ type: SwiftType, isIntegerLiteral: Bool = false, throwsError: Bool = false) {
    self.type = type
    self.isIntegerLiteral = isIntegerLiteral
    self.throwsError = throwsError
  }
}

// Expressions: the DSL's operators and builtins with the types Swift gives
// them: an Int value never meets a Double (only an integer literal becomes
// one), `+` joins strings and arrays; what Swift has no meaning for is an
// error here.
extension TypeInference {
  func value(_ expr: Expr, in scope: Scope) throws(Diagnostic) -> Typed {
    switch expr.kind {
    case .int: return Typed(.int, isIntegerLiteral: true)
    case .double: return Typed(.double)
    case .string(let text):
      var typed = Typed(.string)
      typed.isCharacterLiteral = text.count == 1
      return typed
    case .bool: return Typed(.bool)
    case .null: return Typed(.optional(fresh()))
    case .time: return Typed(.duration)
    case .array(let items):
      let elements = try items.map { item throws(Diagnostic) in try value(item, in: scope) }
      guard !elements.isEmpty else { return Typed(.array(fresh())) }
      guard let element = join(elements) else {
        throw TypeError.heterogeneousArray(elements.map { resolved($0.type) }, at: expr.range)
      }
      return Typed(.array(element), throwsError: elements.contains(where: \.throwsError))
    case .tuple(let items):
      let elements = try items.map { item throws(Diagnostic) in try value(item, in: scope) }
      return Typed(.tuple(elements.map(\.type)), throwsError: elements.contains(where: \.throwsError))
    case .identifier(let name):
      if let type = scope.names[name] { return Typed(type) }
      if let bound = try bound(name, in: scope) {
        return Typed(.publisher(output: bound.type.output, failure: bound.type.failure))
      }
      return Typed(.placeholder)
    case .unary(let symbol, let operand):
      let inner = try value(operand, in: scope)
      return Typed(
        try unary(symbol, inner, expr), isIntegerLiteral: inner.isIntegerLiteral, throwsError: inner.throwsError)
    case .binary(let symbol, let lhs, let rhs):
      let left = try value(lhs, in: scope)
      let right = try value(rhs, in: scope)
      let type = try binary(symbol, left, right, expr)
      // `1 + 2` is still a literal to Swift: `(1 + 2) * 2.5` is a Double.
      let literal = left.isIntegerLiteral && right.isIntegerLiteral && ["+", "-", "*", "/", "%"].contains(symbol)
      return Typed(type, isIntegerLiteral: literal, throwsError: left.throwsError || right.throwsError)
    case .ternary(let condition, let then, let otherwise):
      let test = try value(condition, in: scope)
      guard unify(test.type, .bool) else {
        throw TypeError.notBool(resolved(test.type), what: "the condition of `?:`", at: condition.range)
      }
      let yes = try value(then, in: scope)
      let no = try value(otherwise, in: scope)
      let throwing = test.throwsError || yes.throwsError || no.throwsError
      return Typed(try ternary(yes, no, expr), throwsError: throwing)
    case .member(let base, let name):
      let receiver = try value(base, in: scope)
      return Typed(try member(name, of: resolved(receiver.type), expr), throwsError: receiver.throwsError)
    case .call(let callee, let arguments):
      let values = try arguments.map { argument throws(Diagnostic) in try value(argument, in: scope) }
      var throwing = values.contains(where: \.throwsError)
      switch callee.kind {
      case .member(let base, let name):
        let receiver = try value(base, in: scope)
        throwing = throwing || receiver.throwsError
        return Typed(try method(name, of: resolved(receiver.type), values, expr), throwsError: throwing)
      case .identifier(let name) where scope.names[name] == nil:
        if name == "fail" { return Typed(.never, throwsError: true) }
        return Typed(try function(name, values, expr), throwsError: throwing)
      default:
        return Typed(.placeholder, throwsError: throwing)
      }
    case .closure:
      return Typed(.placeholder)
    case .stream(let pipeline):
      let made = try publisher(pipeline, in: scope)
      return Typed(.publisher(output: made.type.output, failure: made.type.failure))
    }
  }

  /// A closure argument's result, its parameters typed `parameters`: named
  /// (`{ a, b in … }`), or the implicit `x`, `acc`, `$0`, `$1`.
  func closure(_ expr: Expr, parameters: [SwiftType], implicitNames: [String], in scope: Scope) throws(Diagnostic)
    -> Typed
  {
    var inner = scope
    if case .closure(let names, let body) = expr.kind, !names.isEmpty {
      var types = parameters
      // Swift lets `{ name, age in … }` and `{ (u, p) in … }` take one tuple
      // parameter apart (SE-0110's exception for closures): `combineLatest`'s pairs.
      if names.count > 1, parameters.count == 1, case .tuple(let elements) = resolved(parameters[0]),
        elements.count == names.count
      {
        types = elements
      }
      guard names.count == types.count else {
        if names.count > 1, parameters.count == 1 {
          switch resolved(parameters[0]) {
          case .variable, .placeholder: return Typed(.placeholder)
          case let other:
            throw Diagnostic(
              "this closure takes \(names.count) parameters, but it is called with one \(other.spelling)",
              at: expr.range, expected: "a closure like `{ x in … }`",
              note: "Swift takes a closure's argument apart into names only when it is a tuple of that many elements")
          }
        }
        return Typed(.placeholder)
      }
      for (name, type) in zip(names, types) { inner.names[name] = type }
      return try value(body, in: inner)
    }
    for (index, type) in parameters.enumerated() {
      inner.names["$\(index)"] = type
      if index < implicitNames.count { inner.names[implicitNames[index]] = type }
    }
    if case .closure(_, let body) = expr.kind { return try value(body, in: inner) }
    return try value(expr, in: inner)
  }

  /// The type several values share, as Swift infers an array literal's
  /// element: Int literals become Double beside a Double; nil with a T makes `T?`.
  func join(_ values: [Typed]) -> SwiftType? {
    let sending = values.filter { resolved($0.type) != .never }
    guard let first = sending.first else { return values.first.map { _ in fresh() } }
    let types = sending.map { resolved($0.type) }
    if types.contains(.double), zip(sending, types).allSatisfy({ $1 == .double || $0.isIntegerLiteral }) {
      return .double
    }
    if let wrapped = types.lazy.compactMap(Self.nilLiteralWrapped).first,
      let concrete = types.first(where: { Self.nilLiteralWrapped($0) == nil })
    {
      // `just 1, nil`: Swift makes it `[Int?]`.
      let target: SwiftType
      if case .optional = concrete { target = concrete } else { target = .optional(concrete) }
      guard unify(.optional(wrapped), target) else { return nil }
      for type in types where Self.nilLiteralWrapped(type) == nil {
        guard unify(type, concrete) else { return nil }
      }
      return resolved(target)
    }
    for type in types.dropFirst() where !unify(first.type, type) { return nil }
    return resolved(first.type)
  }

  /// The unknown wrapped type of a bare `nil` literal.
  private static func nilLiteralWrapped(_ type: SwiftType) -> SwiftType? {
    if case .optional(let wrapped) = type, case .variable = wrapped { return wrapped }
    return nil
  }

  // MARK: Operators

  private func unary(_ symbol: String, _ operand: Typed, _ expr: Expr) throws(Diagnostic) -> SwiftType {
    let type = resolved(operand.type)
    switch (symbol, type) {
    case (_, .placeholder), (_, .never): return .placeholder
    case ("-", .variable): return unify(type, .int) ? .int : .placeholder
    case ("-", .int), ("-", .double), ("-", .duration): return type
    case ("!", _) where unify(type, .bool): return .bool
    default: throw TypeError.unary(symbol, type, at: expr.range)
    }
  }

  private func binary(_ symbol: String, _ left: Typed, _ right: Typed, _ expr: Expr) throws(Diagnostic) -> SwiftType {
    var lhs = resolved(left.type)
    var rhs = resolved(right.type)
    // `x.first == "a"`, `x.first ?? "?"`: the one-character literal is a Character.
    if right.isCharacterLiteral, Self.holdsCharacter(lhs) { rhs = .character }
    if left.isCharacterLiteral, Self.holdsCharacter(rhs) { lhs = .character }
    let isTest = ["==", "!=", "<", ">", "<=", ">=", "&&", "||"].contains(symbol)
    // `Int(x) ?? fail("bad")`: the fallback never returns, so the result is the unwrapped value.
    if symbol == "??", rhs == .never, case .optional(let wrapped) = lhs { return resolved(wrapped) }
    if lhs == .placeholder || rhs == .placeholder || lhs == .never || rhs == .never {
      return isTest ? .bool : .placeholder
    }
    // A value not yet known takes the other side's type: `empty | map x * 2` makes x an Int.
    // Digits drawn in marbles are Ints beside any number (so `x * 2.5` is refused, as for any Int).
    if case .variable = lhs { unify(lhs, symbol == "&&" || symbol == "||" ? .bool : knownSide(lhs, rhs)) }
    if case .variable = rhs { unify(rhs, symbol == "&&" || symbol == "||" ? .bool : knownSide(rhs, lhs)) }
    lhs = resolved(lhs)
    rhs = resolved(rhs)
    // Two values not yet known (`{ p, q in p + q }` on marbled digits) are one
    // type T, as Swift's operators take two of one type; a later use tells T.
    if case .variable = lhs, case .variable = rhs, symbol != "??" { return isTest ? .bool : lhs }
    let numbers = lhs.isNumber && rhs.isNumber
    // Swift never converts an Int value to a Double: only an integer literal
    // becomes one beside a Double (`d * 2`, `2 * 2.5`).
    if numbers, symbol != "??", let intSide = Self.intValueBesideDouble(lhs, left, rhs, right, expr) {
      guard case .binary(_, let leftExpr, let rightExpr) = expr.kind else { preconditionFailure("a binary expression") }
      let (l, r) = (text(leftExpr.range), text(rightExpr.range))
      let fix = intSide == leftExpr ? "Double(\(l)) \(symbol) \(r)" : "\(l) \(symbol) Double(\(r))"
      throw TypeError.intBesideDouble(symbol, resolved(lhs), resolved(rhs), fix: fix, at: expr.range)
    }
    switch symbol {
    case "+", "-", "*", "/":
      switch (lhs, rhs) {
      case (.int, .int): return .int
      case (.string, .string) where symbol == "+": return .string
      case (.array(let a), .array(let b)) where symbol == "+" && unify(a, b): return resolved(lhs)
      case (.int, .duration) where symbol == "*", (.duration, .int) where symbol == "*": return .duration
      case (.duration, .duration) where symbol == "+" || symbol == "-": return .duration
      default: if numbers { return .double }
      }
    case "%":
      if lhs == .int, rhs == .int { return .int }
      if numbers { return .double }
    case "==", "!=":
      if numbers || (unify(lhs, rhs) && resolved(lhs).hasEquality) { return .bool }
      // Swift wraps the other side to compare with an optional: `x.first == "a"`.
      if case .optional(let wrapped) = lhs, unify(wrapped, rhs), resolved(wrapped).conformsToEquatable { return .bool }
      if case .optional(let wrapped) = rhs, unify(wrapped, lhs), resolved(wrapped).conformsToEquatable { return .bool }
    case "<", ">", "<=", ">=":
      if numbers || (unify(lhs, rhs) && resolved(lhs).conformsToComparable) { return .bool }
    case "&&", "||":
      if lhs == .bool, rhs == .bool { return .bool }
    case "??":
      guard case .optional(let wrapped) = lhs else { return lhs }
      if unify(wrapped, rhs) { return resolved(rhs) }
      if case .optional(let other) = rhs, unify(wrapped, other) { return resolved(rhs) }
      if resolved(wrapped) == .double, right.isIntegerLiteral { return .double }
    default:
      return .placeholder
    }
    throw TypeError.binary(symbol, resolved(lhs), resolved(rhs), at: expr.range)
  }

  private static func holdsCharacter(_ type: SwiftType) -> Bool {
    type == .character || type == .optional(.character)
  }

  /// The Int operand that is not a literal, when the other operand is a Double.
  private static func intValueBesideDouble(
    _ lhs: SwiftType, _ left: Typed, _ rhs: SwiftType, _ right: Typed, _ expr: Expr
  ) -> Expr? {
    guard case .binary(_, let leftExpr, let rightExpr) = expr.kind else { return nil }
    if lhs == .int, rhs == .double, !left.isIntegerLiteral { return leftExpr }
    if lhs == .double, rhs == .int, !right.isIntegerLiteral { return rightExpr }
    return nil
  }

  private func ternary(_ yes: Typed, _ no: Typed, _ expr: Expr) throws(Diagnostic) -> SwiftType {
    let a = resolved(yes.type)
    let b = resolved(no.type)
    if a == .never { return b }
    if b == .never { return a }
    if let joined = join([yes, no]) { return joined }
    throw TypeError.ternary(a, b, at: expr.range)
  }

  private func member(_ name: String, of base: SwiftType, _ expr: Expr) throws(Diagnostic) -> SwiftType {
    switch (name, base) {
    case (_, .placeholder), (_, .variable), (_, .never): return .placeholder
    case ("count", .string), ("count", .array): return .int
    case ("isEmpty", .string), ("isEmpty", .array): return .bool
    case ("first", .array(let element)), ("last", .array(let element)): return .optional(element)
    // Swift's String is a Collection of Character.
    case ("first", .string), ("last", .string): return .optional(.character)
    case (_, .tuple(let elements)):
      if let index = Int(name), elements.indices.contains(index) { return elements[index] }
    default: break
    }
    throw TypeError.noMember(name, on: base, at: expr.range)
  }

  private func method(_ name: String, of base: SwiftType, _ arguments: [Typed], _ expr: Expr) throws(Diagnostic)
    -> SwiftType
  {
    let types = arguments.map { resolved($0.type) }
    switch (name, base, types) {
    case (_, .placeholder, _), (_, .variable, _), (_, .never, _):
      return ["hasPrefix", "hasSuffix", "contains"].contains(name) ? .bool : .placeholder
    case ("uppercased", .string, []), ("lowercased", .string, []): return .string
    case ("hasPrefix", .string, [.string]), ("hasSuffix", .string, [.string]), ("contains", .string, [.string]):
      return .bool
    case ("contains", .array(let element), let types) where types.count == 1 && unify(element, types[0]):
      return .bool
    default:
      throw TypeError.noMember(name, on: base, arguments: types, at: expr.range)
    }
  }

  private func function(_ name: String, _ arguments: [Typed], _ expr: Expr) throws(Diagnostic) -> SwiftType {
    let types = arguments.map { resolved($0.type) }
    if types.contains(.placeholder)
      || types.contains(where: { if case .variable = $0 { return true } else { return false } })
    {
      return ["String"].contains(name) ? .string : .placeholder
    }
    switch (name, types) {
    case ("String", let given) where given.count == 1: return .string
    case ("Int", [.int]), ("Int", [.double]): return .int
    case ("Int", [.string]): return .optional(.int)
    case ("Double", [.int]), ("Double", [.double]): return .double
    case ("Double", [.string]): return .optional(.double)
    case ("abs", [.int]), ("abs", [.double]), ("abs", [.duration]): return types[0]
    case ("min", _), ("max", _):
      if types.count >= 2, types.allSatisfy({ $0 == types[0] }), types[0].conformsToComparable { return types[0] }
      // Int values never become Doubles; integer literals do (`max(d, 0)`).
      if types.count >= 2, types.allSatisfy(\.isNumber),
        zip(types, arguments).allSatisfy({ $0 == .double || $1.isIntegerLiteral })
      {
        return .double
      }
    case (_, _) where !["String", "Int", "Double", "abs", "min", "max"].contains(name):
      return .placeholder
    default:
      break
    }
    throw TypeError.call(name, types, at: expr.range)
  }
}
