import OpenCombine

extension Publisher where Output == Value, Failure == StreamError {
  /// Records everything that passes between this publisher and its
  /// subscriber into `channel`, without changing it.
  ///
  /// The one exception is a stopping run: then the probe cancels upstream
  /// and lets nothing more through, so a runaway source ends.
  public func probe(_ channel: TimelineChannel) -> Publishers.Probe<Self> {
    Publishers.Probe(upstream: self, channel: channel)
  }
}

extension Publishers {
  /// A transparent tap between two stages that records subscription, demand,
  /// values, completion and cancellation with their virtual times.
  public struct Probe<Upstream: Publisher>: Publisher
  where Upstream.Output == Value, Upstream.Failure == StreamError {
    public typealias Output = Value
    public typealias Failure = StreamError

    public let upstream: Upstream
    public let channel: TimelineChannel

    public init(upstream: Upstream, channel: TimelineChannel) {
      self.upstream = upstream
      self.channel = channel
    }

    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Value, Downstream.Failure == StreamError {
      upstream.subscribe(Inner(downstream: subscriber, channel: channel))
    }
  }
}

extension Publishers.Probe {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription
  where Downstream.Input == Value, Downstream.Failure == StreamError {
    typealias Input = Value
    typealias Failure = StreamError

    private let downstream: Downstream
    private let channel: TimelineChannel
    private var upstream: Subscription?
    private var isDone = false

    init(downstream: Downstream, channel: TimelineChannel) {
      self.downstream = downstream
      self.channel = channel
    }

    func receive(subscription: Subscription) {
      guard upstream == nil, !isDone else {
        subscription.cancel()
        return
      }
      upstream = subscription
      channel.record(.subscribed)
      downstream.receive(subscription: self)
    }

    func receive(_ input: Value) -> Subscribers.Demand {
      guard !isDone else { return .none }
      if channel.isStopping {
        halt()
        return .none
      }
      channel.record(.value(input))
      return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<StreamError>) {
      guard !isDone else { return }
      isDone = true
      upstream = nil
      switch completion {
      case .finished: channel.record(.finished)
      case .failure(let error): channel.record(.failed(error.message))
      }
      downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
      guard !isDone else { return }
      channel.record(.requested(demand.max.map(DemandCount.max) ?? .unlimited))
      upstream?.request(demand)
    }

    func cancel() {
      guard !isDone else { return }
      isDone = true
      // A run that is stopping tears its pipelines down; that is streamlab's
      // doing, not the subscriber's, so it is not drawn as a cancel.
      if !channel.isStopping { channel.record(.cancelled) }
      let subscription = upstream
      upstream = nil
      subscription?.cancel()
    }

    /// Ends this stage silently because the run is stopping: the row is left
    /// open, which the diagram shows as still running.
    private func halt() {
      isDone = true
      let subscription = upstream
      upstream = nil
      subscription?.cancel()
    }
  }
}
