/// The whole numbers of a closed range as `Value`s, made one at a time:
/// what `range 1...5` publishes through OpenCombine's `Publishers.Sequence`.
///
/// OpenCombine's sequence publisher is generic and not specialized for
/// streamlab's types, so it walks its sequence through protocol witnesses.
/// Over an array of values each step went through the array's subscript
/// coroutine (a heap-allocated frame per element) and a value-witness copy,
/// about a tenth of a million-value run; this iterator's `next()` is a plain
/// function on two integers. It also spares materialising the array.
///
/// It describes itself as the range it stands for does (`1...3`, `1..<4`),
/// so `print`'s `receive subscription: (1...3)` reads as Apple's
/// `(1...3).publisher.print()` does.
public struct IntegerValues: Sequence, CustomStringConvertible {
  /// Nil for an empty range.
  public let bounds: ClosedRange<Int>?
  /// How Swift spells the range: `1...3`, `1..<4`.
  public let description: String

  public init(_ bounds: ClosedRange<Int>) {
    self.bounds = bounds
    description = bounds.description
  }

  /// `lower..<upper`: empty when `upper` is not above `lower`.
  public init(from lower: Int, upTo upper: Int) {
    bounds = lower < upper ? lower...(upper - 1) : nil
    description = "\(lower)..<\(upper)"
  }

  public struct Iterator: IteratorProtocol {
    private var current: Int
    private let last: Int
    private var isDone: Bool

    init(_ bounds: ClosedRange<Int>?) {
      current = bounds?.lowerBound ?? 0
      last = bounds?.upperBound ?? 0
      isDone = bounds == nil
    }

    public mutating func next() -> Value? {
      guard !isDone else { return nil }
      let value = current
      // Stops on the last value rather than stepping past it: a range may
      // end at `Int.max`.
      if value == last { isDone = true } else { current += 1 }
      return .int(value)
    }
  }

  public func makeIterator() -> Iterator { Iterator(bounds) }
}
