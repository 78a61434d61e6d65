import OpenCombine
import StreamCore
import StreamLang

/// A publisher the paste made: its source and the operators applied to it,
/// kept as a recipe until something subscribes.
///
/// Each subscription builds the chain anew with a probe after every stage,
/// as Combine builds a new chain of subscriptions for each subscriber;
/// what is shared (a subject, a `share()`) is one object inside the recipe.
final class PublisherValue: OpaqueValue {
  /// The row label of the source: the Swift that made it (`subject`, `$query`).
  let sourceLabel: String
  let makeSource: () -> AnyValuePublisher
  /// The source made for a shown pipeline when it can tell what it dropped
  /// for want of demand (a `PassthroughSubject`): the row draws those `×`.
  let makeWatchedSource: ((_ onDrop: @escaping (Value) -> Void) -> AnyValuePublisher)?
  let stages: [PublisherStage]
  /// Each stage's `<Output, Failure>` as swiftc infers it from the paste's
  /// Swift (`StageTyper`), the source first; `_` where the typer cannot tell.
  /// A `var`: a source's type is learnt where its syntax is (`[1, 2].publisher`).
  var types: [StageType]
  /// Why a part of `types` is `_`: which closure or value the typer could not type.
  var untyped: [String]
  /// Whether the chain ends in `eraseToAnyPublisher()`: an `AnyPublisher`
  /// in Swift's types, where the last operator's own type is not.
  let isErased: Bool

  init(
    sourceLabel: String, type: StageType = .unknown, untyped: [String] = [], stages: [PublisherStage] = [],
    types: [StageType]? = nil, isErased: Bool = false,
    makeWatchedSource: ((_ onDrop: @escaping (Value) -> Void) -> AnyValuePublisher)? = nil,
    makeSource: @escaping () -> AnyValuePublisher
  ) {
    self.sourceLabel = sourceLabel
    self.makeSource = makeSource
    self.makeWatchedSource = makeWatchedSource
    self.stages = stages
    self.types = types ?? [type]
    self.untyped = untyped
    self.isErased = isErased
  }

  func with(_ stage: PublisherStage, type: StageType = .unknown, untyped reason: String? = nil) -> PublisherValue {
    PublisherValue(
      sourceLabel: sourceLabel, untyped: untyped + (reason.map { [$0] } ?? []), stages: stages + [stage],
      types: types + [type], makeWatchedSource: makeWatchedSource, makeSource: makeSource)
  }

  /// The type an operator that draws no row of its own gives
  /// (`setFailureType(to:)`): what the next stage is typed from.
  var carriedType: StageType?

  /// The type of what this publisher publishes: its last stage's, or what an operator after it made of it.
  var outputType: StageType { carriedType ?? types.last ?? .unknown }

  /// The same recipe publishing `type` from here on, with no row of its own.
  func carrying(_ type: StageType, untyped reason: String?) -> PublisherValue {
    let copy = PublisherValue(
      sourceLabel: sourceLabel, untyped: untyped + (reason.map { [$0] } ?? []), stages: stages, types: types,
      makeWatchedSource: makeWatchedSource, makeSource: makeSource)
    copy.carriedType = type
    return copy
  }

  /// The same recipe, as `eraseToAnyPublisher()` returns it.
  var erased: PublisherValue {
    let copy = PublisherValue(
      sourceLabel: sourceLabel, untyped: untyped, stages: stages, types: types, isErased: true,
      makeWatchedSource: makeWatchedSource, makeSource: makeSource)
    copy.carriedType = carriedType
    return copy
  }

  /// The whole chain as the diagram's heading shows it.
  var chainText: String { ([sourceLabel] + stages.map(\.label)).joined() }

  /// The chain built for one subscription. With `pipeline`, every stage is
  /// probed into that shown pipeline's rows; without, into the silent channel
  /// (an inner publisher), which still counts toward the budget.
  func build(recorder: Recorder, pipeline: Int?) -> AnyValuePublisher {
    func channel(_ label: String, stage: Int) -> TimelineChannel {
      guard let pipeline else { return recorder.silentChannel }
      return recorder.channel(label: label, pipeline: pipeline, stage: stage, isOutput: stage == stages.count)
    }
    let sourceRow = channel(sourceLabel, stage: 0)
    let source =
      pipeline != nil ? makeWatchedSource?({ sourceRow.record(.dropped($0)) }) ?? makeSource() : makeSource()
    var publisher = source.probe(sourceRow, stage: sourceLabel).eraseToAnyPublisher()
    for (index, stage) in stages.enumerated() {
      // The row opens before the stage is built: its inner rows hang under it.
      let row = channel(stage.label, stage: index + 1)
      publisher = stage.apply(publisher, pipeline == nil ? nil : row).probe(row, stage: stage.label)
        .eraseToAnyPublisher()
    }
    return publisher
  }

  override var typeName: String { "AnyPublisher" }
  override var description: String { chainText }
}

/// One operator of a recipe: its label (`.map { $0 * 2 }`) and how it wraps
/// its upstream, given its own row (nil when nobody sees it) for the inner
/// rows it opens (`flatMap`'s inner publishers, `catch`'s fallback).
struct PublisherStage {
  let label: String
  let apply: (AnyValuePublisher, TimelineChannel?) -> AnyValuePublisher

  init(label: String, apply: @escaping (AnyValuePublisher, TimelineChannel?) -> AnyValuePublisher) {
    self.label = label
    self.apply = apply
  }

  init(label: String, apply: @escaping (AnyValuePublisher) -> AnyValuePublisher) {
    self.init(label: label) { upstream, _ in apply(upstream) }
  }
}

/// `PassthroughSubject` and `CurrentValueSubject`: one object every
/// subscriber shares, sent to by the paste's statements at their times.
final class SubjectValue: OpaqueValue {
  let passthrough: PassthroughSubject<Value, StreamError>?
  let current: CurrentValueSubject<Value, StreamError>?
  let name: String
  /// `PassthroughSubject<Int?, Never>`: what is sent becomes `Optional`'s.
  var wrapsOptional = false
  /// `PassthroughSubject<Int, Never>`: the generic arguments as declared.
  var declaredType: StageType = .unknown

  init(name: String, initial: Value?) {
    self.name = name
    if let initial {
      current = CurrentValueSubject(initial)
      passthrough = nil
    } else {
      passthrough = PassthroughSubject()
      current = nil
    }
  }

  /// How many subscribers the last `send` reached (`Machine.noteDeliveryOrder`).
  let deliveries = DeliveryCount()

  func send(_ value: Value) {
    let value = wrapsOptional ? value.asOptional : value
    deliveries.last = 0
    for watch in dropWatches { watch.received = false }
    passthrough?.send(value)
    current?.send(value)
    // A `PassthroughSubject` gives a value only to the subscribers that asked
    // for one: what an active subscriber did not get, it never will.
    for watch in dropWatches where watch.isActive && !watch.received { watch.onDrop(value) }
    dropWatches.removeAll { !$0.isActive }
  }

  /// One subscription of a shown pipeline to a `PassthroughSubject`: whether
  /// the send going on reached it.
  private final class DropWatch {
    var received = false
    var isActive = false
    let onDrop: (Value) -> Void

    init(_ onDrop: @escaping (Value) -> Void) { self.onDrop = onDrop }
  }

  private var dropWatches: [DropWatch] = []

  /// The subject's publisher for one subscription of a shown pipeline,
  /// telling `onDrop` each value a `PassthroughSubject` sent while that
  /// subscription had no demand (a `for await` loop whose body is busy).
  func publisher(onDrop: @escaping (Value) -> Void) -> AnyValuePublisher {
    guard passthrough != nil else { return publisher }
    let watch = DropWatch(onDrop)
    return publisher.handleEvents(
      receiveSubscription: { [weak self] _ in
        watch.isActive = true
        self?.dropWatches.append(watch)
      },
      receiveOutput: { _ in watch.received = true },
      receiveCompletion: { _ in watch.isActive = false },
      receiveCancel: { watch.isActive = false }
    ).eraseToAnyPublisher()
  }

  func send(completion: Subscribers.Completion<StreamError>) {
    passthrough?.send(completion: completion)
    current?.send(completion: completion)
  }

  var publisher: AnyValuePublisher {
    deliveries.counting(current?.eraseToAnyPublisher() ?? passthrough!.eraseToAnyPublisher())
  }

  override var typeName: String { name }
  override var description: String { name }

  /// What `print(subject)` writes: a class instance with no description of
  /// its own prints its type's full name, `Combine.PassthroughSubject<Swift.Int,
  /// Swift.Never>`; nil when a generic argument is a type whose module is
  /// unknown (one the paste declares).
  var printed: String? {
    guard let output = Self.qualifiedName(declaredType.output), let failure = Self.qualifiedName(declaredType.failure)
    else { return nil }
    return "Combine.\(current == nil ? "PassthroughSubject" : "CurrentValueSubject")<\(output), \(failure)>"
  }

  private static func qualifiedName(_ type: SwiftType) -> String? {
    switch type {
    case .int: return "Swift.Int"
    case .double: return "Swift.Double"
    case .string: return "Swift.String"
    case .bool: return "Swift.Bool"
    case .character: return "Swift.Character"
    case .never: return "Swift.Never"
    case .error: return "Swift.Error"
    case .named("Date"): return "Foundation.Date"
    case .array(let element): return qualifiedName(element).map { "Swift.Array<\($0)>" }
    case .optional(let wrapped): return qualifiedName(wrapped).map { "Swift.Optional<\($0)>" }
    default: return nil
    }
  }
}

/// An `@Published` property's publisher (`$query`): the current value to
/// each new subscriber, then every value set, sent before it is stored.
final class PublishedProperty {
  let name: String
  let subject: CurrentValueSubject<Value, StreamError>
  /// How many subscribers the last value set reached (`Machine.noteDeliveryOrder`).
  let deliveries = DeliveryCount()

  init(name: String, initial: Value) {
    self.name = name
    subject = CurrentValueSubject(initial)
  }

  func send(_ value: Value) {
    deliveries.last = 0
    subject.send(value)
  }

  /// `$name`: the subject, counting what each value reaches.
  var publisher: AnyValuePublisher { deliveries.counting(subject.eraseToAnyPublisher()) }
}

/// How many subscribers the last value a subject sent reached. Combine keeps
/// a subject's subscribers in a Set (`ConduitList`, in OpenCombine's
/// `PassthroughSubject`, `CurrentValueSubject` and `@Published`'s subject
/// alike), so from two on the order they got it in is not defined.
final class DeliveryCount {
  var last = 0

  /// `publisher`, counting each value it delivers into `last`.
  func counting(_ publisher: AnyValuePublisher) -> AnyValuePublisher {
    publisher.handleEvents(receiveOutput: { [weak self] _ in self?.last += 1 }).eraseToAnyPublisher()
  }
}

/// `AnyCancellable`: cancels its subscription when the paste lets go of it,
/// as Swift releases it (an unstored `sink` ends at once).
final class CancellableValue: OpaqueValue {
  let cancellable: AnyCancellable
  /// What the subscriber behind it holds, for the leak finder.
  let hold: SubscriberHold?

  /// Tells the run which statement ended the subscription: called once,
  /// when the paste lets go of it (false) or calls `cancel()` on it (true).
  var onEnd: ((_ byCancel: Bool) -> Void)?

  init(_ cancellable: AnyCancellable, hold: SubscriberHold? = nil) {
    self.cancellable = cancellable
    self.hold = hold
  }

  deinit { onEnd?(false) }

  func cancel() {
    onEnd?(true)
    onEnd = nil
    hold?.end()
    cancellable.cancel()
  }

  override var typeName: String { "AnyCancellable" }
  override var description: String { "AnyCancellable" }
}

/// `DispatchQueue.main`, `RunLoop.main`, a test scheduler: every one of them
/// is the run's one virtual clock.
final class SchedulerValue: OpaqueValue {
  let name: String
  /// A test scheduler moves only when the paste advances it.
  let isTest: Bool
  /// `ImmediateScheduler`: runs what it is given at once, never later.
  let isImmediate: Bool

  init(name: String, isTest: Bool = false, isImmediate: Bool = false) {
    self.name = name
    self.isTest = isTest
    self.isImmediate = isImmediate
  }

  override var typeName: String { name }
  override var description: String { name }
}

/// `Date()` and `Timer.publish`'s values: a moment of the virtual clock.
final class DateValue: OpaqueValue {
  let time: VirtualTime

  init(_ time: VirtualTime) {
    self.time = time
  }

  var seconds: Double { Double(time.nanoseconds) / 1e9 }
  override var typeName: String { "Date" }
  /// As Foundation's `Date.description` prints it: the moment to the
  /// second, in UTC, from virtual time 0 at 1970-01-01 00:00:00.
  override var description: String {
    let (days, daySeconds) = Int(time.nanoseconds / 1_000_000_000).quotientAndRemainder(dividingBy: 86_400)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    // A paste's clock stays within the first days of 1970.
    return
      "1970-01-\(two(days + 1)) \(two(daySeconds / 3600)):\(two(daySeconds / 60 % 60)):\(two(daySeconds % 60)) +0000"
  }
  override func isEqual(to other: OpaqueValue) -> Bool { (other as? DateValue)?.time == time }
  override func hashContents(into hasher: inout Hasher) { hasher.combine(time) }
}

/// What a `sink` or an `assign(to:on:)` holds while its subscription lives
/// (its closures, the object it assigns to), and which shown pipeline it
/// subscribed: the edges `LeakFinder` follows from an `AnyCancellable`, as
/// Swift's subscriber holds them until it completes or is cancelled.
final class SubscriberHold {
  private(set) var held: [(label: String, value: Value)]
  let pipeline: Int
  private(set) var hasEnded = false

  init(_ held: [(label: String, value: Value)], pipeline: Int) {
    self.held = held
    self.pipeline = pipeline
  }

  /// The subscription completed or was cancelled: it holds nothing any more.
  func end() {
    hasEnded = true
    held = []
  }
}
