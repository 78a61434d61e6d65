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
      && closure.bodyContains { expression in
        if case .dollar(let number) = expression.kind { return number >= 1 }
        return false
      }
  }
}
