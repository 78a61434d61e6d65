import OpenCombine

extension Publisher {
  /// Republishes elements until another publisher emits an element, then
  /// finishes: Combine's `prefix(untilOutputFrom:)` held to the contract.
  ///
  /// It subscribes to the trigger first and gives its subscriber the
  /// subscription only when upstream's arrives, so a trigger that sends at
  /// once made OpenCombine 0.14.0's (and Apple's, as their Apple-checked
  /// testTerminatorEmitsValueBeforeUpstreamSendsSubscription records) send
  /// `finished` to a subscriber that had no subscription yet:
  /// `interval 100ms | prefix untilOutputFrom { just 1 }` did. This one
  /// keeps that finish until upstream's subscription arrives, cancels
  /// upstream, then hands the subscription downstream and finishes. Anything
  /// else is as OpenCombine's tests say: the trigger is asked for one
  /// element, its completion without one changes nothing, and upstream's
  /// completion cancels it.
  ///
  ///     let numbers = PassthroughSubject<Int, Never>()
  ///     let stop = PassthroughSubject<Void, Never>()
  ///     cancellable = numbers.exactPrefix(untilOutputFrom: stop).sink { print($0) }
  ///     numbers.send(1); stop.send(); numbers.send(2)
  ///     // Prints: "1", then finished
  public func exactPrefix<Other: Publisher>(untilOutputFrom publisher: Other)
    -> Publishers.ExactPrefixUntilOutput<Self, Other>
  {
    Publishers.ExactPrefixUntilOutput(upstream: self, other: publisher)
  }
}

extension Publishers {
  /// A publisher that republishes elements until another publisher emits an element.
  public struct ExactPrefixUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    /// The publisher whose first element ends this one.
    public let other: Other

    public init(upstream: Upstream, other: Other) {
      self.upstream = upstream
      self.other = other
    }

    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, trigger: other))
    }
  }
}

extension Publishers.ExactPrefixUntilOutput {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
  where Downstream.Input == Output, Downstream.Failure == Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    /// The trigger's subscriber; it holds `Inner` until the trigger is done.
    private struct Termination: Subscriber {
      let inner: Inner
      var combineIdentifier: CombineIdentifier { inner.combineIdentifier }

      func receive(subscription: Subscription) { inner.terminationReceive(subscription: subscription) }
      func receive(_ input: Other.Output) -> Subscribers.Demand { inner.terminationReceive(input) }
      func receive(completion: Subscribers.Completion<Other.Failure>) {
        inner.terminationReceive(completion: completion)
      }
    }

    private enum Status {
      case awaitingSubscription
      case subscribed(Subscription)
      case terminal

      var subscription: Subscription? {
        if case .subscribed(let subscription) = self { return subscription }
        return nil
      }
    }

    private let downstream: Downstream
    private var termination: Termination?
    private var prefixState = Status.awaitingSubscription
    private var terminationState = Status.awaitingSubscription
    /// The trigger sent before upstream's subscription came: finish as soon as it does.
    private var triggeredEarly = false

    init(downstream: Downstream, trigger: Other) {
      self.downstream = downstream
      let termination = Termination(inner: self)
      self.termination = termination
      trigger.subscribe(termination)
    }

    var description: String { "PrefixUntilOutput" }

    func receive(subscription: Subscription) {
      guard case .awaitingSubscription = prefixState else {
        subscription.cancel()
        return
      }
      guard !triggeredEarly else {
        prefixState = .terminal
        subscription.cancel()
        downstream.receive(subscription: self)
        downstream.receive(completion: .finished)
        return
      }
      prefixState = .subscribed(subscription)
      downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      guard case .subscribed = prefixState else { return .none }
      return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let running = prefixState
      let terminationSubscription = terminationState.subscription
      prefixState = .terminal
      terminationState = .terminal
      termination = nil
      terminationSubscription?.cancel()
      if case .subscribed = running { downstream.receive(completion: completion) }
    }

    func request(_ demand: Subscribers.Demand) {
      prefixState.subscription?.request(demand)
    }

    func cancel() {
      let prefixSubscription = prefixState.subscription
      let terminationSubscription = terminationState.subscription
      prefixState = .terminal
      terminationState = .terminal
      termination = nil
      prefixSubscription?.cancel()
      terminationSubscription?.cancel()
    }

    private func terminationReceive(subscription: Subscription) {
      guard case .awaitingSubscription = terminationState else {
        subscription.cancel()
        return
      }
      terminationState = .subscribed(subscription)
      subscription.request(.max(1))
    }

    private func terminationReceive(_ input: Other.Output) -> Subscribers.Demand {
      guard case .subscribed = terminationState else { return .none }
      terminationState = .terminal
      termination = nil
      switch prefixState {
      case .awaitingSubscription:
        triggeredEarly = true
      case .subscribed(let subscription):
        prefixState = .terminal
        subscription.cancel()
        downstream.receive(completion: .finished)
      case .terminal:
        break
      }
      return .none
    }

    private func terminationReceive(completion: Subscribers.Completion<Other.Failure>) {
      // A trigger that ends without an element never ends the prefix.
      terminationState = .terminal
      termination = nil
    }
  }
}
