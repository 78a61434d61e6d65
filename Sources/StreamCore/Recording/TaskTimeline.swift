/// One Swift `Task` of a run (issue 31): when it started, each time it
/// waited at an `await` and went on again, and how it ended.
public struct TaskTimeline: Hashable {
  public enum Moment: Hashable {
    case started
    case suspended
    case resumed
    case finished
    /// It ended by cancellation: `cancel()` and a `CancellationError` out of its body.
    case cancelled
    /// Its body threw this error (kept as the task's result, as Swift keeps it).
    case threw(String)

    public var word: String {
      switch self {
      case .started: return "started"
      case .suspended: return "suspended"
      case .resumed: return "resumed"
      case .finished: return "finished"
      case .cancelled: return "cancelled"
      case .threw(let error): return "threw \(error)"
      }
    }
  }

  /// `Task line 6`, `Task.detached line 12`: where it was made.
  public var name: String
  public var made: VirtualTime
  public var moments: [(time: VirtualTime, moment: Moment)]
  /// Whether `cancel()` was called on it, whenever its body noticed.
  public var wasCancelled: Bool

  public init(name: String, made: VirtualTime, moments: [(time: VirtualTime, moment: Moment)], wasCancelled: Bool) {
    self.name = name
    self.made = made
    self.moments = moments
    self.wasCancelled = wasCancelled
  }

  /// Its last moment when the task ended; nil while it still runs or waits.
  public var end: (time: VirtualTime, moment: Moment)? {
    guard let last = moments.last else { return nil }
    switch last.moment {
    case .finished, .cancelled, .threw: return last
    case .started, .suspended, .resumed: return nil
    }
  }

  /// How its row ends: `finished 900ms`, `cancelled 250ms`, `threw …`, or
  /// `still waiting` (`never started` when the run ended first).
  public var ending: String {
    if let end {
      // A body that noticed `cancel()` and returned is finished, and was cancelled.
      let cancelled = wasCancelled && end.moment == .finished ? ", cancelled" : ""
      return "\(end.moment.word) \(end.time)\(cancelled)"
    }
    return moments.isEmpty ? "never started" : "still waiting"
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.name == rhs.name && lhs.made == rhs.made && lhs.wasCancelled == rhs.wasCancelled
      && lhs.moments.map(\.time) == rhs.moments.map(\.time) && lhs.moments.map(\.moment) == rhs.moments.map(\.moment)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(made)
    hasher.combine(moments.count)
  }
}
