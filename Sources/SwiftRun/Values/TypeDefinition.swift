import StreamCore
import StreamLang
import SwiftImport

/// A class, struct or enum the paste declared, with what its extensions add.
final class TypeDefinition {
  let name: String
  let kind: SwiftTypeKind
  let declaredAt: SourceRange
  /// Stored properties in declaration order, with their initial values.
  var storedProperties: [SwiftVariable] = []
  var computedProperties: [String: SwiftVariable] = [:]
  var staticProperties: [String: Variable] = [:]
  /// Static properties not read yet: initialized on first use, as Swift does.
  var lazyStatics: [String: SwiftVariable] = [:]
  var methods: [String: [SwiftFunction]] = [:]
  var staticMethods: [String: [SwiftFunction]] = [:]
  var initializers: [SwiftFunction] = []
  var deinitializer: SwiftFunction?
  /// An enum's cases by name.
  var cases: [String: SwiftEnumCase] = [:]
  var rawType: WrittenType?
  /// Declared `: ObservableObject`: its instances have `objectWillChange`.
  var isObservableObject = false
  /// The protocols the declaration and its extensions name (`Equatable`, …).
  var conformances: Set<String> = []
  /// Declared `: XCTestCase` (issue 32): its `test…` methods are run as tests.
  var isTestCase = false
  /// The type's own `description` (CustomStringConvertible), run by the
  /// machine; nil when the type has none and Swift's default is printed.
  var customDescription: ((Value) -> String)?

  init(name: String, kind: SwiftTypeKind, declaredAt: SourceRange) {
    self.name = name
    self.kind = kind
    self.declaredAt = declaredAt
  }

  var storedPropertyOrder: [String] { storedProperties.compactMap(\.name) }
}

extension SwiftVariable {
  /// The one name a plain `let`/`var` binds; nil for a tuple pattern.
  var name: String? {
    if case .binding(let name, _) = pattern { return name }
    return nil
  }
}

/// A function value: a closure the paste wrote (with what it captured), a
/// function or method the paste declared, or one of streamlab's builtins.
final class FunctionValue: OpaqueValue {
  enum Body {
    case closure(SwiftClosure, captured: Scope)
    case function(SwiftFunction, captured: Scope)
    case builtin(name: String, ([Argument]) throws -> Value)
  }

  let body: Body
  /// The closure compiled (`ClosureCompiler`), when it is one expression it can compile.
  var compiled: ClosureCompiler.Node?
  /// The same, taking its one value directly (`map`, `filter`).
  var compiledUnary: ClosureCompiler.UnaryNode?
  /// The same, taking two values directly (`scan`, `reduce`).
  var compiledBinary: ClosureCompiler.BinaryNode?

  init(_ body: Body) {
    self.body = body
  }

  override var typeName: String { "Function" }
  override var description: String { "(Function)" }
}

/// A type named as a value: `User` in `User(name:)`, `State.idle`, `Publishers.Merge`.
final class TypeValue: OpaqueValue {
  enum Target {
    case declared(TypeDefinition)
    /// A type streamlab knows: `PassthroughSubject`, `Just`, `DispatchQueue`…,
    /// with the generic arguments written (`<Int, Never>`).
    case builtin(String, [WrittenType])
  }

  let target: Target

  init(_ target: Target) {
    self.target = target
  }

  var name: String {
    switch target {
    case .declared(let definition): return definition.name
    case .builtin(let name, _): return name
    }
  }

  override var typeName: String { "\(name).Type" }
  override var description: String { name }
}

/// One argument at a call: its label and value.
struct Argument {
  var label: String?
  var value: Value
  var range: SourceRange
  /// A trailing closure: it fills the next closure parameter whatever its label.
  var isTrailing = false
  /// The argument as written, for the typer (`Just(user)`, `scan(0, +)`); nil when the run made it.
  var written: SwiftExpr? = nil
}
