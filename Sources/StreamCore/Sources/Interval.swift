import OpenCombine

/// `interval 100ms`: a cold publisher that counts `.int(0)`, `.int(1)`, … one
/// value per period, like Combine's `Timer.publish(every:)` with a counter.
///
/// Each subscription has its own timer: the first value comes one period
/// after the subscription. Values are tick numbers, so a tick that finds no
/// outstanding demand is dropped (as `Timer` drops it, reported through
/// `onDrop`) and the next tick still carries its own number. The source never
/// finishes; cancelling stops the timer.
public struct Interval: Publisher {
  public typealias Output = Value
  public typealias Failure = StreamError

  public let period: VirtualInterval
  public let clock: VirtualClock
  /// Called with each value lost for want of demand.
  public let onDrop: ((Value) -> Void)?

  /// - Parameters:
  ///   - period: The time between two values; the clock treats a period
  ///     below one nanosecond as one nanosecond.
  ///   - clock: The virtual clock the timer runs on.
  ///   - onDrop: Called with each value lost because the subscriber had no
  ///     outstanding demand.
  public init(every period: VirtualInterval, on clock: VirtualClock, onDrop: ((Value) -> Void)? = nil) {
    self.period = period
    self.clock = clock
    self.onDrop = onDrop
  }

  public func receive<Downstream: Subscriber>(subscriber: Downstream)
  where Downstream.Input == Value, Downstream.Failure == StreamError {
    let subscription = TimedSubscription(name: "Interval", downstream: subscriber, onDrop: onDrop)
    subscriber.receive(subscription: subscription)
    guard !subscription.isDone else { return }
    var tick = 0
    subscription.timer = clock.schedule(after: clock.now.advanced(by: period), interval: period) {
      let value = Value.int(tick)
      tick &+= 1
      subscription.send(value)
    }
  }
}
