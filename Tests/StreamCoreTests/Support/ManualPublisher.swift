import OpenCombine

/// A test upstream driven by hand: it records the demand its subscriber
/// requests and whether it cancelled, and sends exactly what the test tells
/// it to — even without demand, so tests can see what an operator does then.
final class ManualPublisher<Output, Failure: Error>: Publisher {
  private(set) var subscriber: AnySubscriber<Output, Failure>?
  /// Every `request` the subscriber made, in order.
  private(set) var requests: [Subscribers.Demand] = []
  /// Demand returned from `receive(_:)` plus requests, minus values sent.
  private(set) var outstanding = Subscribers.Demand.none
  private(set) var isCancelled = false

  /// Called on each `request`, after it is recorded (to act re-entrantly).
  var onRequest: (Subscribers.Demand) -> Void = { _ in }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    self.subscriber = AnySubscriber(subscriber)
    subscriber.receive(subscription: Handle(owner: self))
  }

  /// Sends `value` and returns the demand the subscriber gave back.
  @discardableResult
  func send(_ value: Output) -> Subscribers.Demand {
    guard let subscriber else { return .none }
    if outstanding > .none { outstanding -= 1 }
    let more = subscriber.receive(value)
    outstanding += more
    return more
  }

  /// Sends a completion. The subscriber is kept, so a test can go on
  /// sending and check that the operator ignores whatever follows.
  func send(completion: Subscribers.Completion<Failure>) {
    subscriber?.receive(completion: completion)
  }

  /// The subscription handed to the subscriber.
  private final class Handle: Subscription {
    let owner: ManualPublisher
    init(owner: ManualPublisher) { self.owner = owner }

    func request(_ demand: Subscribers.Demand) {
      owner.requests.append(demand)
      owner.outstanding += demand
      owner.onRequest(demand)
    }

    func cancel() {
      owner.isCancelled = true
    }
  }
}
