import OpenCombine

extension Publisher {
  /// Combines elements from this publisher with those from another publisher,
  /// delivering an interleaved sequence of elements.
  ///
  /// The merged publisher continues to emit elements until all upstream
  /// publishers finish. If an upstream publisher fails, the merged publisher
  /// cancels the others and fails with that error.
  ///
  ///     let a = PassthroughSubject<Int, Never>()
  ///     let b = PassthroughSubject<Int, Never>()
  ///     cancellable = a.merge(with: b).sink { print($0, terminator: " ") }
  ///     a.send(1); b.send(2); a.send(3)
  ///     // Prints: "1 2 3 "
  ///
  /// - Parameter other: Another publisher with the same output and failure types.
  /// - Returns: A publisher that emits an element whenever either upstream emits one.
  public func merge<Other: Publisher>(with other: Other) -> Publishers.Merge<Self, Other>
  where Other.Output == Output, Other.Failure == Failure {
    Publishers.Merge(self, other)
  }
}

extension Publishers {
  /// A publisher created by applying the merge function to two upstream publishers.
  public struct Merge<A: Publisher, B: Publisher>: Publisher
  where A.Output == B.Output, A.Failure == B.Failure {
    public typealias Output = A.Output
    public typealias Failure = A.Failure

    public let a: A
    public let b: B

    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
      let inner = MergeInner(downstream: subscriber, count: 2)
      // Combine hands the subscription downstream before subscribing to the
      // inputs, so a downstream that asks for `.unlimited` at once lets every
      // input run free from its first value.
      subscriber.receive(subscription: inner)
      a.subscribe(inner.side(0))
      b.subscribe(inner.side(1))
    }
  }

  /// A publisher created by applying the merge function to an arbitrary number
  /// of upstream publishers.
  public struct MergeMany<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    public let publishers: [Upstream]

    public init(_ upstream: Upstream...) {
      publishers = upstream
    }

    public init<Upstreams: Swift.Sequence>(_ upstream: Upstreams) where Upstreams.Element == Upstream {
      publishers = Array(upstream)
    }

    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
      let inner = MergeInner(downstream: subscriber, count: publishers.count)
      subscriber.receive(subscription: inner)
      for (index, publisher) in publishers.enumerated() {
        publisher.subscribe(inner.side(index))
      }
    }

    /// Adds one more upstream publisher.
    public func merge(with other: Upstream) -> MergeMany<Upstream> {
      MergeMany(publishers + [other])
    }
  }
}

/// The subscription one merge gives its subscriber: it fans in every input's
/// values and keeps at most one undelivered value per input.
///
/// This follows Apple's Merge: each input is asked for one value at a time
/// (or `.unlimited` once downstream asked for that); a value that arrives
/// while downstream has no demand waits in its input's one-value buffer and
/// goes out, in input order, when downstream next asks. Every pipeline of a
/// run lives on the virtual clock's one thread, so re-entrancy (a downstream
/// that requests or cancels from inside `receive`) is handled with flags
/// rather than locks.
private final class MergeInner<Downstream: Subscriber>: Subscription, CustomStringConvertible {
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  /// Where one input is in its life.
  private enum InputState {
    case awaitingSubscription
    case active(Subscription)
    case finished
  }

  private let downstream: Downstream
  private var demand = Subscribers.Demand.none
  private var inputs: [InputState]
  private var buffers: [Input?]
  private var finishedCount = 0
  /// Set once downstream cancelled or was sent a completion: nothing follows.
  private var isTerminated = false
  /// True while a value is being delivered downstream; demand requested
  /// meanwhile is banked in `pendingDemand` instead of re-entering the flush.
  private var isDelivering = false
  private var pendingDemand = Subscribers.Demand.none

  init(downstream: Downstream, count: Int) {
    self.downstream = downstream
    inputs = Array(repeating: .awaitingSubscription, count: count)
    buffers = Array(repeating: nil, count: count)
  }

  var description: String { "Merge" }

  func side(_ index: Int) -> Side { Side(index: index, inner: self) }

  // MARK: Events from the inputs

  fileprivate func receive(subscription: Subscription, index: Int) {
    guard !isTerminated, case .awaitingSubscription = inputs[index] else {
      subscription.cancel()
      return
    }
    inputs[index] = .active(subscription)
    subscription.request(demand == .unlimited ? .unlimited : .max(1))
  }

  fileprivate func receive(_ input: Input, index: Int) -> Subscribers.Demand {
    guard !isTerminated, case .active = inputs[index] else { return .none }
    if demand == .unlimited {
      _ = deliver(input)
      return .none
    }
    if demand == .none {
      buffers[index] = input
      return .none
    }
    demand -= 1
    demand += deliver(input)
    // Each delivered value is replaced by a request for exactly one more.
    return isTerminated ? .none : .max(1)
  }

  fileprivate func receive(completion: Subscribers.Completion<Failure>, index: Int) {
    guard !isTerminated, case .active = inputs[index] else { return }
    switch completion {
    case .finished:
      inputs[index] = .finished
      finishedCount += 1
      finishIfDrained()
    case .failure:
      inputs[index] = .finished
      terminate()
      downstream.receive(completion: completion)
    }
  }

  // MARK: Subscription

  func request(_ demand: Subscribers.Demand) {
    guard !isTerminated, demand > .none, self.demand != .unlimited else { return }
    if isDelivering {
      pendingDemand += demand
      return
    }
    self.demand += demand
    if self.demand == .unlimited {
      for index in buffers.indices {
        guard !isTerminated, let value = buffers[index] else { continue }
        buffers[index] = nil
        _ = deliver(value)
      }
      guard !isTerminated else { return }
      if finishedCount == inputs.count {
        finishIfDrained()
      } else {
        for case .active(let subscription) in inputs { subscription.request(.unlimited) }
      }
      return
    }
    var refill: [Int] = []
    for index in buffers.indices where self.demand > .none {
      guard !isTerminated, let value = buffers[index] else { continue }
      buffers[index] = nil
      self.demand -= 1
      self.demand += deliver(value)
      refill.append(index)
    }
    guard !isTerminated else { return }
    if finishedCount == inputs.count {
      finishIfDrained()
      return
    }
    for index in refill {
      if case .active(let subscription) = inputs[index] { subscription.request(.max(1)) }
    }
  }

  func cancel() {
    guard !isTerminated else { return }
    terminate()
  }

  // MARK: State machine helpers

  /// Sends one value downstream and returns the demand it added, including
  /// any requested re-entrantly while it was being received.
  private func deliver(_ value: Input) -> Subscribers.Demand {
    isDelivering = true
    let more = downstream.receive(value)
    isDelivering = false
    let total = more + pendingDemand
    pendingDemand = .none
    return total
  }

  /// Finishes downstream once every input has finished and no buffered value
  /// is still waiting for demand.
  private func finishIfDrained() {
    guard finishedCount == inputs.count, buffers.allSatisfy({ $0 == nil }) else { return }
    terminate()
    downstream.receive(completion: .finished)
  }

  /// Enters the terminal state and cancels every input still running.
  private func terminate() {
    isTerminated = true
    buffers = Array(repeating: nil, count: buffers.count)
    let running = inputs
    inputs = Array(repeating: .finished, count: inputs.count)
    for case .active(let subscription) in running { subscription.cancel() }
  }
}

extension MergeInner {
  /// The subscriber a merge attaches to one of its inputs.
  fileprivate struct Side: Subscriber, CustomStringConvertible {
    let index: Int
    let inner: MergeInner
    let combineIdentifier = CombineIdentifier()

    var description: String { "Merge" }

    func receive(subscription: Subscription) { inner.receive(subscription: subscription, index: index) }
    func receive(_ input: Input) -> Subscribers.Demand { inner.receive(input, index: index) }
    func receive(completion: Subscribers.Completion<Failure>) { inner.receive(completion: completion, index: index) }
  }
}
