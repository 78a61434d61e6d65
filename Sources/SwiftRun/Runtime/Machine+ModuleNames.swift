import StreamCore

extension Machine {
  /// Swift prints a value of a type the paste declares with its module's
  /// name in front wherever it prints it inside another value (an array's
  /// element, an `Optional`, `failure(…)`, a struct's property), and a class
  /// instance everywhere, unless the type has its own `description`:
  /// `failure(MyApp.NetworkError.unavailable(attempt: 1))`. The module is
  /// the app's, or `main` for a script; streamlab cannot know it, prints the
  /// value without it, and says so once (issue 29's cuts found the
  /// difference with no word said).
  func noteModuleNames(in value: Value) {
    guard !notedModuleName, let name = moduleQualifiedType(in: value, nested: false) else { return }
    notedModuleName = true
    notes.append(
      "Swift prints `\(name)` here with its module's name in front (`MyApp.\(name)`, or `main.\(name)` in a "
        + "script), as it does for a type you declare inside another value or for a class instance: streamlab "
        + "cannot know the module and leaves it out")
  }

  /// The first type of the paste's own that Swift prints module-qualified in
  /// `value`; `nested` when `value` is itself inside another value.
  func moduleQualifiedType(in value: Value, nested: Bool) -> String? {
    func first(_ values: [Value]) -> String? {
      values.lazy.compactMap { self.moduleQualifiedType(in: $0, nested: true) }.first
    }
    switch value {
    case .array(let items), .tuple(let items): return first(items)
    case .opaque(let opaque):
      switch opaque {
      case let optional as OptionalValue: return moduleQualifiedType(in: optional.wrapped, nested: true)
      case let tuple as LabelledTuple: return first(tuple.items)
      case let dictionary as DictionaryValue: return first(dictionary.entries.flatMap { [$0.key, $0.value] })
      case let enumValue as EnumValue:
        // Combine's and Swift's own enums (`Subscribers.Completion`) have no definition.
        if let definition = enumValue.definition ?? types[enumValue.typeName] {
          if definition.customDescription != nil { return nil }
          if nested { return definition.name }
        }
        return first(enumValue.associated)
      case let instance as Instance:
        if instance.type.customDescription != nil { return nil }
        if nested || !instance.isStruct { return instance.type.name }
        return first(instance.type.storedPropertyOrder.compactMap { instance.fields[$0]?.value })
      default: return nil
      }
    default: return nil
    }
  }
}
