// Walking the syntax tree: the expressions directly inside an expression or
// a statement, so questions about a closure's body ("does it use `$1`?",
// "does it read its parameter?") are asked in one place.

extension SwiftExpr {
  /// The expressions directly inside this one; a closure's body is not
  /// entered (its `$0` and names are its own).
  public var children: [SwiftExpr] {
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

extension SwiftStatement {
  /// What a statement holds, one level down, whatever its kind: the
  /// expressions it evaluates and the bodies of statements it contains
  /// (branches, loops, accessors, a function's or a type's members), for
  /// questions asked of a whole paste ("is there a closure that …?").
  public var parts: (expressions: [SwiftExpr], bodies: [[SwiftStatement]]) {
    func conditions(_ list: [SwiftCondition]) -> [SwiftExpr] {
      list.flatMap { condition -> [SwiftExpr] in
        switch condition {
        case .expression(let expression): return [expression]
        case .optionalBinding(_, _, let value, _): return value.map { [$0] } ?? []
        case .matching(_, let expression): return [expression]
        }
      }
    }
    switch kind {
    case .declaration(_, _, _, _, let value, _): return (value.map { [$0] } ?? [], [])
    case .function(let function): return (function.parameters.compactMap(\.defaultValue), [function.body])
    case .typeDeclaration(_, let members): return ([], [members])
    case .assignment(let target, let value), .compoundAssignment(_, let target, let value):
      return ([target, value], [])
    case .expression(let expression), .throwStatement(let expression): return ([expression], [])
    case .returnValue(let value): return (value.map { [$0] } ?? [], [])
    case .variable(let variable):
      let accessors: [[SwiftStatement]]
      switch variable.accessors {
      case .computed(let getter, let setter, _)?: accessors = [getter] + (setter.map { [$0] } ?? [])
      case .observed(let willSet, _, let didSet, _)?: accessors = [willSet, didSet].compactMap { $0 }
      case nil: accessors = []
      }
      return (variable.value.map { [$0] } ?? [], accessors)
    case .type(let declaration): return ([], [declaration.members])
    case .enumCases(let cases): return (cases.compactMap(\.rawValue), [])
    case .ifStatement(let list, let then, let otherwise):
      return (conditions(list), [then] + (otherwise.map { [$0] } ?? []))
    case .guardStatement(let list, let otherwise): return (conditions(list), [otherwise])
    case .switchStatement(let subject, let cases):
      return ([subject] + cases.compactMap(\.whereClause), cases.map(\.body))
    case .forIn(_, let sequence, let whereClause, let body):
      return ([sequence] + [whereClause].compactMap { $0 }, [body])
    case .whileLoop(let list, let body): return (conditions(list), [body])
    case .repeatWhile(let body, let condition): return ([condition], [body])
    case .doCatch(let body, let catches): return (catches.compactMap(\.whereClause), [body] + catches.map(\.body))
    case .deferStatement(let body): return ([], [body])
    case .importModule, .breakStatement, .continueStatement, .outsideSubset: return ([], [])
    }
  }
}
