import StreamCore
import StreamLang
import SwiftImport

/// A closure of one expression (`{ $0 * 2 }`, `{ n in n % 3 == 0 }`)
/// compiled once, when it is made, into host closures: what an operator calls
/// for every value then walks no tree, makes no scope and looks up no name.
///
/// Only what compiles to exactly what the tree-walker does is compiled:
/// literals, parameters, captured variables, operators, `?:`, tuples, arrays
/// and member reads. Anything else (a call, `?.`, interpolation, a weak
/// capture) leaves the closure to the tree-walker, so the two never differ.
enum ClosureCompiler {
  typealias Node = ([Value]) throws -> Value
  /// The same closure taking its one value directly: what `map` and `filter` call, without an array per value.
  typealias UnaryNode = (Value) throws -> Value
  /// The same closure taking two values directly: what `scan` and `reduce` call, without an array per value.
  typealias BinaryNode = (Value, Value) throws -> Value

  static func compile(_ closure: SwiftClosure, captured: Scope, machine: Machine) -> Node? {
    // `{ _ in }`: the tree-walker binds the parameters and runs nothing.
    if closure.body.isEmpty, closure.captures.isEmpty { return { _ in .void } }
    guard closure.body.count == 1, closure.captures.isEmpty else { return nil }
    guard let expression = onlyExpression(of: closure) else { return nil }
    let spreadsTuple = closure.parameters.count > 1 || machine.usesSecondParameter(closure)
    guard
      let body: Node = node(
        expression, parameters: closure.parameters, captured: captured, machine: machine,
        parameter: { arguments, index in arguments.indices.contains(index) ? arguments[index] : nil })
    else {
      return nil
    }
    return { arguments in
      // `{ $0 + $1 }` and `{ a, b in }` given one pair read its elements, as in the tree-walker.
      if spreadsTuple, arguments.count == 1, case .tuple(let items) = arguments[0], items.count > 1 {
        return try body(items)
      }
      return try body(arguments)
    }
  }

  /// A binary operator, with the two-Ints case (the common one in a `map`)
  /// worked out here and every other left to `Machine.binary`, which also
  /// words the traps: the fast paths give the same values and trap where it traps.
  static func operation(_ op: String, machine: Machine, at range: SourceRange) -> (Value, Value) throws -> Value {
    func ints(_ fast: @escaping (Int, Int) -> Value?) -> (Value, Value) throws -> Value {
      return { left, right in
        if case .int(let a) = left, case .int(let b) = right, let result = fast(a, b) { return result }
        return try machine.binary(op, left, right, at: range)
      }
    }
    switch op {
    case "+":
      return ints { a, b in
        let r = a.addingReportingOverflow(b)
        return r.overflow ? nil : .int(r.partialValue)
      }
    case "-":
      return ints { a, b in
        let r = a.subtractingReportingOverflow(b)
        return r.overflow ? nil : .int(r.partialValue)
      }
    case "*":
      return ints { a, b in
        let r = a.multipliedReportingOverflow(by: b)
        return r.overflow ? nil : .int(r.partialValue)
      }
    case "%":
      return ints { a, b in
        guard b != 0 else { return nil }
        let r = a.remainderReportingOverflow(dividingBy: b)
        return r.overflow ? nil : .int(r.partialValue)
      }
    case "/":
      return ints { a, b in
        guard b != 0 else { return nil }
        let r = a.dividedReportingOverflow(by: b)
        return r.overflow ? nil : .int(r.partialValue)
      }
    case "==": return ints { a, b in .bool(a == b) }
    case "!=": return ints { a, b in .bool(a != b) }
    case "<": return ints { a, b in .bool(a < b) }
    case ">": return ints { a, b in .bool(a > b) }
    case "<=": return ints { a, b in .bool(a <= b) }
    case ">=": return ints { a, b in .bool(a >= b) }
    default: return { left, right in try machine.binary(op, left, right, at: range) }
    }
  }

  /// The closure as a `UnaryNode`, when it reads no more than its first parameter.
  static func compileUnary(_ closure: SwiftClosure, captured: Scope, machine: Machine) -> UnaryNode? {
    guard closure.captures.isEmpty, closure.parameters.count <= 1, !machine.usesSecondParameter(closure) else {
      return nil
    }
    if closure.body.isEmpty { return { _ in .void } }
    guard closure.body.count == 1 else { return nil }
    guard let expression = onlyExpression(of: closure) else { return nil }
    return node(
      expression, parameters: closure.parameters, captured: captured, machine: machine,
      parameter: { value, index in index == 0 ? value : nil })
  }

  /// The closure as a `BinaryNode`, called with exactly two values (so no
  /// tuple is spread): `scan(0) { $0 + $1 }`, `reduce(0) { sum, x in sum + x }`.
  static func compileBinary(_ closure: SwiftClosure, captured: Scope, machine: Machine) -> BinaryNode? {
    guard closure.body.count == 1, closure.captures.isEmpty, closure.parameters.count <= 2 else { return nil }
    guard let expression = onlyExpression(of: closure) else { return nil }
    guard
      let body = node(
        expression, parameters: closure.parameters, captured: captured, machine: machine,
        parameter: { (pair: (Value, Value), index: Int) -> Value? in
          index == 0 ? pair.0 : index == 1 ? pair.1 : nil
        })
    else { return nil }
    return { first, second in try body((first, second)) }
  }

  /// The one expression a closure's body is (`{ $0 * 2 }`, `{ return x }`); nil otherwise.
  private static func onlyExpression(of closure: SwiftClosure) -> SwiftExpr? {
    guard closure.body.count == 1 else { return nil }
    switch closure.body[0].kind {
    case .expression(let value), .returnValue(let value?): return value
    default: return nil
    }
  }

  /// `parameter(arguments, i)` reads parameter `i` (nil when the call has none).
  private static func node<Arguments>(
    _ expression: SwiftExpr, parameters: [String], captured: Scope, machine: Machine,
    parameter: @escaping (Arguments, Int) -> Value?
  ) -> ((Arguments) throws -> Value)? {
    typealias Node = (Arguments) throws -> Value
    let range = expression.range
    func sub(_ inner: SwiftExpr) -> Node? {
      node(inner, parameters: parameters, captured: captured, machine: machine, parameter: parameter)
    }
    switch expression.kind {
    case .integer(let digits):
      guard let number = Int(digits) else { return nil }
      let value = Value.int(number)
      return { _ in value }
    case .float(let digits):
      guard let number = Double(digits) else { return nil }
      let value = Value.double(number)
      return { _ in value }
    case .bool(let flag):
      let value = Value.bool(flag)
      return { _ in value }
    case .string(let parts) where parts.allSatisfy({ if case .text = $0 { true } else { false } }):
      let value = Value.string(parts.map { if case .text(let text) = $0 { text } else { "" } }.joined())
      return { _ in value }
    case .dollar(let index) where parameters.isEmpty:
      return { arguments in
        guard let value = parameter(arguments, index) else {
          throw SwiftRunError.trap("the closure has no `$\(index)`", range)
        }
        return value
      }
    case .identifier(let name):
      if let index = parameters.firstIndex(of: name), name != "_" {
        return { arguments in parameter(arguments, index) ?? .void }
      }
      // A captured variable is read at each call: the closure sees its changes.
      guard let variable = captured.variable(name), variable.value.opaque(as: WeakReference.self) == nil else {
        return nil
      }
      return { _ in variable.value }
    case .binary("&&", let left, let right):
      guard let left = sub(left), let right = sub(right) else { return nil }
      return { arguments in
        guard try machine.truth(try left(arguments), at: range) else { return .bool(false) }
        return .bool(try machine.truth(try right(arguments), at: range))
      }
    case .binary("||", let left, let right):
      guard let left = sub(left), let right = sub(right) else { return nil }
      return { arguments in
        if try machine.truth(try left(arguments), at: range) { return .bool(true) }
        return .bool(try machine.truth(try right(arguments), at: range))
      }
    case .binary("??", _, _):
      return nil
    case .binary(let op, let left, let right):
      guard let left = sub(left), let right = sub(right) else { return nil }
      let operation = operation(op, machine: machine, at: range)
      return { arguments in try operation(try left(arguments), try right(arguments)) }
    case .prefix(let op, let operand) where op == "-" || op == "!" || op == "+":
      guard let operand = sub(operand) else { return nil }
      return { arguments in try machine.prefix(op, try operand(arguments), at: range) }
    case .ternary(let condition, let whenTrue, let whenFalse):
      guard let condition = sub(condition), let whenTrue = sub(whenTrue), let whenFalse = sub(whenFalse) else {
        return nil
      }
      return { arguments in
        try machine.truth(try condition(arguments), at: range) ? try whenTrue(arguments) : try whenFalse(arguments)
      }
    case .tuple(let elements) where elements.allSatisfy({ $0.label == nil }):
      let items = elements.compactMap { sub($0.value) }
      guard items.count == elements.count else { return nil }
      if items.count == 1 { return items[0] }
      return { arguments in .tuple(try items.map { try $0(arguments).copiedIfValue }) }
    case .array(let elements):
      let items = elements.compactMap(sub)
      guard items.count == elements.count else { return nil }
      return { arguments in .arrayLiteral(try items.map { try $0(arguments).copiedIfValue }) }
    case .member(let base?, let name) where !Machine.hasOptionalChain(base):
      guard let base = sub(base) else { return nil }
      return { arguments in
        try machine.member(name, of: try base(arguments), at: range, baseRange: range, in: captured)
      }
    default:
      return nil
    }
  }
}
