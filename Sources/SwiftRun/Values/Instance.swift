import OpenCombine
import StreamCore
import SwiftImport

/// An instance of a class or struct the paste declared.
///
/// A class instance is shared by reference (Swift's `===`); a struct is a
/// value, copied whenever it is read into a new place (`copied()`), so a
/// mutation through one name never shows through another.
final class Instance: OpaqueValue {
  let type: TypeDefinition
  /// Stored properties, each a variable so closures and `inout` can reach it.
  var fields: [String: Variable]
  /// `@Published` properties' subjects, by property name (`$query`).
  var published: [String: PublishedProperty] = [:]
  /// An `ObservableObject`'s publisher, sent to before any `@Published` property changes.
  var objectWillChange: SubjectValue?
  /// Runs the type's `deinit` when the paste lets go of the instance's last reference.
  var deinitializer: Deinitializer?
  /// `assign(to: &$property)` subscriptions: they live as long as the
  /// property's storage, so they are cancelled when the instance goes
  /// (Apple's documentation of `assign(to:)`).
  var propertySubscriptions: [AnyCancellable] = []

  init(type: TypeDefinition, fields: [String: Variable] = [:]) {
    self.type = type
    self.fields = fields
  }

  /// A class instance's place in the run's `classInstances`, for its lifetime; -1 for a struct.
  var serial = -1

  deinit {
    deinitializer?.run(type: type, fields: fields, serial: serial, ownsSubscriptions: !propertySubscriptions.isEmpty)
  }

  var isStruct: Bool { type.kind == .struct }

  /// A struct's copy, its nested struct values copied too; a class instance is itself.
  func copied() -> Instance {
    guard isStruct else { return self }
    let copy = Instance(type: type)
    for (name, variable) in fields {
      copy.fields[name] = Variable(variable.value.copiedIfValue, isConstant: variable.isConstant)
    }
    return copy
  }

  override var typeName: String { type.name }

  /// Swift's default description: `User(name: "Ana", age: 3)` for a struct;
  /// a class prints its type's name.
  override var description: String {
    if let custom = type.customDescription { return custom(.opaque(self)) }
    guard isStruct else { return type.name }
    let shown = type.storedPropertyOrder.compactMap { name in
      fields[name].map { "\(name): \(SwiftText.debug($0.value))" }
    }
    return "\(type.name)(\(shown.joined(separator: ", ")))"
  }

  override func isEqual(to other: OpaqueValue) -> Bool {
    guard let other = other as? Instance else { return false }
    guard isStruct, other.isStruct else { return self === other }
    return type === other.type && fields.count == other.fields.count
      && fields.allSatisfy { name, variable in other.fields[name]?.value == variable.value }
  }

  override func hashContents(into hasher: inout Hasher) {
    guard isStruct else { return hasher.combine(ObjectIdentifier(self)) }
    hasher.combine(type.name)
    for name in type.storedPropertyOrder { hasher.combine(fields[name]?.value) }
  }
}

/// A case of an enum the paste declared (or `Optional`/`Result`'s), with its associated values.
final class EnumValue: OpaqueValue {
  /// The paste's enum, for its own `description`; nil for Combine's and Swift's enums.
  weak var definition: TypeDefinition?
  let typeName_: String
  let caseName: String
  let associated: [Value]
  let labels: [String?]
  let rawValue: Value?

  init(typeName: String, caseName: String, associated: [Value] = [], labels: [String?] = [], rawValue: Value? = nil) {
    self.typeName_ = typeName
    self.caseName = caseName
    self.associated = associated
    self.labels = labels.count == associated.count ? labels : associated.map { _ in nil }
    self.rawValue = rawValue
  }

  override var typeName: String { typeName_ }

  /// `loaded(["a"])` and `idle`, as Swift prints an enum case.
  override var description: String {
    if let custom = definition?.customDescription { return custom(.opaque(self)) }
    if associated.isEmpty { return caseName }
    let parts = zip(labels, associated).map { label, value in
      (label.map { "\($0): " } ?? "") + SwiftText.debug(value)
    }
    return "\(caseName)(\(parts.joined(separator: ", ")))"
  }

  override func isEqual(to other: OpaqueValue) -> Bool {
    guard let other = other as? EnumValue else { return false }
    return typeName_ == other.typeName_ && caseName == other.caseName && associated == other.associated
  }

  override func hashContents(into hasher: inout Hasher) {
    hasher.combine(typeName_)
    hasher.combine(caseName)
    hasher.combine(associated)
  }
}

/// A place that holds a value: a `let` or `var`, a stored property, a parameter.
final class Variable {
  var value: Value
  let isConstant: Bool
  /// Declared `T?`: what is stored becomes `Optional`'s (`OptionalValue`).
  var wrapsOptional = false
  /// Runs around a write: `willSet`/`didSet` observers and `@Published` sends.
  var observer: PropertyObserver?
  /// What the declaration wrote (`let n: Int = …`, `let n = 3`), so the
  /// typer can type the name statically where a closure captures it.
  var writtenType: WrittenType?
  var initializer: SwiftExpr?

  init(_ value: Value, isConstant: Bool = false) {
    self.value = value
    self.isConstant = isConstant
  }
}

/// What happens when an observed stored property is written.
struct PropertyObserver {
  var willSet: ((Value) throws -> Void)?
  var didSet: ((Value) throws -> Void)?
}

extension Value {
  /// A struct instance copied, as Swift copies a value type when it is read
  /// into a new place; every other value as it is.
  var copiedIfValue: Value {
    if case .opaque(let opaque) = self, let instance = opaque as? Instance, instance.isStruct {
      return .opaque(instance.copied())
    }
    return self
  }

  /// The interpreter's object behind an opaque value, when it is of type `T`.
  func opaque<T: OpaqueValue>(as type: T.Type) -> T? {
    if case .opaque(let opaque) = self { return opaque as? T }
    return nil
  }
}

/// A class's `deinit`, run by the machine when the instance is released, at
/// that virtual time, as Swift runs it when the last strong reference goes.
final class Deinitializer {
  weak var machine: Machine?

  init(machine: Machine) {
    self.machine = machine
  }

  func run(type: TypeDefinition, fields: [String: Variable], serial: Int, ownsSubscriptions: Bool) {
    machine?.released(serial: serial, fields: fields, ownsSubscriptions: ownsSubscriptions)
    machine?.runDeinit(of: type, fields: fields)
  }
}
