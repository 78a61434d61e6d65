import OpenCombine

/// The subscription a cold timed source (`interval`, timed events) gives one
/// subscriber: it delivers what the clock tells it to, within demand.
///
/// A value that comes due while the subscriber has no outstanding demand is
/// lost, as a `Timer` or `PassthroughSubject` would lose it, and reported
/// through `onDrop` so the trace can show it. Cancelling withdraws every
/// pending send from the clock.
final class TimedSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible
where Downstream.Input == Value, Downstream.Failure == StreamError {
  let description: String
  /// Withdraws the source's scheduled sends when the subscription ends.
  let token = ScheduledActionToken()
  /// A repeating schedule feeding this subscription, stopped when it ends.
  var timer: Cancellable?
  private var downstream: Downstream?
  private let onDrop: ((Value) -> Void)?
  private var demand = Subscribers.Demand.none
  private var isDelivering = false
  private var pendingDemand = Subscribers.Demand.none

  init(name: String, downstream: Downstream, onDrop: ((Value) -> Void)?) {
    self.description = name
    self.downstream = downstream
    self.onDrop = onDrop
  }

  /// True once the subscriber cancelled or was sent a completion.
  var isDone: Bool { downstream == nil }

  func request(_ demand: Subscribers.Demand) {
    guard !isDone else { return }
    // Demand asked for from inside `receive` is added once `receive` returns.
    if isDelivering {
      pendingDemand += demand
    } else {
      self.demand += demand
    }
  }

  func cancel() {
    downstream = nil
    stopSchedules()
  }

  func send(_ value: Value) {
    guard let downstream else { return }
    guard demand > .none else {
      onDrop?(value)
      return
    }
    demand -= 1
    isDelivering = true
    let more = downstream.receive(value)
    isDelivering = false
    demand += more + pendingDemand
    pendingDemand = .none
  }

  func send(completion: Subscribers.Completion<StreamError>) {
    guard let downstream else { return }
    self.downstream = nil
    stopSchedules()
    downstream.receive(completion: completion)
  }

  private func stopSchedules() {
    token.cancel()
    timer?.cancel()
    timer = nil
  }
}
