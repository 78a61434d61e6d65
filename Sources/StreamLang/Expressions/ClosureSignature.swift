/// How many values a compiled expression is called with, and the names the
/// student may use for them without writing `{ a, b in … }`.
///
/// `$0`, `$1`, … always work too, as in Swift, unless the closure names its
/// parameters.
public struct ClosureSignature: Hashable, CustomStringConvertible {
  public var arity: Int
  /// Implicit names by position: `["acc", "x"]` for `scan`.
  public var implicitNames: [String]

  public init(arity: Int, implicitNames: [String] = []) {
    self.arity = arity
    self.implicitNames = implicitNames
  }

  /// No parameters: an argument evaluated once, such as `just 1, 2` or `delay x.count * 100ms`.
  public static let value = ClosureSignature(arity: 0)
  /// One element, `x` or `$0`: `map`, `filter`, `flatMap`, `first where`, ….
  public static let element = ClosureSignature(arity: 1, implicitNames: ["x"])
  /// The running result and the element, `acc` and `x`: `scan`, `reduce`.
  public static let accumulator = ClosureSignature(arity: 2, implicitNames: ["acc", "x"])
  /// One value per stream: the transform of `zip` and `combineLatest`, `$0`, `$1`, ….
  public static func elements(_ count: Int) -> ClosureSignature { ClosureSignature(arity: count) }

  public var description: String {
    arity == 0 ? "a value" : "\(arity) parameter\(arity == 1 ? "" : "s")"
  }
}
