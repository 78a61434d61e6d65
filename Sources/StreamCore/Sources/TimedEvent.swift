/// One event of a scripted timed source: what happens, and when.
///
/// For cold sources (`events`, `marbles`, `timer`) `offset` counts from the
/// subscription; for hot ones (`subject`, `current`) it counts from the
/// program's start.
public struct TimedEvent: Hashable, CustomStringConvertible {
  /// What a timed source does at one instant.
  public enum Kind: Hashable {
    case value(Value)
    case finished
    /// Fails with a `StreamError` carrying this message.
    case failed(String)
  }

  public var offset: VirtualInterval
  public var kind: Kind

  public init(_ offset: VirtualInterval, _ kind: Kind) {
    self.offset = offset
    self.kind = kind
  }

  /// `100ms:"ip"`, `900ms:|`, `300ms:#"boom"`: the `events` syntax.
  public var description: String {
    switch kind {
    case .value(let value): return "\(offset):\(value)"
    case .finished: return "\(offset):|"
    case .failed(let message): return "\(offset):#\(TextEscaping.swiftStringLiteral(message))"
    }
  }
}
