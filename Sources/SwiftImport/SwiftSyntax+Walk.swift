// Walking the syntax tree: the expressions directly inside an expression or
// a statement, so questions about a closure's body ("does it use `$1`?",
// "does it read its parameter?") are asked in one place.

extension SwiftExpr {
  /// The expressions directly inside this one; a closure's body is not
  /// entered (its `$0` and names are its own).
  var children: [SwiftExpr] {
    switch kind {
    case .member(let base?, _), .postfix(_, let base), .prefix(_, let base), .tried(let base),
      .inoutArgument(let base), .specialized(let base, _), .cast(let base, _, _), .optionalTry(let base),
      .forcedTry(let base), .awaited(let base):
      return [base]
    case .dictionary(let entries):
      return entries.flatMap { [$0.key, $0.value] }
    case .call(let callee, let arguments), .subscripted(let callee, let arguments):
      return [callee] + arguments.map(\.value)
    case .binary(_, let left, let right):
      return [left, right]
    case .ternary(let a, let b, let c):
      return [a, b, c]
    case .array(let elements):
      return elements
    case .tuple(let elements):
      return elements.map(\.value)
    case .string(let parts):
      return parts.compactMap { part in
        if case .interpolation(let inner) = part { return inner }
        return nil
      }
    default:
      return []
    }
  }

  /// True for a closure literal (`{ $0 * 2 }`).
  var isClosure: Bool {
    if case .closure = kind { return true }
    return false
  }

  /// True when this expression or one inside it (closures not entered) satisfies `test`.
  func contains(where test: (SwiftExpr) -> Bool) -> Bool {
    test(self) || children.contains { $0.contains(where: test) }
  }
}

extension SwiftStatement {
  /// The expressions a statement of a closure's body evaluates.
  var expressions: [SwiftExpr] {
    switch kind {
    case .declaration(_, _, _, _, let value?, _), .expression(let value), .returnValue(let value?):
      return [value]
    case .assignment(let target, let value):
      return [target, value]
    default:
      return []
    }
  }
}

extension SwiftClosure {
  /// True when an expression of the body (nested closures not entered) satisfies `test`.
  func bodyContains(where test: (SwiftExpr) -> Bool) -> Bool {
    body.contains { statement in statement.expressions.contains { $0.contains(where: test) } }
  }
}
