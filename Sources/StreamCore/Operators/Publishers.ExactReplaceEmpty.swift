import OpenCombine

extension Publisher {
  /// Replaces an empty stream with the provided element, and passes every
  /// element of a non-empty one through unchanged: Combine's `replaceEmpty(with:)`
  /// held to the demand.
  ///
  /// OpenCombine 0.14.0's (like Apple's) asks its upstream for `.unlimited`
  /// whatever its subscriber asked for, and passes on every element it gets:
  /// `just 0 | replaceEmpty 9 | retry 1 | zip { just 1 }` sent `0` to a retry
  /// that had no demand, and retry trapped. This one forwards its
  /// subscriber's demand upstream, so no element goes out beyond it; the
  /// replacement of an empty stream waits for demand too.
  ///
  ///     let numbers: [Int] = []
  ///     cancellable = numbers.publisher.exactReplaceEmpty(with: 9).sink { print($0) }
  ///     // Prints: "9"
  public func exactReplaceEmpty(with output: Output) -> Publishers.ExactReplaceEmpty<Self> {
    Publishers.ExactReplaceEmpty(upstream: self, output: output)
  }
}

extension Publishers {
  /// A publisher that replaces an empty stream with a provided element.
  public struct ExactReplaceEmpty<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The element to deliver when the upstream publisher finishes without delivering any elements.
    public let output: Upstream.Output
    public let upstream: Upstream

    public init(upstream: Upstream, output: Output) {
      self.upstream = upstream
      self.output = output
    }

    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, output: output))
    }
  }
}

extension Publishers.ExactReplaceEmpty {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
  where Downstream.Input == Output, Downstream.Failure == Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    /// Where the stage is in its life.
    private enum State {
      case awaitingSubscription
      case subscribed(Subscription)
      /// Upstream finished empty: the replacement waits for demand.
      case finishedEmpty
      /// The replacement is being delivered; a cancel meanwhile suppresses the completion.
      case replacing
      case terminal
    }

    private let downstream: Downstream
    private let output: Output
    private var state = State.awaitingSubscription
    private var hasReceivedElement = false
    private var hasDemand = false

    init(downstream: Downstream, output: Output) {
      self.downstream = downstream
      self.output = output
    }

    var description: String { "ReplaceEmpty" }

    func receive(subscription: Subscription) {
      guard case .awaitingSubscription = state else {
        subscription.cancel()
        return
      }
      state = .subscribed(subscription)
      downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      guard case .subscribed = state else { return .none }
      hasReceivedElement = true
      return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      guard case .subscribed = state else { return }
      if case .finished = completion, !hasReceivedElement {
        state = .finishedEmpty
        if hasDemand { sendReplacement() }
        return
      }
      state = .terminal
      downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
      guard demand > .none else { return }
      hasDemand = true
      switch state {
      case .subscribed(let subscription): subscription.request(demand)
      case .finishedEmpty: sendReplacement()
      case .awaitingSubscription, .replacing, .terminal: break
      }
    }

    func cancel() {
      let running = state
      state = .terminal
      if case .subscribed(let subscription) = running { subscription.cancel() }
    }

    private func sendReplacement() {
      state = .replacing
      _ = downstream.receive(output)
      guard case .replacing = state else { return }
      state = .terminal
      downstream.receive(completion: .finished)
    }
  }
}
