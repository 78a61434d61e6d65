import StreamCore
import StreamLang
import SwiftImport

/// `var vm: ViewModel!` (issue 32: how XCTest cases hold what `setUp`
/// makes). Its value is kept as a plain value, or nil; Swift reads it as
/// the Optional it is wherever a generic or `Any` takes it (`print`, string
/// interpolation, `XCTAssertEqual`), and unwraps it, trapping on nil,
/// wherever a `T` is needed (a member, an operator).
extension Machine {
  /// True when `expression` reads a variable or a property of `self`
  /// declared `T!`. Only names and `self.name` are looked at: nothing is evaluated.
  func readsImplicitlyUnwrapped(_ expression: SwiftExpr, in scope: Scope) -> Bool {
    let name: String
    switch expression.kind {
    case .identifier(let written):
      if let variable = scope.lookup(written) { return variable.writtenType.map(Self.isImplicitlyUnwrapped) ?? false }
      name = written
    case .member(let base?, let written) where base.kind == .identifier("self"):
      name = written
    default:
      return false
    }
    guard let instance = scope.currentSelf?.opaque(as: Instance.self),
      let type = instance.fields[name]?.writtenType
    else { return false }
    return Self.isImplicitlyUnwrapped(type)
  }

  private static func isImplicitlyUnwrapped(_ type: WrittenType) -> Bool {
    if case .implicitlyUnwrapped = type { return true }
    return false
  }

  /// Swift's trap for a `T!` that is nil where a `T` is needed.
  func requireUnwrapped(_ value: Value, readBy expression: SwiftExpr, in scope: Scope) throws {
    guard case .null = value, readsImplicitlyUnwrapped(expression, in: scope) else { return }
    throw SwiftRunError.trap("Unexpectedly found nil while implicitly unwrapping an Optional value", expression.range)
  }

  /// What a generic or `Any` parameter receives from `expression`: a `T!`
  /// as its Optional (`print(vm)` prints `Optional(…)`), anything else as it is.
  func asGenericArgument(_ value: Value, readBy expression: SwiftExpr, in scope: Scope) -> Value {
    readsImplicitlyUnwrapped(expression, in: scope) ? value.asOptional : value
  }
}
