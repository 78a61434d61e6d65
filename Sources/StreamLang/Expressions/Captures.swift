import StreamCore

/// The names a nested pipeline can see from the closures around it, in slot
/// order (innermost last). Expressions are compiled against a layout, so a
/// captured name becomes a slot number, never a lookup by name.
public struct CaptureLayout: Hashable, CustomStringConvertible {
  public var names: [String]

  public init(names: [String] = []) {
    self.names = names
  }

  /// No enclosing closures: a top-level pipeline.
  public static let empty = CaptureLayout()

  public var description: String { "[" + names.joined(separator: ", ") + "]" }

  /// The slot of the innermost capture called `name`.
  func slot(of name: String) -> Int? { names.lastIndex(of: name) }
}

/// The values a nested pipeline captured when it was made: `x` in
/// `map { x in { just x + "!" } }`. One value per name of the layout.
public final class Captures: CustomStringConvertible {
  public let layout: CaptureLayout
  public let values: [Value]

  public init(layout: CaptureLayout, values: [Value]) {
    self.layout = layout
    self.values = values
  }

  /// Nothing captured: for top-level pipelines.
  public static let none = Captures(layout: .empty, values: [])

  /// The value of the innermost capture called `name`, for the builder's
  /// diagnostics and tests; compiled expressions use slots instead.
  public func value(of name: String) -> Value? {
    layout.slot(of: name).flatMap { $0 < values.count ? values[$0] : nil }
  }

  public var description: String {
    zip(layout.names, values).map { "\($0) = \($1)" }.joined(separator: ", ")
  }
}
