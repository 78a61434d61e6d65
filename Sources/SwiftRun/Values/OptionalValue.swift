import StreamCore

/// `Optional.some(x)` where Swift's static type is an optional: a value read
/// from a `String?` property, `Int("3")`, `dict[key]`, `try?`, `a?.b`.
///
/// Swift prints it `Optional(3)` and compares it with a plain `3` by
/// promotion; `if let`, `guard let`, `??`, `!`, `?.` and `compactMap` take
/// the value out. `nil` stays `Value.null`.
final class OptionalValue: OpaqueValue {
  let wrapped: Value

  init(_ wrapped: Value) {
    self.wrapped = wrapped
  }

  override var typeName: String { "Optional<\(wrapped.typeName)>" }
  override var description: String { "Optional(\(SwiftText.debug(wrapped)))" }
  override func isEqual(to other: OpaqueValue) -> Bool { (other as? OptionalValue)?.wrapped == wrapped }
  override func hashContents(into hasher: inout Hasher) { hasher.combine(wrapped) }
}

extension Value {
  /// The value as `Optional`'s: `nil` and an optional already stay as they are.
  /// An array literal's value: with a `nil` among its elements Swift types
  /// it `[T?]`, so every element is an `Optional` (`[1, nil, 3]` prints
  /// `[Optional(1), nil, Optional(3)]`).
  static func arrayLiteral(_ items: [Value]) -> Value {
    guard items.contains(where: { if case .null = $0 { return true } else { return false } }) else {
      return .array(items)
    }
    return .array(items.map(\.asOptional))
  }

  var asOptional: Value {
    switch self {
    case .null: return self
    case .opaque(let opaque) where opaque is OptionalValue: return self
    default: return .opaque(OptionalValue(self))
    }
  }

  /// The value inside an optional, or the value itself.
  var unwrapped: Value {
    if case .opaque(let opaque) = self, let optional = opaque as? OptionalValue { return optional.wrapped }
    return self
  }
}

extension WrittenType {
  /// `T` for `T?` and `Optional<T>`, else the type itself.
  var withoutOptional: WrittenType {
    switch self {
    case .optional(let wrapped), .implicitlyUnwrapped(let wrapped): return wrapped
    case .named("Optional", let arguments) where arguments.count == 1: return arguments[0]
    default: return self
    }
  }

  /// `T?` or `Optional<T>`; `T!` (implicitly unwrapped) is used as a `T`.
  var isOptional: Bool {
    switch self {
    case .optional: return true
    case .named("Optional", _): return true
    default: return false
    }
  }
}
