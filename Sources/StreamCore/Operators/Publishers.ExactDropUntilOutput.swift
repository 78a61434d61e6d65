import OpenCombine

extension Publisher {
  /// Ignores elements from upstream until another publisher emits an
  /// element: Combine's `drop(untilOutputFrom:)` held to the contract.
  ///
  /// OpenCombine 0.14.0's (like Apple's: their Apple-checked
  /// testOtherCompletesBeforeTriggering records `finished` twice, then a
  /// value) passes on every completion it gets, from upstream and from the
  /// other publisher, and keeps passing values after them:
  /// `just 1,2 | drop untilOutputFrom { empty }` sent `finished` twice, and
  /// `empty | drop untilOutputFrom { empty | delay 100ms }` finished again at
  /// 100ms. This one ends once: the first completion, from either side, goes
  /// downstream and cancels the other side (the trigger too, once it has
  /// sent), and nothing follows it. The rest
  /// is as OpenCombine's tests say: the subscriber gets its subscription
  /// first, the other publisher is subscribed before upstream and asked for
  /// one element, and an element dropped before the trigger uses up one of
  /// the subscriber's demand (Apple's testDemand).
  ///
  ///     let numbers = PassthroughSubject<Int, Never>()
  ///     let start = PassthroughSubject<Void, Never>()
  ///     cancellable = numbers.exactDrop(untilOutputFrom: start).sink { print($0) }
  ///     numbers.send(1); start.send(); numbers.send(2)
  ///     // Prints: "2"
  public func exactDrop<Other: Publisher>(untilOutputFrom publisher: Other)
    -> Publishers.ExactDropUntilOutput<Self, Other>
  where Other.Failure == Failure {
    Publishers.ExactDropUntilOutput(upstream: self, other: publisher)
  }
}

extension Publishers {
  /// A publisher that ignores elements from upstream until another publisher emits an element.
  public struct ExactDropUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher
  where Upstream.Failure == Other.Failure {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    /// The publisher whose first element lets upstream's elements through.
    public let other: Other

    public init(upstream: Upstream, other: Other) {
      self.upstream = upstream
      self.other = other
    }

    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
      let inner = Inner(downstream: subscriber)
      subscriber.receive(subscription: inner)
      other.subscribe(Inner.OtherSubscriber(inner: inner))
      upstream.subscribe(inner)
    }
  }
}

extension Publishers.ExactDropUntilOutput {
  fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
  where Downstream.Input == Output, Downstream.Failure == Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    /// The other publisher's subscriber.
    struct OtherSubscriber: Subscriber {
      let inner: Inner
      var combineIdentifier: CombineIdentifier { inner.combineIdentifier }

      func receive(subscription: Subscription) { inner.receiveOther(subscription: subscription) }
      func receive(_ input: Other.Output) -> Subscribers.Demand { inner.receiveOther(input) }
      func receive(completion: Subscribers.Completion<Failure>) { inner.receiveOther(completion: completion) }
    }

    private let downstream: Downstream
    private var triggered = false
    private var upstreamSubscription: Subscription?
    private var otherSubscription: Subscription?
    /// What the subscriber asked for so far, less the elements upstream sent.
    private var pendingDemand = Subscribers.Demand.none
    /// Cancelled, or a completion went downstream: nothing more goes there.
    private var isDone = false

    init(downstream: Downstream) {
      self.downstream = downstream
    }

    var description: String { "DropUntilOutput" }

    func receive(subscription: Subscription) {
      guard upstreamSubscription == nil, !isDone else {
        subscription.cancel()
        return
      }
      upstreamSubscription = subscription
      if pendingDemand > .none { subscription.request(pendingDemand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      guard !isDone else { return .none }
      if pendingDemand > .none { pendingDemand -= 1 }
      guard triggered else { return .none }
      let more = downstream.receive(input)
      pendingDemand += more
      return more
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      guard !isDone else { return }
      isDone = true
      upstreamSubscription = nil
      let other = otherSubscription
      otherSubscription = nil
      // Done: the other publisher can no longer change anything.
      other?.cancel()
      downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
      guard !isDone else { return }
      pendingDemand += demand
      upstreamSubscription?.request(demand)
    }

    func cancel() {
      isDone = true
      let upstream = upstreamSubscription
      let other = otherSubscription
      upstreamSubscription = nil
      otherSubscription = nil
      upstream?.cancel()
      other?.cancel()
    }

    fileprivate func receiveOther(subscription: Subscription) {
      guard otherSubscription == nil, !isDone, !triggered else {
        subscription.cancel()
        return
      }
      otherSubscription = subscription
      subscription.request(.max(1))
    }

    fileprivate func receiveOther(_ input: Other.Output) -> Subscribers.Demand {
      // As Apple's, the other subscription is not cancelled when it sends
      // (testOtherFailsAfterTriggering); it is when this one ends.
      triggered = true
      return .none
    }

    fileprivate func receiveOther(completion: Subscribers.Completion<Failure>) {
      otherSubscription = nil
      guard !triggered, !isDone else { return }
      // The other publisher ended without an element: nothing can pass, so end here.
      isDone = true
      let upstream = upstreamSubscription
      upstreamSubscription = nil
      upstream?.cancel()
      downstream.receive(completion: completion)
    }
  }
}
