import StreamLang
import SwiftImport

/// Finds, before a paste runs, a function or getter that says it returns a
/// value and can reach its end without one: swiftc refuses the program
/// ("missing return in global function expected to return 'Int'"), while a
/// run would return nothing from it, or never call it. Issue 29's cuts: a
/// deleted `return` line ran without a word.
///
/// A body ends in a return when its last statement does: `return`, `throw`,
/// `fatalError(…)`, an `if` with an `else` whose branches both do, a
/// `switch` whose cases all do, a `do` whose body and `catch`es all do, or a
/// `while true` with no `break`. A body of one expression is left alone,
/// because Swift returns it without `return` (`SingleExpressionBody`).
enum MissingReturns {
  static func first(in statements: [SwiftStatement]) -> Diagnostic? {
    for statement in statements {
      if let found = first(in: statement, member: false) { return found }
    }
    return typedClosures(in: statements).lazy.compactMap { closure in
      check(closure.body, returning: closure.resultType, at: closure.range, what: "closure")
    }.first
  }

  /// Every closure written with its result type (`{ text -> Int in … }`),
  /// wherever it is in the paste, in the paste's order.
  static func typedClosures(in statements: [SwiftStatement]) -> [SwiftClosure] {
    var found: [SwiftClosure] = []
    func visit(_ expression: SwiftExpr) {
      if case .closure(let closure) = expression.kind {
        if closure.resultType != nil { found.append(closure) }
        visit(closure.body)
      }
      expression.children.forEach(visit)
    }
    func visit(_ statements: [SwiftStatement]) {
      for statement in statements {
        let parts = statement.parts
        parts.expressions.forEach(visit)
        parts.bodies.forEach(visit)
      }
    }
    visit(statements)
    return found
  }

  private static func first(in statement: SwiftStatement, member: Bool) -> Diagnostic? {
    switch statement.kind {
    case .function(let function):
      let what =
        !member ? "global function" : function.modifiers.contains("static") ? "static method" : "instance method"
      if let found = check(function.body, returning: function.returnType, at: function.range, what: what) {
        return found
      }
      return first(inBody: function.body)
    case .type(let declaration) where declaration.kind != .protocol:  // a requirement has no body
      for member in declaration.members {
        if let found = first(in: member, member: true) { return found }
      }
    case .variable(let variable):
      if case .computed(let getter, _, _)? = variable.accessors,
        let found = check(getter, returning: variable.type, at: variable.range, what: "getter")
      {
        return found
      }
    default:
      break
    }
    return nil
  }

  /// Functions declared inside a body.
  private static func first(inBody body: [SwiftStatement]) -> Diagnostic? {
    for statement in body {
      if case .function = statement.kind, let found = first(in: statement, member: false) { return found }
    }
    return nil
  }

  private static func check(
    _ body: [SwiftStatement], returning type: WrittenType?, at range: SourceRange, what: String
  ) -> Diagnostic? {
    guard let type, !isVoid(type), !SingleExpressionBody.returnsItsValue(body), !endsInReturn(body) else { return nil }
    // swiftc points at the closing brace.
    let brace = SourceRange(start: max(range.end - 1, range.start), end: range.end)
    return Diagnostic(
      "missing return in \(what) expected to return '\(type)'", at: brace,
      expected: "a `return` with a value of type `\(type)` on every way out of the body")
  }

  private static func isVoid(_ type: WrittenType) -> Bool {
    switch type {
    case .named("Void", []), .named("Never", []), .tuple([]): return true
    default: return false
    }
  }

  static func endsInReturn(_ body: [SwiftStatement]) -> Bool {
    guard let last = body.last else { return false }
    switch last.kind {
    case .returnValue, .throwStatement:
      return true
    case .expression(let expression):
      guard case .call(let callee, _) = expression.kind, case .identifier(let name) = callee.kind else { return false }
      return name == "fatalError" || name == "preconditionFailure"
    case .ifStatement(_, let then, let otherwise):
      guard let otherwise else { return false }
      return endsInReturn(then) && endsInReturn(otherwise)
    case .switchStatement(_, let cases):
      return !cases.isEmpty && cases.allSatisfy { endsInReturn($0.body) }
    case .doCatch(let body, let catches):
      return endsInReturn(body) && catches.allSatisfy { endsInReturn($0.body) }
    case .whileLoop(let conditions, let body):
      guard conditions.count == 1, case .expression(let condition) = conditions[0], condition.kind == .bool(true)
      else { return false }
      return !breaks(body)
    case .repeatWhile(let body, let condition):
      return condition.kind == .bool(true) && !breaks(body)
    default:
      return false
    }
  }

  /// True when a `break` may leave this loop (not one of an inner loop or `switch`).
  private static func breaks(_ body: [SwiftStatement]) -> Bool {
    body.contains { statement in
      switch statement.kind {
      case .breakStatement: return true
      case .ifStatement(_, let then, let otherwise): return breaks(then) || breaks(otherwise ?? [])
      case .guardStatement(_, let otherwise): return breaks(otherwise)
      case .doCatch(let body, let catches): return breaks(body) || catches.contains { breaks($0.body) }
      default: return false
      }
    }
  }
}
