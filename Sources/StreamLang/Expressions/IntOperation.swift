import StreamCore

/// An infix operator on two Ints, computed without going through
/// `ValueOperators`' switch over pairs of values (which copies both).
///
/// `map x * 2`, `filter x % 3 == 0` and `scan 0, acc + x` evaluate an
/// operator per element, and a million-value run spent an eighth of its
/// time in the general path. Only plain results are computed here: an
/// overflow or a division by zero gives nil, and the caller runs
/// `ValueOperators`, which reports it, so the errors are worded in one place.
enum IntOperation {
  case add, subtract, multiply, divide, remainder
  case equal, notEqual, less, greater, lessOrEqual, greaterOrEqual

  /// Nil for a symbol that is not an operator on Ints (`&&`, `??`, …).
  init?(_ symbol: String) {
    switch symbol {
    case "+": self = .add
    case "-": self = .subtract
    case "*": self = .multiply
    case "/": self = .divide
    case "%": self = .remainder
    case "==": self = .equal
    case "!=": self = .notEqual
    case "<": self = .less
    case ">": self = .greater
    case "<=": self = .lessOrEqual
    case ">=": self = .greaterOrEqual
    default: return nil
    }
  }

  /// `lhs op rhs` when both are Ints and the result is plain; nil otherwise.
  @inline(__always)
  func apply(_ lhs: Value, _ rhs: Value) -> Value? {
    guard case .int(let a) = lhs, case .int(let b) = rhs else { return nil }
    switch self {
    case .add: return Self.plain(a.addingReportingOverflow(b))
    case .subtract: return Self.plain(a.subtractingReportingOverflow(b))
    case .multiply: return Self.plain(a.multipliedReportingOverflow(by: b))
    case .divide: return b == 0 ? nil : Self.plain(a.dividedReportingOverflow(by: b))
    case .remainder: return b == 0 ? nil : Self.plain(a.remainderReportingOverflow(dividingBy: b))
    case .equal: return .bool(a == b)
    case .notEqual: return .bool(a != b)
    case .less: return .bool(a < b)
    case .greater: return .bool(a > b)
    case .lessOrEqual: return .bool(a <= b)
    case .greaterOrEqual: return .bool(a >= b)
    }
  }

  @inline(__always)
  private static func plain(_ result: (partialValue: Int, overflow: Bool)) -> Value? {
    result.overflow ? nil : .int(result.partialValue)
  }
}
