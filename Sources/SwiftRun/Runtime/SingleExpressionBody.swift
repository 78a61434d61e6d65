import SwiftImport

/// A body of one expression, which Swift returns without `return`, and
/// since Swift 5.9 one `if`/`else` or `switch` whose branches are each one
/// expression (SE-0380): `func f(_ x: Int) -> Int { if x > 0 { 1 } else { 2 } }`.
/// Not one `print(…)`, which gives `()`, nor one `guard` (issue 29's cuts).
enum SingleExpressionBody {
  static func returnsItsValue(_ body: [SwiftStatement]) -> Bool {
    guard body.count == 1 else { return false }
    switch body[0].kind {
    case .expression(let expression):
      guard case .call(let callee, _) = expression.kind, case .identifier(let name) = callee.kind else { return true }
      return !["print", "debugPrint"].contains(name)
    case .ifStatement(_, let then, let otherwise):
      // An `if` expression has an `else`.
      guard let otherwise else { return false }
      return returnsItsValue(then) && returnsItsValue(otherwise)
    case .switchStatement(_, let cases):
      return !cases.isEmpty && cases.allSatisfy { returnsItsValue($0.body) }
    default:
      return false
    }
  }

  /// An `if` or `switch` expression as statements that `return` each
  /// branch's value, so running it gives the value (swiftc's build of the
  /// `if` above prints 2 for -1; the body run as statements gave `()`).
  static func returning(_ statement: SwiftStatement) -> SwiftStatement {
    var statement = statement
    switch statement.kind {
    case .expression(let expression):
      statement.kind = .returnValue(expression)
    case .ifStatement(let conditions, let then, let otherwise):
      statement.kind = .ifStatement(
        conditions: conditions, then: then.map(returning), otherwise: otherwise.map { $0.map(returning) })
    case .switchStatement(let subject, let cases):
      statement.kind = .switchStatement(
        subject: subject,
        cases: cases.map { switchCase in
          var switchCase = switchCase
          switchCase.body = switchCase.body.map(returning)
          return switchCase
        })
    default:
      break
    }
    return statement
  }
}
