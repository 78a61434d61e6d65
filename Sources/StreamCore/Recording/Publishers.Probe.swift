import OpenCombine

extension Publisher where Output == Value, Failure == StreamError {
  /// Records everything that passes between this publisher and its
  /// subscriber into `channel`, without changing it.
  ///
  /// The one exception is a stopping run: then the probe cancels upstream
  /// and lets nothing more through, so a runaway source ends.
  ///
  /// The probe also holds the stage in front of it to Combine's contract (a
  /// subscription before anything else, no value beyond the demand, nothing
  /// after the completion). A stage that breaks it stops the run with a
  /// runtime error naming `stage` (the channel's row label when nil), instead
  /// of passing the event on to an operator that would trap on it.
  public func probe(_ channel: TimelineChannel, stage: String? = nil) -> Publishers.Probe<Self> {
    Publishers.Probe(upstream: self, channel: channel, stage: stage ?? channel.label)
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
    /// The source text of the stage in front of the probe, for a contract violation.
    public let stage: String

    public init(upstream: Upstream, channel: TimelineChannel, stage: String) {
      self.upstream = upstream
      self.channel = channel
      self.stage = stage
    }

    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Value, Downstream.Failure == StreamError {
      upstream.subscribe(ProbeInner(downstream: subscriber, channel: channel, stage: stage))
    }
  }
}

/// The subscription of one probe: `Probe`'s inner class, kept outside it and
/// holding its downstream as an existential on purpose. Generic over its
/// downstream, as OpenCombine's inner classes are, each probe's type nested
/// the type of every stage below it (a `Map.Inner<Probe.Inner<Map.Inner<…>>>`
/// 20,000 generic types deep for a 10,000-stage pipeline), so subscribing
/// instantiated a new generic type's metadata at every stage: most of the
/// time and memory of subscribing a long pipeline (issue 26). The existential
/// cuts the nesting at each probe; a call through it costs what a call to
/// the unspecialized generic downstream did.
private final class ProbeInner: Subscriber, Subscription, CustomStringConvertible {
  typealias Input = Value
  typealias Failure = StreamError

  private let downstream: any Subscriber<Value, StreamError>
  private let channel: TimelineChannel
  private let stage: String
  // Read and written at every value, from the run's one thread: unchecked,
  // because the dynamic exclusivity check (swift_beginAccess and its
  // thread-local lookup) cost more than the rest of the probe's bookkeeping.
  @exclusivity(unchecked) private var state = ProbeState.awaitingSubscription
  /// Upstream's subscription, set while `state` is `.subscribed`. Kept out
  /// of the state enum: a payload there made every `switch` at every value
  /// copy the existential (a retain and a release).
  @exclusivity(unchecked) private var subscription: Subscription?
  /// What downstream asked for and has not received yet.
  @exclusivity(unchecked) private var demand = Subscribers.Demand.none

  init(downstream: any Subscriber<Value, StreamError>, channel: TimelineChannel, stage: String) {
    self.downstream = downstream
    self.channel = channel
    self.stage = stage
  }

  /// A probe is invisible: it names itself by the subscription of the stage
  /// in front of it, so `print` logs `receive subscription: (Just)` as Combine does.
  var description: String {
    if state == .subscribed, let subscription { return Self.combineName(of: subscription) }
    return "Probe"
  }

  /// The name Combine gives a subscription. An OpenCombine operator whose
  /// inner subscription has no description of its own (`Delay`'s) would
  /// print as its full generic type; Combine names it by its publisher,
  /// as OpenCombine's own descriptions do (`Debounce`, `Map`).
  static func combineName(of subscription: Subscription) -> String {
    let text = String(describing: subscription)
    guard text.contains("<") else { return text }
    let marker = Array("Publishers.")
    let characters = Array(text)
    guard let start = characters.indices.first(where: { characters[$0...].starts(with: marker) }) else {
      return text
    }
    let name = characters[(start + marker.count)...].prefix { $0.isLetter || $0.isNumber }
    return name.isEmpty ? text : String(name)
  }

  func receive(subscription: Subscription) {
    guard case .awaitingSubscription = state else {
      subscription.cancel()
      return
    }
    // A stopping run starts nothing new: without this, `retry` over a
    // source that fails at once would resubscribe forever.
    if channel.isStopping {
      state = .closed
      subscription.cancel()
      return
    }
    state = .subscribed
    self.subscription = subscription
    let id = channel.record(.subscribed)
    channel.passing(id) { downstream.receive(subscription: self) }
  }

  func receive(_ input: Value) -> Subscribers.Demand {
    switch state {
    case .awaitingSubscription:
      violate("sent the value \(input) before its subscription")
      return .none
    case .finished:
      violate("sent the value \(input) after its completion")
      return .none
    case .closed:
      return .none
    case .subscribed:
      break
    }
    if channel.isStopping {
      close()
      return .none
    }
    guard demand > .none else {
      violate("sent the value \(input) that nobody asked for (beyond the demand)")
      return .none
    }
    demand -= 1
    let id = channel.recordValue(input)
    let more = channel.passing(id) { downstream.receive(input) }
    demand += more
    channel.noteDemand(demand)
    return more
  }

  func receive(completion: Subscribers.Completion<StreamError>) {
    switch state {
    case .awaitingSubscription:
      violate("sent its completion before its subscription")
      return
    case .finished:
      violate("sent a second completion")
      return
    case .closed:
      return
    case .subscribed:
      break
    }
    state = .finished
    subscription = nil
    channel.noteDemand(nil)
    let id: Int?
    switch completion {
    case .finished: id = channel.record(.finished)
    case .failure(let error): id = channel.record(.failed(error.message))
    }
    channel.passing(id) { downstream.receive(completion: completion) }
  }

  func request(_ demand: Subscribers.Demand) {
    guard state == .subscribed, let subscription else { return }
    channel.record(.requested(demand.max.map(DemandCount.max) ?? .unlimited))
    self.demand += demand
    channel.noteDemand(self.demand)
    channel.asking { subscription.request(demand) }
  }

  func cancel() {
    guard state == .subscribed else { return }
    // A run that is stopping tears its pipelines down; that is streamlab's
    // doing, not the subscriber's, so it is not drawn as a cancel.
    // Upstream's own cancel, and what it stops, are this cancel's doing.
    let id = channel.isStopping ? nil : channel.record(.cancelled)
    channel.passing(id) { close() }
  }

  /// Ends this stage silently: the row is left open, which the diagram
  /// shows as still running.
  private func close() {
    let running = subscription
    channel.noteDemand(nil)
    state = .closed
    subscription = nil
    running?.cancel()
  }

  /// The stage in front broke Combine's contract: that is a bug in
  /// streamlab, not in the student's program. The run stops with a message
  /// naming the stage rather than letting the next operator trap on it.
  private func violate(_ what: String) {
    channel.reportContractViolation("`\(stage)` \(what), which breaks Combine's contract", stage: stage)
    close()
  }
}

/// Where the stage in front of a probe is in its life.
///
/// Outside `ProbeInner` on purpose: an enum nested in a generic class is
/// itself generic, and the unspecialized probe looked its metadata up at
/// every value (10% of a million-event run).
private enum ProbeState {
  case awaitingSubscription
  /// Upstream's subscription is in `ProbeInner.subscription`.
  case subscribed
  /// The stage sent its completion.
  case finished
  /// Downstream cancelled, the run is stopping, or the contract was broken:
  /// whatever still arrives is dropped.
  case closed
}
