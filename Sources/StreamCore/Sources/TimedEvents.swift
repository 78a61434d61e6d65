import OpenCombine

/// `events 0ms:"i", 100ms:"ip", 900ms:|`, `marbles "-a-b|"` and `timer 500ms`:
/// a cold publisher that replays a script of timed events for each subscriber.
///
/// Offsets count from each subscription. Events due at the same offset keep
/// their order in the script. A value that finds no outstanding demand is
/// dropped (reported through `onDrop`), as a `PassthroughSubject` would drop
/// it; completions need no demand. Nothing is sent after the first
/// completion, and cancelling withdraws every pending send.
public struct TimedEvents: Publisher {
  public typealias Output = Value
  public typealias Failure = StreamError

  public let events: [TimedEvent]
  public let clock: VirtualClock
  /// Called with each value lost for want of demand.
  public let onDrop: ((Value) -> Void)?

  /// - Parameters:
  ///   - events: The script, offsets relative to the subscription; negative
  ///     offsets are treated as zero.
  ///   - clock: The virtual clock the sends are scheduled on.
  ///   - onDrop: Called with each value lost because the subscriber had no
  ///     outstanding demand.
  public init(_ events: [TimedEvent], on clock: VirtualClock, onDrop: ((Value) -> Void)? = nil) {
    self.events = events
    self.clock = clock
    self.onDrop = onDrop
  }

  /// `timer 500ms`: the value `0` after `delay`, then finished.
  public static func timer(after delay: VirtualInterval, on clock: VirtualClock, onDrop: ((Value) -> Void)? = nil)
    -> TimedEvents
  {
    TimedEvents([TimedEvent(delay, .value(.int(0))), TimedEvent(delay, .finished)], on: clock, onDrop: onDrop)
  }

  public func receive<Downstream: Subscriber>(subscriber: Downstream)
  where Downstream.Input == Value, Downstream.Failure == StreamError {
    let subscription = TimedSubscription(name: "TimedEvents", downstream: subscriber, onDrop: onDrop)
    subscriber.receive(subscription: subscription)
    let start = clock.now
    for event in events {
      guard !subscription.isDone else { return }
      let due = start.advanced(by: Swift.max(event.offset, .zero))
      clock.schedule(at: due, token: subscription.token) {
        switch event.kind {
        case .value(let value): subscription.send(value)
        case .finished: subscription.send(completion: .finished)
        case .failed(let message): subscription.send(completion: .failure(StreamError(message)))
        }
      }
    }
  }
}
