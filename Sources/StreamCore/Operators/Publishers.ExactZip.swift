import OpenCombine

extension Publisher {
  /// Combines elements from this publisher with those from another publisher,
  /// pairing them first in, first out: Apple's `zip(_:)`.
  ///
  /// OpenCombine 0.14.0's `zip` subscribes its inputs before it gives its
  /// subscriber the subscription, and forwards a completion that happens
  /// meanwhile at once: `Empty().zip(Just(1))` sends `finished` before
  /// `receive(subscription:)`, and the next operator traps. This one hands
  /// the subscription downstream first and the completion after it, as
  /// Combine's contract demands, and never publishes a tuple beyond the
  /// demand (a surplus waits for the next request).
  ///
  ///     let a = PassthroughSubject<Int, Never>()
  ///     let b = PassthroughSubject<String, Never>()
  ///     cancellable = a.exactZip(b).sink { print($0) }
  ///     a.send(1); a.send(2); b.send("x")
  ///     // Prints: (1, "x")
  public func exactZip<P>(_ other: P) -> Publishers.ExactZip<Self, P>
  where P: Publisher, P.Failure == Failure {
    Publishers.ExactZip(self, other)
  }

  /// Like `exactZip(_:)`, then applies `transform` to each tuple.
  public func exactZip<P, T>(_ other: P, _ transform: @escaping (Output, P.Output) -> T)
    -> Publishers.Map<Publishers.ExactZip<Self, P>, T>
  where P: Publisher, P.Failure == Failure {
    Publishers.ExactZip(self, other).map(transform)
  }

  /// Like `exactZip(_:)`, with two additional publishers.
  public func exactZip<P, Q>(_ publisher1: P, _ publisher2: Q) -> Publishers.ExactZip3<Self, P, Q>
  where P: Publisher, Q: Publisher, P.Failure == Failure, Q.Failure == Failure {
    Publishers.ExactZip3(self, publisher1, publisher2)
  }

  /// Like `exactZip(_:_:)`, then applies `transform` to each tuple.
  public func exactZip<P, Q, T>(
    _ publisher1: P, _ publisher2: Q, _ transform: @escaping (Output, P.Output, Q.Output) -> T
  ) -> Publishers.Map<Publishers.ExactZip3<Self, P, Q>, T>
  where P: Publisher, Q: Publisher, P.Failure == Failure, Q.Failure == Failure {
    Publishers.ExactZip3(self, publisher1, publisher2).map(transform)
  }

  /// Like `exactZip(_:)`, with three additional publishers.
  public func exactZip<P, Q, R>(_ publisher1: P, _ publisher2: Q, _ publisher3: R)
    -> Publishers.ExactZip4<Self, P, Q, R>
  where P: Publisher, Q: Publisher, R: Publisher, P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
    Publishers.ExactZip4(self, publisher1, publisher2, publisher3)
  }

  /// Like `exactZip(_:_:_:)`, then applies `transform` to each tuple.
  public func exactZip<P, Q, R, T>(
    _ publisher1: P, _ publisher2: Q, _ publisher3: R,
    _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
  ) -> Publishers.Map<Publishers.ExactZip4<Self, P, Q, R>, T>
  where P: Publisher, Q: Publisher, R: Publisher, P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
    Publishers.ExactZip4(self, publisher1, publisher2, publisher3).map(transform)
  }
}

extension Publishers {
  /// A publisher created by applying the zip function to two upstream publishers.
  public struct ExactZip<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
    public typealias Output = (A.Output, B.Output)
    public typealias Failure = A.Failure

    public let a: A
    public let b: B

    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
      let inner = ZipInner<Downstream, ([A.Output], [B.Output])>(downstream: subscriber, count: 2, queues: ([], [])) {
        ($0.0.removeFirst(), $0.1.removeFirst())
      }
      // Combine subscribes to every input before it hands the subscription
      // downstream; a completion that happens meanwhile waits for `start`.
      a.subscribe(inner.side(0) { inner.queues.0.append($0) })
      b.subscribe(inner.side(1) { inner.queues.1.append($0) })
      inner.start()
    }
  }

  /// A publisher created by applying the zip function to three upstream publishers.
  public struct ExactZip3<A: Publisher, B: Publisher, C: Publisher>: Publisher
  where A.Failure == B.Failure, B.Failure == C.Failure {
    public typealias Output = (A.Output, B.Output, C.Output)
    public typealias Failure = A.Failure

    public let a: A
    public let b: B
    public let c: C

    public init(_ a: A, _ b: B, _ c: C) {
      self.a = a
      self.b = b
      self.c = c
    }

    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
      let inner = ZipInner<Downstream, ([A.Output], [B.Output], [C.Output])>(
        downstream: subscriber, count: 3, queues: ([], [], [])
      ) { ($0.0.removeFirst(), $0.1.removeFirst(), $0.2.removeFirst()) }
      a.subscribe(inner.side(0) { inner.queues.0.append($0) })
      b.subscribe(inner.side(1) { inner.queues.1.append($0) })
      c.subscribe(inner.side(2) { inner.queues.2.append($0) })
      inner.start()
    }
  }

  /// A publisher created by applying the zip function to four upstream publishers.
  public struct ExactZip4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
  where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure {
    public typealias Output = (A.Output, B.Output, C.Output, D.Output)
    public typealias Failure = A.Failure

    public let a: A
    public let b: B
    public let c: C
    public let d: D

    public init(_ a: A, _ b: B, _ c: C, _ d: D) {
      self.a = a
      self.b = b
      self.c = c
      self.d = d
    }

    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
      let inner = ZipInner<Downstream, ([A.Output], [B.Output], [C.Output], [D.Output])>(
        downstream: subscriber, count: 4, queues: ([], [], [], [])
      ) { ($0.0.removeFirst(), $0.1.removeFirst(), $0.2.removeFirst(), $0.3.removeFirst()) }
      a.subscribe(inner.side(0) { inner.queues.0.append($0) })
      b.subscribe(inner.side(1) { inner.queues.1.append($0) })
      c.subscribe(inner.side(2) { inner.queues.2.append($0) })
      d.subscribe(inner.side(3) { inner.queues.3.append($0) })
      inner.start()
    }
  }
}

/// The subscription one zip gives its subscriber: it queues every input's
/// elements and publishes a tuple once each input has one waiting.
///
/// This follows Apple's Zip: downstream demand is forwarded to every input;
/// demand returned by downstream for a tuple goes back to the input whose
/// element completed it (as its `receive` result) and is requested from the
/// others. Zip finishes as soon as one input has finished with nothing left
/// in its queue (no further tuple is possible), cancelling the others, and
/// fails at once when one input fails. Every pipeline of a run lives on the
/// virtual clock's one thread, so re-entrancy is handled with flags rather
/// than locks.
private final class ZipInner<Downstream: Subscriber, Queues>: Subscription, CustomStringConvertible {
  typealias Failure = Downstream.Failure

  /// Where one input is in its life.
  private enum InputState {
    case awaitingSubscription
    case active(Subscription)
    case finished
  }

  private let downstream: Downstream
  /// The undelivered elements of each input, as a tuple of arrays.
  var queues: Queues
  private let emptyQueues: Queues
  /// Takes the first element of every queue, as the tuple to publish.
  private let dequeue: (inout Queues) -> Downstream.Input
  /// How many elements wait in each queue.
  private var counts: [Int]
  private var inputs: [InputState]
  private var demand = Subscribers.Demand.none
  /// Set once a completion was decided or downstream cancelled: nothing else goes downstream.
  private var isTerminated = false
  private var isCancelled = false
  /// True while a tuple is being delivered; demand requested meanwhile is
  /// banked in `pendingDemand` instead of re-entering the delivery loop.
  private var isDelivering = false
  private var pendingDemand = Subscribers.Demand.none
  /// True once downstream holds its subscription. A completion that comes
  /// earlier (an input that is `Empty` or `Fail`) waits here until then.
  private var isEstablished = false
  private var pendingCompletion: Subscribers.Completion<Failure>?

  init(downstream: Downstream, count: Int, queues: Queues, dequeue: @escaping (inout Queues) -> Downstream.Input) {
    self.downstream = downstream
    self.queues = queues
    self.emptyQueues = queues
    self.dequeue = dequeue
    counts = Array(repeating: 0, count: count)
    inputs = Array(repeating: .awaitingSubscription, count: count)
  }

  var description: String { "Zip" }

  /// The subscriber for input `index`; `store` appends an element to its queue.
  func side<Input>(_ index: Int, store: @escaping (Input) -> Void) -> Side<Input> {
    Side(index: index, inner: self, store: store)
  }

  /// Hands the subscription downstream, then delivers a completion that
  /// happened while the inputs were being subscribed.
  func start() {
    downstream.receive(subscription: self)
    isEstablished = true
    if let completion = pendingCompletion, !isCancelled {
      pendingCompletion = nil
      downstream.receive(completion: completion)
    }
  }

  // MARK: Events from the inputs

  fileprivate func receive(subscription: Subscription, index: Int) {
    guard !isTerminated, case .awaitingSubscription = inputs[index] else {
      subscription.cancel()
      return
    }
    inputs[index] = .active(subscription)
    if demand > .none { subscription.request(demand) }
  }

  fileprivate func receive(index: Int, store: () -> Void) -> Subscribers.Demand {
    guard !isTerminated, case .active = inputs[index] else { return .none }
    store()
    counts[index] += 1
    return deliverTuples(completedBy: index)
  }

  fileprivate func receive(completion: Subscribers.Completion<Failure>, index: Int) {
    guard !isTerminated, case .active = inputs[index] else { return }
    inputs[index] = .finished
    switch completion {
    case .finished:
      // While a tuple is being delivered, the delivery loop checks this afterwards.
      if !isDelivering { finishIfNoTupleIsPossible() }
    case .failure:
      terminate()
      send(completion)
    }
  }

  // MARK: Subscription

  func request(_ demand: Subscribers.Demand) {
    guard !isTerminated, demand > .none else { return }
    if isDelivering {
      pendingDemand += demand
      return
    }
    self.demand += demand
    for case .active(let subscription) in inputs { subscription.request(demand) }
    _ = deliverTuples(completedBy: nil)
  }

  func cancel() {
    guard !isCancelled else { return }
    isCancelled = true
    pendingCompletion = nil
    terminate()
  }

  // MARK: State machine helpers

  /// Publishes every complete tuple downstream has asked for. Demand that
  /// downstream adds goes back to `input` (the input whose element completed
  /// a tuple, as the returned demand) and is requested from every other one.
  private func deliverTuples(completedBy input: Int?) -> Subscribers.Demand {
    guard !isDelivering else { return .none }
    var demandForInput = Subscribers.Demand.none
    while !isTerminated, demand > .none, counts.allSatisfy({ $0 > 0 }) {
      let tuple = dequeue(&queues)
      counts = counts.map { $0 - 1 }
      demand -= 1
      isDelivering = true
      let more = downstream.receive(tuple) + pendingDemand
      isDelivering = false
      pendingDemand = .none
      guard !isTerminated, more > .none else { continue }
      demand += more
      for (index, state) in inputs.enumerated() where index != input {
        if case .active(let subscription) = state { subscription.request(more) }
      }
      demandForInput += more
    }
    finishIfNoTupleIsPossible()
    return isTerminated ? .none : demandForInput
  }

  /// Finishes downstream once an input has finished with an empty queue: no
  /// further tuple can be made.
  private func finishIfNoTupleIsPossible() {
    guard !isTerminated else { return }
    let exhausted = inputs.indices.contains { index in
      if case .finished = inputs[index] { return counts[index] == 0 }
      return false
    }
    guard exhausted else { return }
    terminate()
    send(.finished)
  }

  private func send(_ completion: Subscribers.Completion<Failure>) {
    if isEstablished {
      downstream.receive(completion: completion)
    } else {
      pendingCompletion = completion
    }
  }

  /// Enters the terminal state and cancels every input still running.
  private func terminate() {
    isTerminated = true
    queues = emptyQueues
    counts = Array(repeating: 0, count: counts.count)
    let running = inputs
    inputs = Array(repeating: .finished, count: inputs.count)
    for case .active(let subscription) in running { subscription.cancel() }
  }
}

extension ZipInner {
  /// The subscriber a zip attaches to one of its inputs.
  fileprivate struct Side<Input>: Subscriber, CustomStringConvertible {
    let index: Int
    let inner: ZipInner
    let store: (Input) -> Void
    let combineIdentifier = CombineIdentifier()

    var description: String { "Zip" }

    func receive(subscription: Subscription) { inner.receive(subscription: subscription, index: index) }
    func receive(_ input: Input) -> Subscribers.Demand { inner.receive(index: index) { store(input) } }
    func receive(completion: Subscribers.Completion<Failure>) { inner.receive(completion: completion, index: index) }
  }
}
