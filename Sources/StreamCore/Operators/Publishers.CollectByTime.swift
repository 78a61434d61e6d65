import OpenCombine

extension Publisher {
  /// Collects elements by a given time-grouping strategy, and emits a single
  /// array of the collection.
  ///
  /// Windows are timed from the subscription: the first closes one stride
  /// after it, the next one stride later, and so on. A window that collected
  /// nothing emits nothing. With `.byTimeOrCount`, a full buffer is emitted at
  /// once (on the scheduler, at the same instant) and the window timer starts
  /// over. When upstream finishes, the partly filled buffer is emitted before
  /// `finished`; when it fails, the buffer is discarded and the failure
  /// forwarded. Both are delivered through the scheduler, as Combine does.
  ///
  ///     subject.collect(.byTime(clock, .milliseconds(300)))
  ///     // values at 100, 200, 400ms → [a, b] at 300ms, [c] at 600ms
  ///
  /// - Parameters:
  ///   - strategy: The timing group strategy used by the operator to collect and publish elements.
  ///   - options: Scheduler options to use for the strategy.
  /// - Returns: A publisher that collects elements by a given strategy, and emits a single array of the collection.
  public func collect<Context: Scheduler>(
    _ strategy: Publishers.TimeGroupingStrategy<Context>,
    options: Context.SchedulerOptions? = nil
  ) -> Publishers.CollectByTime<Self, Context> {
    Publishers.CollectByTime(upstream: self, strategy: strategy, options: options)
  }
}

extension Publishers {
  /// A strategy for collecting received elements.
  public enum TimeGroupingStrategy<Context: Scheduler> {
    /// A grouping that collects and periodically publishes items.
    case byTime(Context, Context.SchedulerTimeType.Stride)
    /// A grouping that collects and publishes items periodically or when a
    /// buffer reaches a maximum size.
    case byTimeOrCount(Context, Context.SchedulerTimeType.Stride, Int)
  }

  /// A publisher that buffers and periodically publishes its items.
  public struct CollectByTime<Upstream: Publisher, Context: Scheduler>: Publisher {
    public typealias Output = [Upstream.Output]
    public typealias Failure = Upstream.Failure

    /// The publisher that this publisher receives elements from.
    public let upstream: Upstream
    /// The strategy with which to collect and publish elements.
    public let strategy: TimeGroupingStrategy<Context>
    /// Scheduler options to use for the strategy.
    public let options: Context.SchedulerOptions?

    public init(upstream: Upstream, strategy: TimeGroupingStrategy<Context>, options: Context.SchedulerOptions?) {
      self.upstream = upstream
      self.strategy = strategy
      self.options = options
    }

    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, strategy: strategy, options: options))
    }
  }
}

extension Publishers.CollectByTime {
  /// The subscription one collect-by-time gives its subscriber: the buffer of
  /// the window being collected and the timer that closes it.
  ///
  /// Demand follows Apple's implementation. `.byTime` keeps one element
  /// requested from upstream at all times and emits a window only when
  /// downstream has demand (otherwise the buffer keeps growing until it
  /// has). `.byTimeOrCount` asks upstream for `count` elements per array
  /// downstream wants, and emits timed windows whatever downstream's demand,
  /// ignoring the demand they return. Runs on one thread (the virtual clock's),
  /// so re-entrancy is handled with flags rather than locks.
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
  where Downstream.Input == Output, Downstream.Failure == Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let downstream: Downstream
    private let context: Context
    private let stride: Context.SchedulerTimeType.Stride
    /// The most elements one array may hold, for `.byTimeOrCount`; nil for `.byTime`.
    private let maxCount: Int?
    private let options: Context.SchedulerOptions?

    private var upstream: Subscription?
    private var buffer: [Input] = []
    private var demand = Subscribers.Demand.none
    private var timer: Cancellable?
    /// Set once upstream completed; the completion may still be on its way.
    private var isCompleted = false
    /// Set once downstream cancelled: nothing more is delivered.
    private var isCancelled = false

    init(downstream: Downstream, strategy: Publishers.TimeGroupingStrategy<Context>, options: Context.SchedulerOptions?)
    {
      self.downstream = downstream
      self.options = options
      switch strategy {
      case .byTime(let context, let stride):
        self.context = context
        self.stride = stride
        maxCount = nil
      case .byTimeOrCount(let context, let stride, let count):
        self.context = context
        self.stride = stride
        // A count below one could never fill; treat it as one.
        maxCount = Swift.max(count, 1)
      }
    }

    var description: String { "CollectByTime" }

    // MARK: Subscriber

    func receive(subscription: Subscription) {
      guard upstream == nil, !isCompleted, !isCancelled else {
        subscription.cancel()
        return
      }
      upstream = subscription
      startTimer()
      downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      guard upstream != nil, !isCompleted, !isCancelled else { return .none }
      buffer.append(input)
      guard let maxCount else { return .max(1) }
      guard buffer.count >= maxCount else { return .none }
      let window = buffer
      buffer.removeAll(keepingCapacity: true)
      startTimer()
      // Combine delivers a full window through the scheduler, not from
      // inside upstream's send, so its new demand arrives as a fresh request.
      context.schedule(options: options) { [self] in
        guard !isCancelled else { return }
        let more = downstream.receive(window)
        if more > .none, !isCompleted, !isCancelled { upstream?.request(more * maxCount) }
      }
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      guard upstream != nil, !isCompleted, !isCancelled else { return }
      isCompleted = true
      upstream = nil
      timer?.cancel()
      timer = nil
      var last: [Input]?
      if case .finished = completion, !buffer.isEmpty { last = buffer }
      buffer = []
      context.schedule(options: options) { [self] in
        guard !isCancelled else { return }
        if let last { _ = downstream.receive(last) }
        downstream.receive(completion: completion)
      }
    }

    // MARK: Subscription

    func request(_ demand: Subscribers.Demand) {
      guard demand > .none, !isCompleted, !isCancelled, let upstream else { return }
      if let maxCount {
        upstream.request(demand * maxCount)
      } else {
        self.demand += demand
        upstream.request(.max(1))
      }
    }

    func cancel() {
      guard !isCancelled else { return }
      isCancelled = true
      timer?.cancel()
      timer = nil
      buffer = []
      let subscription = upstream
      upstream = nil
      subscription?.cancel()
    }

    // MARK: Windows

    /// Starts (or restarts) the window timer one stride from now.
    private func startTimer() {
      timer?.cancel()
      timer = context.schedule(
        after: context.now.advanced(by: stride), interval: stride, tolerance: context.minimumTolerance,
        options: options
      ) { [weak self] in self?.closeWindow() }
    }

    private func closeWindow() {
      guard !isCompleted, !isCancelled, !buffer.isEmpty else { return }
      if maxCount == nil {
        guard demand > .none else { return }
        demand -= 1
      }
      let window = buffer
      buffer.removeAll(keepingCapacity: true)
      let more = downstream.receive(window)
      if maxCount == nil { demand += more }
    }
  }
}
