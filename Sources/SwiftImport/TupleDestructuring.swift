/// Swift lets a closure of one tuple parameter name the tuple's elements
/// `$0`, `$1`, …: `Publishers.CombineLatest(a, b).map { $0 + $1 }` adds the
/// pair's two values. The short form names them `$0.0`, `$0.1`, so such a
/// closure is lowered with each `$n` read as the element `n`.
enum TupleDestructuring {
  /// Operators whose closure takes more than one parameter, where `$1` is
  /// the second parameter, not an element of a tuple.
  static let severalParameters: Set<String> = [
    "scan", "tryScan", "reduce", "tryReduce", "removeDuplicates", "combineLatest", "zip", "exactZip",
  ]

  /// True when `closure`, passed to `method`, names tuple elements: it has
  /// no named parameters and uses `$1` or a higher one.
  static func destructures(_ closure: SwiftClosure, passedTo method: String) -> Bool {
    closure.parameters.isEmpty && !severalParameters.contains(method)
      && closure.body.contains { highestDollar(in: $0) >= 1 }
  }

  private static func highestDollar(in statement: SwiftStatement) -> Int {
    switch statement.kind {
    case .declaration(_, _, _, _, let value?, _), .expression(let value), .returnValue(let value?):
      return highestDollar(in: value)
    case .assignment(let target, let value):
      return max(highestDollar(in: target), highestDollar(in: value))
    default:
      return -1
    }
  }

  /// The highest `$n` in `value`, not counting nested closures, whose `$n` are their own.
  private static func highestDollar(in value: SwiftExpr) -> Int {
    switch value.kind {
    case .dollar(let number):
      return number
    case .member(let base?, _), .postfix(_, let base), .prefix(_, let base), .tried(let base), .inoutArgument(let base),
      .specialized(let base, _), .cast(let base, _, _):
      return highestDollar(in: base)
    case .call(let callee, let arguments), .subscripted(let callee, let arguments):
      return arguments.reduce(highestDollar(in: callee)) { max($0, highestDollar(in: $1.value)) }
    case .binary(_, let left, let right):
      return max(highestDollar(in: left), highestDollar(in: right))
    case .ternary(let a, let b, let c):
      return max(highestDollar(in: a), highestDollar(in: b), highestDollar(in: c))
    case .array(let elements):
      return elements.map(highestDollar(in:)).max() ?? -1
    case .tuple(let elements):
      return elements.map { highestDollar(in: $0.value) }.max() ?? -1
    case .string(let parts):
      return parts.map { part in
        if case .interpolation(let inner) = part { return highestDollar(in: inner) }
        return -1
      }.max() ?? -1
    default:
      return -1
    }
  }
}
