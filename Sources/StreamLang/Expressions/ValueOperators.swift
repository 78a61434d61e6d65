import StreamCore

/// The infix and prefix operators of the expression language on dynamic values.
///
/// Choices a Swift developer would expect, where Swift's static types cannot
/// decide for us:
/// - Int with Int stays Int: `7 / 2` is 3; overflow and division by zero are
///   errors (Swift would trap), never wrapped.
/// - Int with Double becomes Double: the type checker lets an Int meet a
///   Double only where it is a literal (`d * 2`, `2 * 2.5`), as Swift does.
/// - `+` joins two strings or two arrays; `"a" + 1` is an error, as in Swift
///   (`String(x)` converts).
/// - Times: time ± time, time × number, number × time, time ÷ number, and
///   time ÷ time gives a Double.
/// - `==` compares Ints and Doubles by number (`1 == 1.0`); `<` works on
///   numbers, strings and times.
enum ValueOperators {
  typealias Binary = (Value, Value) throws(EvaluationError) -> Value

  /// The function for an infix operator symbol, or nil if it is not one
  /// (`&&`, `||` and `??` short-circuit and are compiled apart).
  static func binary(_ symbol: String) -> Binary? {
    switch symbol {
    case "+": return add
    case "-": return subtract
    case "*": return multiply
    case "/": return divide
    case "%": return remainder
    case "==": return { lhs, rhs in .bool(equal(lhs, rhs)) }
    case "!=": return { lhs, rhs in .bool(!equal(lhs, rhs)) }
    case "<": return { lhs, rhs throws(EvaluationError) in .bool(try less(lhs, rhs, "<")) }
    case ">": return { lhs, rhs throws(EvaluationError) in .bool(try less(rhs, lhs, ">")) }
    case "<=": return { lhs, rhs throws(EvaluationError) in .bool(try !less(rhs, lhs, "<=")) }
    case ">=": return { lhs, rhs throws(EvaluationError) in .bool(try !less(lhs, rhs, ">=")) }
    default: return nil
    }
  }

  static func add(_ lhs: Value, _ rhs: Value) throws(EvaluationError) -> Value {
    switch (lhs, rhs) {
    case (.int(let a), .int(let b)):
      let (sum, overflow) = a.addingReportingOverflow(b)
      if overflow { throw overflowError(a, "+", b) }
      return .int(sum)
    case (.string(let a), .string(let b)): return .string(a + b)
    case (.array(let a), .array(let b)): return .array(a + b)
    case (.duration(let a), .duration(let b)): return try duration(a.nanoseconds.addingReportingOverflow(b.nanoseconds))
    default:
      if let (a, b) = doubles(lhs, rhs) { return .double(a + b) }
      throw mismatch("+", lhs, rhs)
    }
  }

  static func subtract(_ lhs: Value, _ rhs: Value) throws(EvaluationError) -> Value {
    switch (lhs, rhs) {
    case (.int(let a), .int(let b)):
      let (difference, overflow) = a.subtractingReportingOverflow(b)
      if overflow { throw overflowError(a, "-", b) }
      return .int(difference)
    case (.duration(let a), .duration(let b)):
      return try duration(a.nanoseconds.subtractingReportingOverflow(b.nanoseconds))
    default:
      if let (a, b) = doubles(lhs, rhs) { return .double(a - b) }
      throw mismatch("-", lhs, rhs)
    }
  }

  static func multiply(_ lhs: Value, _ rhs: Value) throws(EvaluationError) -> Value {
    switch (lhs, rhs) {
    case (.int(let a), .int(let b)):
      let (product, overflow) = a.multipliedReportingOverflow(by: b)
      if overflow { throw overflowError(a, "*", b) }
      return .int(product)
    case (.duration(let time), .int(let factor)), (.int(let factor), .duration(let time)):
      return try duration(time.nanoseconds.multipliedReportingOverflow(by: factor))
    case (.duration(let time), .double(let factor)), (.double(let factor), .duration(let time)):
      return try duration(Double(time.nanoseconds) * factor)
    default:
      if let (a, b) = doubles(lhs, rhs) { return .double(a * b) }
      throw mismatch("*", lhs, rhs)
    }
  }

  static func divide(_ lhs: Value, _ rhs: Value) throws(EvaluationError) -> Value {
    switch (lhs, rhs) {
    case (.int(let a), .int(let b)):
      if b == 0 { throw EvaluationError(.divisionByZero, "division by zero: \(a) / 0") }
      let (quotient, overflow) = a.dividedReportingOverflow(by: b)
      if overflow { throw overflowError(a, "/", b) }
      return .int(quotient)
    case (.duration(let time), .int(let divisor)):
      if divisor == 0 { throw EvaluationError(.divisionByZero, "division by zero: \(time) / 0") }
      return try duration(time.nanoseconds.dividedReportingOverflow(by: divisor))
    case (.duration(let time), .double(let divisor)):
      return try duration(Double(time.nanoseconds) / divisor)
    case (.duration(let a), .duration(let b)):
      if b.nanoseconds == 0 { throw EvaluationError(.divisionByZero, "division by zero: \(a) / \(b)") }
      return .double(Double(a.nanoseconds) / Double(b.nanoseconds))
    default:
      if let (a, b) = doubles(lhs, rhs) { return .double(a / b) }
      throw mismatch("/", lhs, rhs)
    }
  }

  static func remainder(_ lhs: Value, _ rhs: Value) throws(EvaluationError) -> Value {
    switch (lhs, rhs) {
    case (.int(let a), .int(let b)):
      if b == 0 { throw EvaluationError(.divisionByZero, "division by zero: \(a) % 0") }
      let (remainder, overflow) = a.remainderReportingOverflow(dividingBy: b)
      if overflow { throw overflowError(a, "%", b) }
      return .int(remainder)
    default:
      // Swift spells this `truncatingRemainder(dividingBy:)`; the DSL lets `%` say it.
      if let (a, b) = doubles(lhs, rhs) { return .double(a.truncatingRemainder(dividingBy: b)) }
      throw mismatch("%", lhs, rhs)
    }
  }

  static func negate(_ operand: Value) throws(EvaluationError) -> Value {
    switch operand {
    case .int(let number):
      let (negated, overflow) = Int(0).subtractingReportingOverflow(number)
      if overflow { throw EvaluationError(.overflow, "integer overflow: -(\(number))") }
      return .int(negated)
    case .double(let number): return .double(-number)
    case .duration(let time): return try duration(Int(0).subtractingReportingOverflow(time.nanoseconds))
    default: throw EvaluationError(.typeMismatch, "cannot negate \(describe(operand))")
    }
  }

  static func not(_ operand: Value) throws(EvaluationError) -> Value {
    guard case .bool(let flag) = operand else {
      throw EvaluationError(.typeMismatch, "`!` needs a Bool, not \(describe(operand))")
    }
    return .bool(!flag)
  }

  /// `==` with Ints and Doubles compared by number.
  static func equal(_ lhs: Value, _ rhs: Value) -> Bool {
    switch (lhs, rhs) {
    case (.int(let a), .double(let b)): return Double(a) == b
    case (.double(let a), .int(let b)): return a == Double(b)
    default: return lhs == rhs
    }
  }

  /// `<` on numbers, strings and times; `symbol` is the operator the student wrote.
  static func less(_ lhs: Value, _ rhs: Value, _ symbol: String = "<") throws(EvaluationError) -> Bool {
    switch (lhs, rhs) {
    case (.int(let a), .int(let b)): return a < b
    case (.string(let a), .string(let b)): return a < b
    case (.duration(let a), .duration(let b)): return a < b
    default:
      if let (a, b) = doubles(lhs, rhs) { return a < b }
      let (left, right) = symbol == ">" || symbol == "<=" ? (rhs, lhs) : (lhs, rhs)
      throw mismatch(symbol, left, right)
    }
  }

  static func describe(_ value: Value) -> String {
    "\(value.typeName) \(value.description.count > 40 ? String(value.description.prefix(40)) + "…" : value.description)"
  }

  private static func doubles(_ lhs: Value, _ rhs: Value) -> (Double, Double)? {
    switch (lhs, rhs) {
    case (.double(let a), .double(let b)): return (a, b)
    case (.int(let a), .double(let b)): return (Double(a), b)
    case (.double(let a), .int(let b)): return (a, Double(b))
    default: return nil
    }
  }

  private static func duration(_ result: (partialValue: Int, overflow: Bool)) throws(EvaluationError) -> Value {
    if result.overflow { throw EvaluationError(.overflow, "the time is too long for the virtual clock") }
    return .duration(.nanoseconds(result.partialValue))
  }

  private static func duration(_ nanoseconds: Double) throws(EvaluationError) -> Value {
    guard nanoseconds.isFinite, abs(nanoseconds) < 9.2e18 else {
      throw EvaluationError(.invalidArgument, "the time is not a finite span of the virtual clock")
    }
    return .duration(.nanoseconds(Int(nanoseconds.rounded())))
  }

  private static func overflowError(_ a: Int, _ symbol: String, _ b: Int) -> EvaluationError {
    EvaluationError(.overflow, "integer overflow: \(a) \(symbol) \(b)")
  }

  private static func mismatch(_ symbol: String, _ lhs: Value, _ rhs: Value) -> EvaluationError {
    var message = "cannot apply `\(symbol)` to \(describe(lhs)) and \(describe(rhs))"
    if symbol == "+", case .string = lhs { message += "; convert with String(…)" }
    if symbol == "+", case .string = rhs { message += "; convert with String(…)" }
    return EvaluationError(.typeMismatch, message)
  }
}
