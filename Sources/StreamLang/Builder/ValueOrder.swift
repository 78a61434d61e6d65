import StreamCore

/// The ordering of values for `min`, `max` and comparisons: numbers by value
/// (Int and Double together), strings and booleans by their own order.
enum ValueOrder {
  static func less(_ lhs: Value, _ rhs: Value) throws -> Bool {
    switch (lhs, rhs) {
    case (.int(let a), .int(let b)): return a < b
    case (.double(let a), .double(let b)): return a < b
    case (.int(let a), .double(let b)): return Double(a) < b
    case (.double(let a), .int(let b)): return a < Double(b)
    case (.string(let a), .string(let b)): return a < b
    case (.duration(let a), .duration(let b)): return a < b
    case (.bool(let a), .bool(let b)): return !a && b
    default:
      throw StreamError("cannot compare \(lhs.typeName) \(lhs) with \(rhs.typeName) \(rhs)")
    }
  }
}
