/// How much a subscriber asked for in one `request(_:)` call.
public enum DemandCount: Hashable, CustomStringConvertible {
  case unlimited
  case max(Int)

  public var description: String {
    switch self {
    case .unlimited: return "unlimited"
    case .max(let count): return "max(\(count))"
    }
  }
}

/// One thing that happened between two stages, at one virtual instant.
public struct TimelineEvent: Hashable, CustomStringConvertible {
  public enum Kind: Hashable {
    /// The stage received its subscription from upstream.
    case subscribed
    /// Downstream asked for more values (Combine's `request(_:)`).
    case requested(DemandCount)
    case value(Value)
    case finished
    case failed(String)
    /// Downstream cancelled the subscription.
    case cancelled
    /// A hot source sent while its subscriber had no outstanding demand, so
    /// the value was lost, as it is with a `PassthroughSubject`.
    case dropped(Value)
  }

  public var time: VirtualTime
  public var kind: Kind

  public init(time: VirtualTime, kind: Kind) {
    self.time = time
    self.kind = kind
  }

  /// True for `finished`, `failed` and `cancelled`: nothing follows them.
  public var isTerminal: Bool {
    switch kind {
    case .finished, .failed, .cancelled: return true
    default: return false
    }
  }

  /// True for the events a marble diagram draws (not demand or drops).
  public var isMarble: Bool {
    switch kind {
    case .requested, .dropped: return false
    default: return true
    }
  }

  /// `t=500ms  value "iph"`: the line-per-event form used by `--format events`.
  public var description: String { "t=\(time)  \(detail)" }

  /// The event without its time: `value "iph"`, `request max(1)`.
  public var detail: String {
    switch kind {
    case .subscribed: return "subscribed"
    case .requested(let demand): return "request \(demand)"
    case .value(let value): return "value \(value)"
    case .finished: return "finished"
    case .failed(let message): return "failed \(TextEscaping.swiftStringLiteral(message))"
    case .cancelled: return "cancelled"
    case .dropped(let value): return "dropped \(value)"
    }
  }
}
