import OpenCombine

/// `subject 100ms:1, 250ms:2, 400ms:|`, `current 0, 100ms:1` and
/// `published 0, 100ms:1`: a real OpenCombine subject (or `@Published`
/// property), plus the sends a program scripted into it at absolute
/// program times.
///
/// The subject is hot: sends happen at their times whoever listens, a late
/// subscriber misses what was sent before it came, and sends after a
/// completion are ignored. All of that is the subject's own behaviour; this
/// type only schedules the sends.
///
/// Subscribe through `publisher(onDrop:)` to learn about values a subscriber
/// lost because it had no outstanding demand: a transparent tap between the
/// subject and the subscriber mirrors the subject's demand bookkeeping and
/// reports, just before each send, the subscribers that will lose it.
public final class ScriptedSubject {
  /// The subject itself, as a type-erased publisher.
  public let subject: AnyValuePublisher
  private let send: (Value) -> Void
  private let complete: (Subscribers.Completion<StreamError>) -> Void
  /// The taps of the subscribers still listening, in subscription order.
  private var taps: [DemandTapLink] = []
  /// True for a `CurrentValueSubject`: it keeps the value a subscriber had no
  /// demand for and delivers it when demand comes, so that value is lost only
  /// when a later send replaces it or the subject completes first.
  private let holdsLatest: Bool

  /// `subject …`: a `PassthroughSubject` and its scripted sends.
  ///
  /// - Parameters:
  ///   - sends: The script; offsets count from the program's start (0ms).
  ///     Sends due at the same time keep their order.
  ///   - clock: The clock the sends are scheduled on, now.
  public convenience init(passthrough sends: [TimedEvent], on clock: VirtualClock) {
    let subject = PassthroughSubject<Value, StreamError>()
    self.init(subject: subject, sends: sends, on: clock, holdsLatest: false)
  }

  /// `current 0, …`: a `CurrentValueSubject` holding `initial`, and its
  /// scripted sends. A subscriber receives the current value first.
  public convenience init(current initial: Value, sends: [TimedEvent], on clock: VirtualClock) {
    let subject = CurrentValueSubject<Value, StreamError>(initial)
    self.init(subject: subject, sends: sends, on: clock, holdsLatest: true)
  }

  /// `published 0, …`: an `@Published var` holding `initial` (OpenCombine's
  /// own property wrapper, on an object of its own), whose scripted sends
  /// assign to the property. Its publisher never completes, so `sends` hold
  /// values only. A subscriber receives the current value first, and each
  /// new value before the property holds it (`willSet` timing):
  /// `willSetSeen` reports the first time a subscriber saw that.
  public convenience init(published initial: Value, sends: [TimedEvent], on clock: VirtualClock) {
    let object = PublishedProperty(initial)
    let publisher = object.$value.setFailureType(to: StreamError.self)
      .handleEvents(receiveOutput: { [weak object] value in object?.delivered(value, at: clock.now) })
    self.init(
      publisher: publisher.eraseToAnyPublisher(), send: { object.assign($0) }, complete: { _ in }, sends: sends,
      on: clock, holdsLatest: true)
    published = object
  }

  /// The first time a subscriber of a `published` source received a new value,
  /// and what the property held then: `(100ms, 1, 0)` means the subscriber
  /// saw 1 at 100ms while reading the property still gave 0. Nil for subjects.
  public var willSetSeen: (time: VirtualTime, received: Value, propertyHeld: Value)? { published?.willSetSeen }

  private var published: PublishedProperty?

  private convenience init<S: Subject>(subject: S, sends: [TimedEvent], on clock: VirtualClock, holdsLatest: Bool)
  where S.Output == Value, S.Failure == StreamError {
    self.init(
      publisher: subject.eraseToAnyPublisher(), send: { subject.send($0) }, complete: { subject.send(completion: $0) },
      sends: sends, on: clock, holdsLatest: holdsLatest)
  }

  private init(
    publisher: AnyValuePublisher, send: @escaping (Value) -> Void,
    complete: @escaping (Subscribers.Completion<StreamError>) -> Void, sends: [TimedEvent], on clock: VirtualClock,
    holdsLatest: Bool
  ) {
    self.holdsLatest = holdsLatest
    self.subject = publisher
    self.send = send
    self.complete = complete
    // The clock keeps the subject alive until its last scripted send.
    for event in sends {
      clock.schedule(after: .zero.advanced(by: event.offset)) { self.perform(event.kind) }
    }
  }

  /// A publisher for one subscriber of the subject. `onDrop` is called with
  /// each value that subscriber loses because it has no outstanding demand.
  public func publisher(onDrop: ((Value) -> Void)? = nil) -> AnyValuePublisher {
    guard let onDrop else { return subject }
    return DemandTap(upstream: subject, owner: self, holdsLatest: holdsLatest, onDrop: onDrop).eraseToAnyPublisher()
  }

  private func perform(_ kind: TimedEvent.Kind) {
    switch kind {
    case .value(let value):
      taps.removeAll { $0.tap == nil }
      for link in taps { link.tap?.reportIfStarved(value) }
      send(value)
    case .finished:
      reportHeldValuesLost()
      complete(.finished)
    case .failed(let message):
      reportHeldValuesLost()
      complete(.failure(StreamError(message)))
    }
  }

  private func reportHeldValuesLost() {
    for link in taps { link.tap?.reportHeldValueLost() }
  }

  fileprivate func register(_ tap: DemandTap.Inner) {
    taps.append(DemandTapLink(tap: tap))
  }
}

/// The object a `published` source's `@Published var` lives in (the wrapper
/// works on class properties only).
private final class PublishedProperty {
  @Published var value: Value
  /// True while a scripted send assigns to `value`.
  private var isAssigning = false
  private(set) var willSetSeen: (time: VirtualTime, received: Value, propertyHeld: Value)?

  init(_ initial: Value) {
    value = initial
  }

  func assign(_ newValue: Value) {
    isAssigning = true
    value = newValue
    isAssigning = false
  }

  /// Called as a subscriber receives `received`: during an assignment the
  /// property still reads its old value.
  func delivered(_ received: Value, at time: VirtualTime) {
    guard isAssigning, willSetSeen == nil else { return }
    willSetSeen = (time, received, value)
  }
}

/// A weak reference to one subscriber's tap, so a finished subscriber is forgotten.
private struct DemandTapLink {
  weak var tap: DemandTap.Inner?
}

/// The transparent tap between a scripted subject and one subscriber: it
/// forwards everything unchanged and keeps the same count of outstanding
/// demand the subject keeps for that subscriber.
private struct DemandTap: Publisher {
  typealias Output = Value
  typealias Failure = StreamError

  let upstream: AnyValuePublisher
  let owner: ScriptedSubject
  let holdsLatest: Bool
  let onDrop: (Value) -> Void

  func receive<Downstream: Subscriber>(subscriber: Downstream)
  where Downstream.Input == Value, Downstream.Failure == StreamError {
    let inner = Inner(downstream: AnySubscriber(subscriber), holdsLatest: holdsLatest, onDrop: onDrop)
    owner.register(inner)
    upstream.subscribe(inner)
  }

  /// One subscriber's tap.
  final class Inner: Subscriber, Subscription, CustomStringConvertible {
    typealias Input = Value
    typealias Failure = StreamError

    private var downstream: AnySubscriber<Value, StreamError>?
    private let onDrop: (Value) -> Void
    private var upstream: Subscription?
    private var demand = Subscribers.Demand.none
    private let holdsLatest: Bool
    /// The value a current-value subject keeps for this subscriber until it
    /// asks for more.
    private var held: Value?

    init(downstream: AnySubscriber<Value, StreamError>, holdsLatest: Bool, onDrop: @escaping (Value) -> Void) {
      self.downstream = downstream
      self.holdsLatest = holdsLatest
      self.onDrop = onDrop
    }

    /// Called just before the subject sends `value`: with no outstanding
    /// demand the subject will skip this subscriber, so report the loss (a
    /// current-value subject keeps it instead, losing the one it held).
    func reportIfStarved(_ value: Value) {
      guard downstream != nil, upstream != nil, demand == .none else { return }
      guard holdsLatest else { return onDrop(value) }
      if let held { onDrop(held) }
      held = value
    }

    /// Called just before the subject completes: a value still held is never delivered.
    func reportHeldValueLost() {
      guard downstream != nil, let value = held else { return }
      held = nil
      onDrop(value)
    }

    /// The tap is invisible: it names itself by the subject's subscription,
    /// so `print` logs `receive subscription: (PassthroughSubject)` as Combine does.
    var description: String { upstream.map { String(describing: $0) } ?? "PassthroughSubject" }

    func receive(subscription: Subscription) {
      upstream = subscription
      downstream?.receive(subscription: self)
    }

    func receive(_ input: Value) -> Subscribers.Demand {
      guard let downstream else { return .none }
      held = nil
      if demand > .none { demand -= 1 }
      let more = downstream.receive(input)
      demand += more
      return more
    }

    func receive(completion: Subscribers.Completion<StreamError>) {
      let downstream = self.downstream
      self.downstream = nil
      upstream = nil
      downstream?.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
      guard downstream != nil else { return }
      self.demand += demand
      upstream?.request(demand)
    }

    func cancel() {
      downstream = nil
      let subscription = upstream
      upstream = nil
      subscription?.cancel()
    }
  }
}
