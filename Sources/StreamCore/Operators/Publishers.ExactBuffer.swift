import DequeModule
import OpenCombine

extension Publisher {
  /// Buffers elements received from an upstream publisher: Combine's
  /// `buffer(size:prefetch:whenFull:)` held to the contract.
  ///
  /// It asks upstream for its first demand (`size` elements for `.keepFull`,
  /// `.unlimited` for `.byRequest`, as Apple's does) before it hands its
  /// subscriber the subscription, so an upstream that fails while answering
  /// that request made OpenCombine 0.14.0's send the failure before
  /// `receive(subscription:)`: `just 1,2 | tryMap fail("x") | buffer 2` did.
  /// And a failure that arrived while it was handing several buffered
  /// elements on went out between them (OpenCombine's
  /// testFailWhileSendingValues records value, failure, value, value). This
  /// one keeps Apple's order of requests and its strategies, but sends
  /// nothing before the subscription and nothing after a completion: a
  /// failure that comes meanwhile waits until the elements already taken
  /// from the buffer are delivered.
  ///
  /// A failure from upstream reaches a subscriber that has no demand at once,
  /// dropping what is buffered; `.customError` fails when an element arrives
  /// at a full buffer, and that failure reaches the subscriber at its next
  /// request, after the buffered elements it asks for (both as Apple's).
  ///
  ///     cancellable = (1...5).publisher
  ///       .exactBuffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest)
  ///       .sink(receiveValue: { print($0) })   // subscribed with unlimited demand
  ///     // Prints: "1", "2", "3", "4", "5"
  public func exactBuffer(
    size: Int, prefetch: Publishers.PrefetchStrategy, whenFull: Publishers.BufferingStrategy<Failure>
  ) -> Publishers.ExactBuffer<Self> {
    Publishers.ExactBuffer(upstream: self, size: size, prefetch: prefetch, whenFull: whenFull)
  }
}

extension Publishers {
  /// A publisher that buffers elements received from an upstream publisher.
  public struct ExactBuffer<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    /// The maximum number of elements to store; at least 1.
    public let size: Int
    /// The strategy for initially populating the buffer.
    public let prefetch: Publishers.PrefetchStrategy
    /// The action to take when the buffer becomes full.
    public let whenFull: Publishers.BufferingStrategy<Failure>

    public init(
      upstream: Upstream, size: Int, prefetch: Publishers.PrefetchStrategy,
      whenFull: Publishers.BufferingStrategy<Failure>
    ) {
      precondition(size >= 1, "a buffer holds at least one element")
      self.upstream = upstream
      self.size = size
      self.prefetch = prefetch
      self.whenFull = whenFull
    }

    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, size: size, prefetch: prefetch, whenFull: whenFull))
    }
  }
}

extension Publishers.ExactBuffer {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
  where Downstream.Input == Output, Downstream.Failure == Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private enum State {
      case awaitingSubscription
      case subscribed(Subscription)
      case terminal
    }

    private let downstream: Downstream
    private let size: Int
    private let prefetch: Publishers.PrefetchStrategy
    private let whenFull: Publishers.BufferingStrategy<Failure>
    private var state = State.awaitingSubscription
    /// False until the subscriber holds its subscription: nothing is delivered before.
    private var downstreamSubscribed = false
    private var downstreamDemand = Subscribers.Demand.none
    private var values = Deque<Input>()
    /// Upstream's completion, or the buffer's own failure, not yet delivered.
    private var terminal: Subscribers.Completion<Failure>?
    /// True while elements are being handed on: a request or a completion
    /// meanwhile is taken up by the loop that is delivering.
    private var isDraining = false

    init(
      downstream: Downstream, size: Int, prefetch: Publishers.PrefetchStrategy,
      whenFull: Publishers.BufferingStrategy<Failure>
    ) {
      self.downstream = downstream
      self.size = size
      self.prefetch = prefetch
      self.whenFull = whenFull
    }

    var description: String { "Buffer" }

    func receive(subscription: Subscription) {
      guard case .awaitingSubscription = state else {
        subscription.cancel()
        return
      }
      state = .subscribed(subscription)
      switch prefetch {
      case .keepFull: subscription.request(.max(size))
      case .byRequest: subscription.request(.unlimited)
      }
      downstreamSubscribed = true
      downstream.receive(subscription: self)
      // A failure that came while upstream answered the first request goes out now.
      requestUpstream(drain())
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      guard case .subscribed(let subscription) = state else { return .none }
      if case .failure? = terminal { return .none }
      if values.count >= size {
        switch whenFull {
        case .dropNewest:
          return drain()
        case .dropOldest:
          values.removeFirst()
        case .customError(let makeError):
          terminal = .failure(makeError())
          subscription.cancel()
          return .none
        }
      }
      values.append(input)
      return drain()
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      guard case .subscribed = state, terminal == nil else { return }
      terminal = completion
      _ = drain()
    }

    func request(_ demand: Subscribers.Demand) {
      guard case .subscribed = state else { return }
      downstreamDemand += demand
      requestUpstream(drain())
    }

    func cancel() {
      guard case .subscribed(let subscription) = state else { return }
      state = .terminal
      values = []
      subscription.cancel()
    }

    private func requestUpstream(_ demand: Subscribers.Demand) {
      guard demand > .none, case .subscribed(let subscription) = state else { return }
      subscription.request(demand)
    }

    /// Hands buffered elements on as far as the demand goes, then the
    /// completion when it is due; returns what to ask upstream for (with
    /// `.keepFull`, one element for each one handed on).
    private func drain() -> Subscribers.Demand {
      guard !isDraining else { return .none }
      var upstreamDemand = Subscribers.Demand.none
      while case .subscribed = state, downstreamSubscribed {
        if downstreamDemand == .none || values.isEmpty {
          // With demand, a completion waits for the buffer to empty; without
          // demand only a failure goes out, and `finished` waits for a request
          // even when nothing is buffered (as Apple's: testReceiveValueAfterCompleting).
          if let completion = terminal, downstreamDemand == .none ? completion.isFailure : values.isEmpty {
            state = .terminal
            values = []
            downstream.receive(completion: completion)
          }
          return upstreamDemand
        }
        let count = downstreamDemand.max.map { Swift.min($0, values.count) } ?? values.count
        let popped = values.prefix(count)
        values.removeFirst(count)
        downstreamDemand -= count
        if prefetch == .keepFull { upstreamDemand += count }
        isDraining = true
        var more = Subscribers.Demand.none
        for value in popped {
          // A cancel while delivering stops it.
          guard case .subscribed = state else { break }
          more += downstream.receive(value)
        }
        isDraining = false
        downstreamDemand += more
      }
      return upstreamDemand
    }
  }
}

extension Subscribers.Completion {
  fileprivate var isFailure: Bool {
    if case .failure = self { return true }
    return false
  }
}
