import StreamCore
import StreamLang

// Expressions: DSL expressions to typed Swift, with the DSL's own rules
// (Int with Int stays Int, Int with Double becomes Double, `+` joins strings
// and arrays) spelled the way Swift needs them.
extension ProgramTranslator {
  func expression(_ expr: Expr, in scope: ExportScope) throws -> SwiftExpression {
    switch expr.kind {
    case .int(let number):
      return SwiftExpression(code: String(number), type: .int, isIntegerLiteral: true)
    case .double(let number):
      guard number.isFinite else { throw ExportLimitation("\(number) has no Swift literal") }
      return SwiftExpression(code: String(number), type: .double)
    case .string(let text):
      return SwiftExpression(code: SwiftExpression.stringLiteral(text), type: .string)
    case .bool(let flag):
      return SwiftExpression(code: String(flag), type: .bool)
    case .null:
      throw ExportLimitation("`nil` has no type of its own in Swift here")
    case .time(let interval):
      return SwiftExpression.stride(interval)
    case .array(let items):
      let elements = try items.map { try expression($0, in: scope) }
      guard let first = elements.first else { throw ExportLimitation("an empty array literal has no element type") }
      guard elements.allSatisfy({ $0.type == first.type }) else {
        throw ExportLimitation("the array `\(text(expr.range))` mixes types, which a Swift array cannot")
      }
      return SwiftExpression(code: "[" + elements.map(\.code).joined(separator: ", ") + "]", type: .array(first.type))
    case .tuple(let items):
      let elements = try items.map { try expression($0, in: scope) }
      return SwiftExpression(
        code: "(" + elements.map(\.code).joined(separator: ", ") + ")", type: .tuple(elements.map(\.type)))
    case .identifier(let name):
      return try identifier(name, in: scope)
    case .unary(let symbol, let operand):
      return try unary(symbol, try expression(operand, in: scope))
    case .binary(let symbol, let lhs, let rhs):
      return try binary(symbol, try expression(lhs, in: scope), try expression(rhs, in: scope))
    case .ternary(let condition, let then, let otherwise):
      return try ternary(
        try expression(condition, in: scope), try expression(then, in: scope), try expression(otherwise, in: scope))
    case .member(let base, let name):
      return try member(try expression(base, in: scope), name)
    case .call(let callee, let arguments):
      return try call(callee, arguments, in: scope)
    case .closure:
      throw ExportLimitation("a closure `\(text(expr.range))` can only be an operator's argument")
    case .stream(let pipeline):
      let publisher = try self.pipeline(pipeline, in: scope)
      return SwiftExpression(
        code: publisher.inlineCode, type: .publisher(output: publisher.output, failure: publisher.failure))
    }
  }

  private func identifier(_ name: String, in scope: ExportScope) throws -> SwiftExpression {
    if let entry = scope[name] {
      if let anonymous = entry.anonymous { noteUse(anonymous, from: scope.depth) }
      return SwiftExpression(code: entry.code, type: entry.type)
    }
    if let bound = try boundStream(name) {
      return SwiftExpression(code: bound.code, type: .publisher(output: bound.output, failure: bound.failure))
    }
    throw ExportLimitation("`\(name)` is not a name the export knows")
  }

  private func unary(_ symbol: String, _ operand: SwiftExpression) throws -> SwiftExpression {
    switch (symbol, operand.type) {
    case ("-", .int), ("-", .double):
      return SwiftExpression(
        code: "-" + operand.wrapped(below: SwiftExpression.prefix), type: operand.type,
        precedence: SwiftExpression.prefix, isIntegerLiteral: operand.isIntegerLiteral)
    case ("!", .bool):
      return SwiftExpression(
        code: "!" + operand.wrapped(below: SwiftExpression.prefix), type: .bool, precedence: SwiftExpression.prefix)
    default:
      throw ExportLimitation("`\(symbol)` on \(operand.type.spelling) has no Swift equivalent")
    }
  }

  private func binary(_ symbol: String, _ lhs: SwiftExpression, _ rhs: SwiftExpression) throws -> SwiftExpression {
    switch symbol {
    case "+", "-", "*", "/":
      return try arithmetic(symbol, lhs, rhs)
    case "%":
      if lhs.type == .int, rhs.type == .int {
        try checkDivisor(rhs)
        return infix("%", lhs, rhs, type: .int, precedence: SwiftExpression.multiplicative)
      }
      guard let (a, b) = numbers(lhs, rhs) else { throw mismatch(symbol, lhs, rhs) }
      // Swift spells a Double remainder as a method; the DSL lets `%` say it.
      return SwiftExpression(
        code: "\(a.wrapped(below: SwiftExpression.atom)).truncatingRemainder(dividingBy: \(b.code))", type: .double)
    case "==", "!=":
      if lhs.type == rhs.type, lhs.type.isEquatable {
        return infix(symbol, lhs, rhs, type: .bool, precedence: SwiftExpression.comparison, associative: false)
      }
      guard let (a, b) = numbers(lhs, rhs) else { throw mismatch(symbol, lhs, rhs) }
      return infix(symbol, a, b, type: .bool, precedence: SwiftExpression.comparison, associative: false)
    case "<", ">", "<=", ">=":
      if lhs.type == rhs.type, lhs.type.isComparable || lhs.type == .duration {
        return infix(symbol, lhs, rhs, type: .bool, precedence: SwiftExpression.comparison, associative: false)
      }
      guard let (a, b) = numbers(lhs, rhs) else { throw mismatch(symbol, lhs, rhs) }
      return infix(symbol, a, b, type: .bool, precedence: SwiftExpression.comparison, associative: false)
    case "&&", "||":
      guard lhs.type == .bool, rhs.type == .bool else { throw mismatch(symbol, lhs, rhs) }
      let precedence = symbol == "&&" ? SwiftExpression.conjunction : SwiftExpression.disjunction
      return infix(symbol, lhs, rhs, type: .bool, precedence: precedence)
    case "??":
      // `Int(x) ?? fail("bad")`: `??` takes a throwing autoclosure, and the
      // generic `fail` returns whatever type the left side unwraps to.
      guard case .optional(let wrapped) = lhs.type, wrapped == rhs.type || rhs.type == .never else {
        throw mismatch(symbol, lhs, rhs)
      }
      // `??` groups to the right.
      let code =
        lhs.wrapped(below: SwiftExpression.nilCoalescing + 1) + " ?? "
        + rhs.wrapped(below: SwiftExpression.nilCoalescing)
      return SwiftExpression(code: code, type: wrapped, precedence: SwiftExpression.nilCoalescing)
    default:
      throw ExportLimitation("the operator `\(symbol)` has no Swift equivalent here")
    }
  }

  private func arithmetic(_ symbol: String, _ lhs: SwiftExpression, _ rhs: SwiftExpression) throws -> SwiftExpression {
    let precedence = symbol == "+" || symbol == "-" ? SwiftExpression.additive : SwiftExpression.multiplicative
    switch (lhs.type, rhs.type) {
    case (.int, .int):
      if symbol == "/" { try checkDivisor(rhs) }
      return infix(symbol, lhs, rhs, type: .int, precedence: precedence)
    case (.string, .string) where symbol == "+":
      return infix(symbol, lhs, rhs, type: .string, precedence: precedence)
    case (.array(let a), .array(let b)) where symbol == "+" && a == b:
      return infix(symbol, lhs, rhs, type: lhs.type, precedence: precedence)
    case (.int, .duration) where symbol == "*":
      return try scaled(rhs, by: lhs)
    case (.duration, .int) where symbol == "*":
      return try scaled(lhs, by: rhs)
    default:
      guard let (a, b) = numbers(lhs, rhs) else { throw mismatch(symbol, lhs, rhs) }
      return infix(symbol, a, b, type: .double, precedence: precedence)
    }
  }

  /// An Int division may trap, as streamlab's run stops, in any closure; by
  /// a literal zero Swift refuses to compile it.
  private func checkDivisor(_ divisor: SwiftExpression) throws {
    if divisor.isIntegerLiteral, divisor.code == "0" || divisor.code == "-0" {
      throw ExportLimitation("Swift rejects an Int division by a literal zero at compile time")
    }
  }

  /// `x.count * 100ms` as `.milliseconds(x.count * 100)`: the scheduler's
  /// stride cannot be multiplied by an `Int` directly.
  private func scaled(_ time: SwiftExpression, by factor: SwiftExpression) throws -> SwiftExpression {
    guard let literal = time.strideLiteral else {
      throw ExportLimitation("only a time literal can be multiplied by a number in the export (`x * 100ms`)")
    }
    let count =
      literal.count == 1
      ? factor.code : "\(factor.wrapped(below: SwiftExpression.multiplicative)) * \(literal.count)"
    return SwiftExpression(code: ".\(literal.unit)(\(count))", type: .duration)
  }

  /// Both operands as Doubles when one is an Int and the other a Double, as
  /// the DSL converts them; an Int literal needs no conversion in Swift.
  private func numbers(_ lhs: SwiftExpression, _ rhs: SwiftExpression) -> (SwiftExpression, SwiftExpression)? {
    guard lhs.type.isNumber, rhs.type.isNumber else { return nil }
    return (asDouble(lhs), asDouble(rhs))
  }

  private func asDouble(_ operand: SwiftExpression) -> SwiftExpression {
    guard operand.type == .int else { return operand }
    if operand.isIntegerLiteral {
      return SwiftExpression(code: operand.code, type: .double, precedence: operand.precedence)
    }
    return SwiftExpression(code: "Double(\(operand.code))", type: .double)
  }

  private func infix(
    _ symbol: String, _ lhs: SwiftExpression, _ rhs: SwiftExpression, type: ExportType, precedence: Int,
    associative: Bool = true
  ) -> SwiftExpression {
    let left = lhs.wrapped(below: associative ? precedence : precedence + 1)
    let right = rhs.wrapped(below: precedence + 1)
    return SwiftExpression(code: "\(left) \(symbol) \(right)", type: type, precedence: precedence)
  }

  private func ternary(_ condition: SwiftExpression, _ then: SwiftExpression, _ otherwise: SwiftExpression) throws
    -> SwiftExpression
  {
    guard condition.type == .bool else {
      throw ExportLimitation("the condition of `?:` must be a Bool, not \(condition.type.spelling)")
    }
    let type: ExportType
    if then.type == otherwise.type || otherwise.type == .never {
      type = then.type
    } else if then.type == .never {
      type = otherwise.type
    } else {
      throw ExportLimitation(
        "the two sides of `?:` have different types (\(then.type.spelling), \(otherwise.type.spelling))")
    }
    let code =
      "\(condition.wrapped(below: SwiftExpression.ternary + 1)) ? \(then.wrapped(below: SwiftExpression.ternary + 1)) : \(otherwise.wrapped(below: SwiftExpression.ternary))"
    return SwiftExpression(code: code, type: type, precedence: SwiftExpression.ternary)
  }

  private func member(_ base: SwiftExpression, _ name: String) throws -> SwiftExpression {
    let receiver = base.wrapped(below: SwiftExpression.atom)
    switch (name, base.type) {
    case ("count", .string), ("count", .array):
      return SwiftExpression(code: "\(receiver).count", type: .int)
    case ("isEmpty", .string), ("isEmpty", .array):
      return SwiftExpression(code: "\(receiver).isEmpty", type: .bool)
    case ("first", .array(let element)), ("last", .array(let element)):
      return SwiftExpression(code: "\(receiver).\(name)", type: .optional(element))
    case ("first", .string), ("last", .string):
      // Swift's first is a Character (the type checker says `Character?`); the export
      // keeps the run's values Strings, which `String(reflecting:)` logs alike.
      return SwiftExpression(code: "\(receiver).\(name).map(String.init)", type: .optional(.string))
    case (_, .tuple(let elements)):
      guard let index = Int(name), elements.indices.contains(index) else { break }
      return SwiftExpression(code: "\(receiver).\(name)", type: elements[index])
    default:
      break
    }
    throw ExportLimitation("`.\(name)` on \(base.type.spelling) has no Swift equivalent here")
  }

  private func call(_ callee: Expr, _ arguments: [Expr], in scope: ExportScope) throws -> SwiftExpression {
    let values = try arguments.map { try expression($0, in: scope) }
    switch callee.kind {
    case .member(let base, let name):
      return try method(name, on: try expression(base, in: scope), values)
    case .identifier(let name) where scope[name] == nil:
      return try function(name, values)
    default:
      throw ExportLimitation("`\(text(callee.range))` cannot be called")
    }
  }

  private func method(_ name: String, on base: SwiftExpression, _ arguments: [SwiftExpression]) throws
    -> SwiftExpression
  {
    let receiver = base.wrapped(below: SwiftExpression.atom)
    let list = arguments.map(\.code).joined(separator: ", ")
    switch (name, base.type, arguments.map(\.type)) {
    case ("uppercased", .string, []), ("lowercased", .string, []):
      return SwiftExpression(code: "\(receiver).\(name)()", type: .string)
    case ("hasPrefix", .string, [.string]), ("hasSuffix", .string, [.string]), ("contains", .string, [.string]):
      return SwiftExpression(code: "\(receiver).\(name)(\(list))", type: .bool)
    case ("contains", .array(let element), let types) where types == [element] && element.conformsToEquatable:
      return SwiftExpression(code: "\(receiver).contains(\(list))", type: .bool)
    default:
      throw ExportLimitation("`.\(name)(…)` on \(base.type.spelling) has no Swift equivalent here")
    }
  }

  private func function(_ name: String, _ arguments: [SwiftExpression]) throws -> SwiftExpression {
    let list = arguments.map(\.code).joined(separator: ", ")
    switch (name, arguments.map(\.type)) {
    case ("String", [.string]):
      return arguments[0]
    case ("String", [.int]), ("String", [.double]), ("String", [.bool]):
      return SwiftExpression(code: "String(\(list))", type: .string)
    case ("String", let types) where types.count == 1 && (types[0].isTuple || types[0].isArray):
      return SwiftExpression(code: "String(describing: \(list))", type: .string)
    case ("Int", [.int]), ("Double", [.double]):
      return arguments[0]
    case ("Int", [.string]):
      return SwiftExpression(code: "Int(\(list))", type: .optional(.int))
    case ("Double", [.string]):
      return SwiftExpression(code: "Double(\(list))", type: .optional(.double))
    case ("Double", [.int]):
      return SwiftExpression(code: "Double(\(list))", type: .double)
    case ("abs", [.int]), ("abs", [.double]):
      return SwiftExpression(code: "abs(\(list))", type: arguments[0].type)
    case ("min", _), ("max", _):
      guard arguments.count >= 2, arguments.allSatisfy({ $0.type.isNumber }) else { break }
      if arguments.allSatisfy({ $0.type == .int }) { return SwiftExpression(code: "\(name)(\(list))", type: .int) }
      let doubles = arguments.map { asDouble($0).code }.joined(separator: ", ")
      return SwiftExpression(code: "\(name)(\(doubles))", type: .double)
    case ("fail", [.string]):
      helpers.insert(.fail)
      noteThrow()
      return SwiftExpression(code: "fail(\(list))", type: .never)
    default:
      break
    }
    throw ExportLimitation(
      "`\(name)(…)` with \(arguments.map(\.type.spelling).joined(separator: ", ")) has no Swift equivalent here")
  }

  private func mismatch(_ symbol: String, _ lhs: SwiftExpression, _ rhs: SwiftExpression) -> ExportLimitation {
    ExportLimitation("`\(symbol)` between \(lhs.type.spelling) and \(rhs.type.spelling) has no Swift equivalent here")
  }
}
