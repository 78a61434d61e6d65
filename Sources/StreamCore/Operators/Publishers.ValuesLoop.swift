import OpenCombine

extension Publisher {
  /// A `for await value in publisher.values { … }` loop whose body takes
  /// `bodyTime`, as a stage: the pipeline language's `values each 200ms`
  /// (issue 31).
  ///
  /// It asks upstream for one value at a time, as OpenCombine's
  /// `AsyncPublisher` (checked against Apple's: its `next()` requests
  /// `.max(1)`) does for each `next()` of the loop. Between a value and the
  /// next request the loop's task runs: it goes on at the value's instant,
  /// after what is already due then (its continuation is a new job on the
  /// executor), then its body sleeps `bodyTime`; only then does it ask again.
  /// A `PassthroughSubject` drops what is sent meanwhile. Each value is
  /// passed on at once, so the stage's row is what the loop got.
  ///
  ///     subject.valuesLoop(bodyTime: .milliseconds(200), scheduler: clock)
  ///     // ≈ Task { for await v in subject.values { try? await Task.sleep(for: .milliseconds(200)) } }
  public func valuesLoop<Context: Scheduler>(bodyTime: Context.SchedulerTimeType.Stride, scheduler: Context)
    -> Publishers.ValuesLoop<Self, Context>
  {
    Publishers.ValuesLoop(upstream: self, bodyTime: bodyTime, scheduler: scheduler)
  }
}

extension Publishers {
  public struct ValuesLoop<Upstream: Publisher, Context: Scheduler>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    public let bodyTime: Context.SchedulerTimeType.Stride
    public let scheduler: Context

    public init(upstream: Upstream, bodyTime: Context.SchedulerTimeType.Stride, scheduler: Context) {
      self.upstream = upstream
      self.bodyTime = bodyTime
      self.scheduler = scheduler
    }

    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, bodyTime: bodyTime, scheduler: scheduler))
    }
  }
}

extension Publishers.ValuesLoop {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription
  where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let downstream: Downstream
    private let bodyTime: Context.SchedulerTimeType.Stride
    private let scheduler: Context
    private var upstream: Subscription?
    private var isDone = false
    /// What the subscriber asked for and has not received.
    private var demand = Subscribers.Demand.none
    /// A value the loop took but the subscriber has not asked for yet.
    private var held: Input?
    /// Whether the loop waits for the subscriber's demand to ask upstream again.
    private var asksWhenDemanded = false

    init(downstream: Downstream, bodyTime: Context.SchedulerTimeType.Stride, scheduler: Context) {
      self.downstream = downstream
      self.bodyTime = bodyTime
      self.scheduler = scheduler
    }

    func receive(subscription: Subscription) {
      guard upstream == nil, !isDone else { return subscription.cancel() }
      upstream = subscription
      downstream.receive(subscription: self)
      // The loop's first `next()`.
      if !isDone { subscription.request(.max(1)) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      guard !isDone else { return .none }
      if demand > .none {
        demand -= 1
        demand += downstream.receive(input)
      } else {
        held = input
      }
      // The task goes on at this instant, after what is due now; its body then takes `bodyTime`.
      scheduler.schedule { [weak self] in
        guard let self, !self.isDone else { return }
        if self.bodyTime > .zero {
          self.scheduler.schedule(after: self.scheduler.now.advanced(by: self.bodyTime)) { [weak self] in
            self?.askForTheNextValue()
          }
        } else {
          self.askForTheNextValue()
        }
      }
      return .none
    }

    private func askForTheNextValue() {
      guard !isDone else { return }
      guard held == nil else {
        asksWhenDemanded = true
        return
      }
      upstream?.request(.max(1))
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      guard !isDone else { return }
      isDone = true
      upstream = nil
      downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
      guard !isDone else { return }
      self.demand += demand
      if let value = held, self.demand > .none {
        held = nil
        self.demand -= 1
        self.demand += downstream.receive(value)
        if asksWhenDemanded {
          asksWhenDemanded = false
          askForTheNextValue()
        }
      }
    }

    func cancel() {
      guard !isDone else { return }
      isDone = true
      let subscription = upstream
      upstream = nil
      subscription?.cancel()
    }
  }
}
