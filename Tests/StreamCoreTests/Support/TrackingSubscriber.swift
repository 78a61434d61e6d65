import OpenCombine
import StreamCore

/// A test subscriber that records everything it receives and lets the test
/// decide its demand: how much it asks for on subscription, how much it
/// returns for each value, and when it asks for more or cancels.
final class TrackingSubscriber<Input, Failure: Error>: Subscriber {
  /// One thing the subscriber received.
  enum Event: CustomStringConvertible {
    case subscribed
    case value(Input)
    case finished
    case failed(Failure)

    var description: String {
      switch self {
      case .subscribed: return "subscribed"
      case .value(let value): return "\(value)"
      case .finished: return "finished"
      case .failed(let error): return "failed(\(error))"
      }
    }
  }

  private(set) var events: [Event] = []
  /// The clock time of each event, when the subscriber was given a clock.
  private(set) var times: [VirtualTime] = []
  private(set) var subscription: Subscription?
  private let initialDemand: Subscribers.Demand
  private let clock: VirtualClock?
  /// The demand returned for each value; it may also call `request` or
  /// `cancel` re-entrantly.
  var onValue: (Input) -> Subscribers.Demand

  init(
    initialDemand: Subscribers.Demand = .unlimited,
    clock: VirtualClock? = nil,
    onValue: @escaping (Input) -> Subscribers.Demand = { _ in .none }
  ) {
    self.initialDemand = initialDemand
    self.clock = clock
    self.onValue = onValue
  }

  /// The values received, in order.
  var values: [Input] {
    events.compactMap {
      if case .value(let value) = $0 { return value }
      return nil
    }
  }

  /// The events as text (`subscribed`, values, `finished`, `failed(…)`), easy to compare.
  var trace: [String] { events.map(\.description) }

  /// The events with their clock times, such as `300ms [1, 2]`.
  var timedTrace: [String] { zip(times, events).map { "\($0) \($1)" } }

  func request(_ demand: Subscribers.Demand) { subscription?.request(demand) }

  func cancel() { subscription?.cancel() }

  func receive(subscription: Subscription) {
    self.subscription = subscription
    record(.subscribed)
    if initialDemand > .none { subscription.request(initialDemand) }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    record(.value(input))
    return onValue(input)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished: record(.finished)
    case .failure(let error): record(.failed(error))
    }
  }

  private func record(_ event: Event) {
    events.append(event)
    if let clock { times.append(clock.now) }
  }
}
