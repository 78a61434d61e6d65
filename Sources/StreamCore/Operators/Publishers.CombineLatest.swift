import OpenCombine

extension Publisher {
  /// Subscribes to an additional publisher and publishes a tuple of the most recent
  /// element from each whenever any of them emits.
  ///
  /// Nothing is published until every upstream has published at least one
  /// element. Downstream demand is passed to every upstream; while downstream
  /// has no demand, new elements only replace the remembered latest ones. The
  /// combined publisher finishes when every upstream has finished, and fails
  /// (cancelling the others) as soon as one upstream fails.
  ///
  ///     let a = PassthroughSubject<Int, Never>()
  ///     let b = PassthroughSubject<String, Never>()
  ///     cancellable = a.combineLatest(b).sink { print($0) }
  ///     a.send(1); a.send(2); b.send("x"); a.send(3)
  ///     // Prints: (2, "x") then (3, "x")
  public func combineLatest<P>(_ other: P) -> Publishers.CombineLatest<Self, P>
  where P: Publisher, P.Failure == Failure {
    Publishers.CombineLatest(self, other)
  }

  /// Like `combineLatest(_:)`, then applies `transform` to each tuple.
  public func combineLatest<P, T>(
    _ other: P, _ transform: @escaping (Output, P.Output) -> T
  ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T>
  where P: Publisher, P.Failure == Failure {
    Publishers.CombineLatest(self, other).map(transform)
  }

  /// Like `combineLatest(_:)`, with two additional publishers: publishes a
  /// tuple of the most recent element from each once all have emitted.
  public func combineLatest<P, Q>(_ publisher1: P, _ publisher2: Q) -> Publishers.CombineLatest3<Self, P, Q>
  where P: Publisher, Q: Publisher, P.Failure == Failure, Q.Failure == Failure {
    Publishers.CombineLatest3(self, publisher1, publisher2)
  }

  /// Like `combineLatest(_:_:)`, then applies `transform` to each tuple.
  public func combineLatest<P, Q, T>(
    _ publisher1: P, _ publisher2: Q, _ transform: @escaping (Output, P.Output, Q.Output) -> T
  ) -> Publishers.Map<Publishers.CombineLatest3<Self, P, Q>, T>
  where P: Publisher, Q: Publisher, P.Failure == Failure, Q.Failure == Failure {
    Publishers.CombineLatest3(self, publisher1, publisher2).map(transform)
  }

  /// Like `combineLatest(_:)`, with three additional publishers: publishes a
  /// tuple of the most recent element from each once all have emitted.
  public func combineLatest<P, Q, R>(_ publisher1: P, _ publisher2: Q, _ publisher3: R)
    -> Publishers.CombineLatest4<Self, P, Q, R>
  where P: Publisher, Q: Publisher, R: Publisher, P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
    Publishers.CombineLatest4(self, publisher1, publisher2, publisher3)
  }

  /// Like `combineLatest(_:_:_:)`, then applies `transform` to each tuple.
  public func combineLatest<P, Q, R, T>(
    _ publisher1: P, _ publisher2: Q, _ publisher3: R,
    _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
  ) -> Publishers.Map<Publishers.CombineLatest4<Self, P, Q, R>, T>
  where P: Publisher, Q: Publisher, R: Publisher, P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
    Publishers.CombineLatest4(self, publisher1, publisher2, publisher3).map(transform)
  }
}

extension Publishers {
  /// A publisher that combines the latest elements from two publishers into tuples.
  public struct CombineLatest<A: Publisher, B: Publisher>: Publisher
  where A.Failure == B.Failure {
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
      let inner = CombineLatestInner<Downstream, (A.Output?, B.Output?)>(
        downstream: subscriber, count: 2, latest: (nil, nil)
      ) { latest in
        guard let v0 = latest.0, let v1 = latest.1 else { return nil }
        return (v0, v1)
      }
      // Combine subscribes to every input before it hands the subscription
      // downstream; demand then flows to the inputs from `request`.
      a.subscribe(inner.side(0) { inner.latest.0 = $0 })
      b.subscribe(inner.side(1) { inner.latest.1 = $0 })
      inner.start()
    }
  }

  /// A publisher that combines the latest elements from three publishers into tuples.
  public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
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
      let inner = CombineLatestInner<Downstream, (A.Output?, B.Output?, C.Output?)>(
        downstream: subscriber, count: 3, latest: (nil, nil, nil)
      ) { latest in
        guard let v0 = latest.0, let v1 = latest.1, let v2 = latest.2 else { return nil }
        return (v0, v1, v2)
      }
      // Combine subscribes to every input before it hands the subscription
      // downstream; demand then flows to the inputs from `request`.
      a.subscribe(inner.side(0) { inner.latest.0 = $0 })
      b.subscribe(inner.side(1) { inner.latest.1 = $0 })
      c.subscribe(inner.side(2) { inner.latest.2 = $0 })
      inner.start()
    }
  }

  /// A publisher that combines the latest elements from four publishers into tuples.
  public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
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
      let inner = CombineLatestInner<Downstream, (A.Output?, B.Output?, C.Output?, D.Output?)>(
        downstream: subscriber, count: 4, latest: (nil, nil, nil, nil)
      ) { latest in
        guard let v0 = latest.0, let v1 = latest.1, let v2 = latest.2, let v3 = latest.3 else { return nil }
        return (v0, v1, v2, v3)
      }
      // Combine subscribes to every input before it hands the subscription
      // downstream; demand then flows to the inputs from `request`.
      a.subscribe(inner.side(0) { inner.latest.0 = $0 })
      b.subscribe(inner.side(1) { inner.latest.1 = $0 })
      c.subscribe(inner.side(2) { inner.latest.2 = $0 })
      d.subscribe(inner.side(3) { inner.latest.3 = $0 })
      inner.start()
    }
  }
}

/// The subscription one combineLatest gives its subscriber: it remembers the
/// latest element of every input and publishes their tuple.
///
/// This follows Apple's CombineLatest: downstream demand is forwarded to every
/// input; an element that arrives while downstream has no demand (or while a
/// tuple is being delivered) only updates the remembered latest value; demand
/// returned by downstream for a tuple goes back to the input that caused it.
/// Every pipeline of a run lives on the virtual clock's one thread, so
/// re-entrancy is handled with flags rather than locks.
private final class CombineLatestInner<Downstream: Subscriber, Latest>: Subscription, CustomStringConvertible {
  typealias Failure = Downstream.Failure

  private let downstream: Downstream
  /// The latest element of each input, as a tuple of optionals.
  var latest: Latest
  private let emptyLatest: Latest
  /// Makes the tuple to publish, or nil while some input has not emitted yet.
  private let combine: (Latest) -> Downstream.Input?
  private var subscriptions: [Subscription?]
  private var finishedCount = 0
  private var demand = Subscribers.Demand.none
  private var isCancelled = false
  /// Set once a completion was decided: nothing else goes downstream.
  private var isFinished = false
  private var isDelivering = false
  /// True once downstream holds its subscription. A completion that comes
  /// earlier (an input that is `Empty`) waits here until then.
  private var isEstablished = false
  private var pendingCompletion: Subscribers.Completion<Failure>?

  init(downstream: Downstream, count: Int, latest: Latest, combine: @escaping (Latest) -> Downstream.Input?) {
    self.downstream = downstream
    self.latest = latest
    self.emptyLatest = latest
    self.combine = combine
    subscriptions = Array(repeating: nil, count: count)
  }

  var description: String { "CombineLatest" }

  /// The subscriber for input `index`; `store` writes an element into `latest`.
  func side<Input>(_ index: Int, store: @escaping (Input) -> Void) -> Side<Input> {
    Side(index: index, inner: self, store: store)
  }

  /// Hands the subscription downstream, then delivers a completion that
  /// happened while the inputs were being subscribed.
  func start() {
    downstream.receive(subscription: self)
    isEstablished = true
    if let completion = pendingCompletion {
      pendingCompletion = nil
      downstream.receive(completion: completion)
    }
  }

  // MARK: Events from the inputs

  fileprivate func receive(subscription: Subscription, index: Int) {
    guard !isCancelled, !isFinished, subscriptions[index] == nil else {
      subscription.cancel()
      return
    }
    subscriptions[index] = subscription
  }

  fileprivate func receive(index: Int, store: () -> Void) -> Subscribers.Demand {
    guard !isCancelled, !isFinished else { return .none }
    store()
    guard !isDelivering, demand > .none, let tuple = combine(latest) else { return .none }
    demand -= 1
    isDelivering = true
    let more = downstream.receive(tuple)
    isDelivering = false
    demand += more
    return more
  }

  fileprivate func receive(completion: Subscribers.Completion<Failure>, index: Int) {
    guard !isCancelled, !isFinished else { return }
    switch completion {
    case .finished:
      finishedCount += 1
      subscriptions[index] = nil
      guard finishedCount == subscriptions.count else { return }
      isFinished = true
      latest = emptyLatest
      send(completion)
    case .failure:
      isFinished = true
      let running = subscriptions
      subscriptions = Array(repeating: nil, count: running.count)
      latest = emptyLatest
      for (other, subscription) in running.enumerated() where other != index { subscription?.cancel() }
      send(completion)
    }
  }

  private func send(_ completion: Subscribers.Completion<Failure>) {
    if isEstablished {
      downstream.receive(completion: completion)
    } else {
      pendingCompletion = completion
    }
  }

  // MARK: Subscription

  func request(_ demand: Subscribers.Demand) {
    guard !isCancelled, !isFinished, demand > .none else { return }
    self.demand += demand
    for subscription in subscriptions { subscription?.request(demand) }
  }

  func cancel() {
    guard !isCancelled else { return }
    isCancelled = true
    let running = subscriptions
    subscriptions = Array(repeating: nil, count: running.count)
    latest = emptyLatest
    for subscription in running { subscription?.cancel() }
  }
}

extension CombineLatestInner {
  /// The subscriber a combineLatest attaches to one of its inputs.
  fileprivate struct Side<Input>: Subscriber, CustomStringConvertible {
    let index: Int
    let inner: CombineLatestInner
    let store: (Input) -> Void
    let combineIdentifier = CombineIdentifier()

    var description: String { "CombineLatest" }

    func receive(subscription: Subscription) { inner.receive(subscription: subscription, index: index) }
    func receive(_ input: Input) -> Subscribers.Demand { inner.receive(index: index) { store(input) } }
    func receive(completion: Subscribers.Completion<Failure>) { inner.receive(completion: completion, index: index) }
  }
}
