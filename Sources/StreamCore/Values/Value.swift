import OpenCombine

/// One element flowing through a streamlab pipeline.
///
/// The pipeline language is dynamically typed, so every stage is an
/// `AnyPublisher<Value, StreamError>` and this enum carries whatever the
/// student's expressions produce.
public enum Value: Hashable, CustomStringConvertible {
  case int(Int)
  case double(Double)
  case string(String)
  case bool(Bool)
  /// Swift's `nil`: an empty optional.
  case null
  case array([Value])
  /// A tuple such as `zip`'s pairs; shown as `(1, "a")`, encoded as a JSON array.
  case tuple([Value])
  /// A span of virtual time, such as `measureInterval`'s output or `x.count * 100ms`.
  case duration(VirtualInterval)
  /// A publisher used as a value, for `flatMap` and `switchToLatest`.
  case stream(StreamValue)
  /// A value of pasted Swift that the pipeline language has no literal for:
  /// an instance of the paste's struct, enum or class, a closure, a `Date`.
  /// The Swift interpreter (`SwiftRun`) makes them; they flow through the
  /// same publishers and are drawn by their `description`.
  case opaque(OpaqueValue)

  /// The value as a Swift literal, the way a student would type it.
  public var description: String {
    switch self {
    case .int(let number): return String(number)
    case .double(let number): return Value.format(number)
    case .string(let text): return TextEscaping.swiftStringLiteral(text)
    case .bool(let flag): return String(flag)
    case .null: return "nil"
    case .array(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
    case .tuple(let items): return "(" + items.map(\.description).joined(separator: ", ") + ")"
    case .duration(let interval): return interval.description
    case .stream(let stream): return stream.description
    case .opaque(let value): return value.description
    }
  }

  /// The short form used inside marble diagrams: strings lose their quotes
  /// when that cannot be confused with a number or a symbol.
  public var marbleText: String {
    if case .string(let text) = self { return text }
    return description
  }

  /// The name of the value's type as Swift would spell it, for error messages.
  public var typeName: String {
    switch self {
    case .int: return "Int"
    case .double: return "Double"
    case .string: return "String"
    case .bool: return "Bool"
    case .null: return "nil"
    case .array: return "Array"
    case .tuple: return "Tuple"
    case .duration: return "Duration"
    case .stream: return "Publisher"
    case .opaque(let value): return value.typeName
    }
  }

  static func format(_ number: Double) -> String {
    if number.isNaN { return "nan" }
    if number.isInfinite { return number < 0 ? "-inf" : "inf" }
    return String(number)
  }
}

/// A publisher carried as a value. Two stream values are equal only when they
/// are the same instance: publishers have no meaningful structural equality.
public final class StreamValue: Hashable, CustomStringConvertible {
  /// Makes a fresh subscription target each time the stream is subscribed.
  public private(set) var publisher: () -> AnyValuePublisher
  /// The source text the stream came from, such as `{ just x | delay 100ms }`.
  public let description: String
  /// The closure parameter the stream was made from: `"ipad"` for the stream
  /// `map { x in { just x + "!" } }` made of the element `"ipad"`.
  public let element: Value?
  /// The label of the inner row its first subscription was drawn on, such as
  /// `↳ "ipad"`: a diagram's legend names that row instead of repeating the
  /// closure text, which is the same for every stream one closure makes.
  public var innerRow: String?

  public init(description: String, element: Value? = nil, publisher: @escaping () -> AnyValuePublisher) {
    self.description = description
    self.element = element
    self.publisher = publisher
  }

  /// Lets go of what the stream was built from once its run has ended.
  ///
  /// The closure holds its build context, whose inner-row anchor holds the
  /// row that recorded this very value: a cycle that kept every run of
  /// `map { just x }` alive (recorder, clock, builder and all) in long-lived
  /// processes. A diagram needs only the description and `innerRow`.
  public func endRun() {
    publisher = { Empty(completeImmediately: true).eraseToAnyPublisher() }
  }

  public static func == (lhs: StreamValue, rhs: StreamValue) -> Bool { lhs === rhs }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A value the pipeline language cannot write but pasted Swift can (see
/// `Value.opaque`). Equality is identity unless a subclass says otherwise:
/// structs and enums compare their contents, class instances their identity,
/// as Swift's `==` and `===` would.
open class OpaqueValue: Hashable, CustomStringConvertible {
  public init() {}

  /// How the value prints, as Swift's `print` shows it.
  open var description: String { "<\(typeName)>" }
  /// The type's name as Swift spells it.
  open var typeName: String { "Value" }

  open func isEqual(to other: OpaqueValue) -> Bool { self === other }
  open func hashContents(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

  public static func == (lhs: OpaqueValue, rhs: OpaqueValue) -> Bool { lhs.isEqual(to: rhs) }
  public func hash(into hasher: inout Hasher) { hashContents(into: &hasher) }
}
