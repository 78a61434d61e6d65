/// Finds the functions of a paste that other code calls (`search(query)` in
/// a `flatMap`): those are inlined where they are called. A function nothing
/// calls is a program of its own (a test, the exporter's function, an `init`).
enum HelperFunctions {
  static func called(in statements: [SwiftStatement]) -> [String: SwiftFunction] {
    var functions: [String: SwiftFunction] = [:]
    var calledNames: Set<String> = []
    collect(statements, functions: &functions, called: &calledNames)
    return functions.filter { calledNames.contains($0.key) }
  }

  private static func collect(
    _ statements: [SwiftStatement], functions: inout [String: SwiftFunction], called: inout Set<String>
  ) {
    for statement in statements {
      switch statement.kind {
      case .function(let function):
        functions[function.name] = function
        collect(function.body, functions: &functions, called: &called)
      case .typeDeclaration(_, let members):
        collect(members, functions: &functions, called: &called)
      case .declaration(_, _, _, _, let value?, _), .expression(let value), .returnValue(let value?):
        collect(value, called: &called)
      case .assignment(let target, let value):
        collect(target, called: &called)
        collect(value, called: &called)
      default:
        break
      }
    }
  }

  private static func collect(_ value: SwiftExpr, called: inout Set<String>) {
    var ignoredFunctions: [String: SwiftFunction] = [:]
    switch value.kind {
    case .call(let callee, let arguments):
      if case .identifier(let name) = callee.kind { called.insert(name) }
      // A view model's method called on itself: `self.search(q)`.
      if case .member(let base?, let name) = callee.kind, case .identifier("self") = base.kind { called.insert(name) }
      if case .member(let base?, _) = callee.kind { collect(base, called: &called) }
      for argument in arguments { collect(argument.value, called: &called) }
    case .closure(let closure):
      collect(closure.body, functions: &ignoredFunctions, called: &called)
    case .member(let base?, _), .postfix(_, let base), .prefix(_, let base), .tried(let base), .inoutArgument(let base),
      .specialized(let base, _), .cast(let base, _, _):
      collect(base, called: &called)
    case .subscripted(let base, let arguments):
      collect(base, called: &called)
      for argument in arguments { collect(argument.value, called: &called) }
    case .binary(_, let left, let right):
      collect(left, called: &called)
      collect(right, called: &called)
    case .ternary(let a, let b, let c):
      for part in [a, b, c] { collect(part, called: &called) }
    case .array(let elements):
      for element in elements { collect(element, called: &called) }
    case .tuple(let elements):
      for element in elements { collect(element.value, called: &called) }
    case .string(let parts):
      for case .interpolation(let inner) in parts { collect(inner, called: &called) }
    default:
      break
    }
  }
}
