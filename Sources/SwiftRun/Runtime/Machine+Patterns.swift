import StreamCore
import StreamLang
import SwiftImport

extension Machine {
  /// Whether `value` matches `pattern`; names the pattern binds go into `scope`.
  /// `range`, the case's, is where a pattern that names a missing enum case is refused.
  func match(
    _ pattern: SwiftPattern, _ value: Value, binding scope: Scope, constant: Bool = true, at range: SourceRange? = nil
  ) throws -> Bool {
    switch pattern {
    case .wildcard:
      return true
    case .binding(let name, let isVariable):
      scope.declare(name, Variable(value.copiedIfValue, isConstant: constant && !isVariable))
      return true
    case .expression(let expression):
      // `case .idle:` names an enum case: compare by case, as `~=` does.
      if case .member(nil, let name) = expression.kind, let enumValue = value.unwrapped.opaque(as: EnumValue.self) {
        try requireCase(name, of: enumValue, at: expression.range)
        return enumValue.caseName == name
      }
      let pattern = try evaluate(expression, in: scope)
      let value = pattern == .null ? value : value.unwrapped
      if let range = pattern.opaque(as: RangeValue.self), case .int(let number) = value {
        return range.contains(number)
      }
      return pattern == value
    case .enumCase(_, let name, let arguments):
      if name == "some" {
        if case .null = value { return false }
        return try arguments.first.map {
          try match($0.pattern, value.unwrapped, binding: scope, constant: constant, at: range)
        }
          ?? true
      }
      if name == "none" {
        if case .null = value { return true }
        return false
      }
      guard let enumValue = value.unwrapped.opaque(as: EnumValue.self) else { return false }
      if let range { try requireCase(name, of: enumValue, at: range) }
      guard enumValue.caseName == name else { return false }
      if arguments.isEmpty { return true }
      if arguments.count == 1, enumValue.associated.count > 1 {
        return try match(
          arguments[0].pattern, .tuple(enumValue.associated), binding: scope, constant: constant, at: range)
      }
      guard arguments.count == enumValue.associated.count else { return false }
      for (argument, associated) in zip(arguments, enumValue.associated) {
        guard try match(argument.pattern, associated, binding: scope, constant: constant, at: range) else {
          return false
        }
      }
      return true
    case .tuple(let elements):
      let items: [Value]
      if case .tuple(let plain) = value {
        items = plain
      } else if let labelled = value.opaque(as: LabelledTuple.self) {
        items = labelled.items
      } else {
        return false
      }
      guard items.count == elements.count else { return false }
      for (element, item) in zip(elements, items) {
        guard try match(element.pattern, item, binding: scope, constant: constant, at: range) else { return false }
      }
      return true
    case .optional(let inner):
      if case .null = value { return false }
      return try match(inner, value.unwrapped, binding: scope, constant: constant, at: range)
    case .typeCheck(let inner, let type):
      guard conforms(value, to: type) else { return false }
      return try inner.map { try match($0, value, binding: scope, constant: constant, at: range) } ?? true
    }
  }

  /// `requireCase(_:of:at:)` for the enum of the value matched.
  private func requireCase(_ name: String, of value: EnumValue, at range: SourceRange) throws {
    guard let definition = value.definition ?? types[value.typeName], definition.kind == .enum else { return }
    try requireCase(name, of: definition, at: range)
  }

  /// `value is T`, for the types a paste checks against.
  func conforms(_ value: Value, to type: WrittenType) -> Bool {
    guard case .named(let name, _) = type else { return false }
    switch (name, value) {
    case ("Int", .int), ("Double", .double), ("String", .string), ("Bool", .bool): return true
    case ("Error", .opaque(let opaque)), ("Swift.Error", .opaque(let opaque)):
      return opaque is EnumValue || opaque is Instance
    case (_, .opaque(let opaque)): return opaque.typeName == name
    default: return false
    }
  }
}
