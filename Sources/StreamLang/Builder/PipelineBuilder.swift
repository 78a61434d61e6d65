import OpenCombine
import StreamCore

/// Turns parsed pipelines into OpenCombine publishers on one virtual clock,
/// with a probe after every stage of a shown pipeline.
///
/// One builder serves one run. Each bound name is built at most once per run
/// and every use subscribes to that one publisher, exactly as a Swift `let`
/// holding a publisher would: cold publishers stay cold (each subscription
/// starts its own timers), while subjects, `share`, `multicast` and eager
/// `Future`s are one instance for every subscriber.
final class PipelineBuilder {
  let clock: VirtualClock
  let recorder: Recorder
  var notes = NoteBook()
  /// The `debounce` stages of shown pipelines, for the note on dropped values.
  private(set) var debounceStages: [CombineNotes.DebounceStage] = []
  /// The `throttle` stages of shown pipelines, for the note on values sent before any demand.
  private(set) var throttleStages: [CombineNotes.ThrottleStage] = []
  let expressions: ExpressionBridge
  /// The `receive on` / `subscribe on` actions still queued: the run is not over while one waits.
  let pendingHops = PendingHops()
  /// The anchor of the inner row a stream about to be built will be drawn on
  /// (see `innerStream`): its own inner rows hang under that row. Taken by
  /// the first stream built, so a stream built inside it does not inherit it.
  var streamAnchor: InnerRowAnchor?
  /// Whether inner rows and shared upstreams are recorded (`RunOptions`).
  var recordsInnerRows = true
  /// The all-digit marble strings the type checker typed as String.
  var stringMarbles: Set<MarbleLiteral> = []
  /// The types the type-only stages make, for their notes (`TypedProgram.typeOnlyStages`).
  var typeOnlyStages: [SourceRange: StageType] = [:]
  /// The shown pipeline being built, whose rows a shared upstream built on
  /// its first use is drawn with.
  private var currentPipeline = 0

  private var builtBindings: [ObjectIdentifier: AnyValuePublisher] = [:]
  /// Whether a binding was built and checked by an earlier input of the
  /// session. Only a binding check sets it: such a binding then stands in as
  /// a publisher that never sends, instead of being built again, so checking
  /// `let b = a | map x + 1` typed after 8,000 chained `let`s costs one stage,
  /// not 8,001 (issue 26). A run always builds every binding it uses.
  var isCheckedEarlier: ((BoundPipeline) -> Bool)?
  /// The bindings whose hot sources `buildEagerBindings` has built, each walked once per run.
  var eagerlyWalked: Set<ObjectIdentifier> = []
  /// The one subject of each binding that is a bare `subject` or `current`,
  /// so every use can watch it for the values its own subscriber drops.
  private var builtSubjects: [ObjectIdentifier: ScriptedSubject] = [:]
  /// `multicast` publishers by the binding that holds them, for `connect NAME @T`.
  private var connectables: [ObjectIdentifier: () -> Cancellable] = [:]
  /// Every `published` property built, with its source text, for the willSet note.
  var publishedProperties: [(ScriptedSubject, String)] = []
  /// The connectable stage just built, for the `autoconnect` that must follow it.
  var pendingConnection: PendingConnection?

  init(clock: VirtualClock, recorder: Recorder, boundNames: some Sequence<String>) {
    self.clock = clock
    self.recorder = recorder
    expressions = ExpressionBridge(compiler: ExpressionCompiler(boundNames: boundNames))
    expressions.compiler.makeStream = { [unowned self] pipeline, captures in
      var context = self.expressions.context(of: pipeline)
      context.captures = captures
      return self.makeStream(pipeline, in: context)
    }
  }

  /// Builds a pipeline. With `rows`, every stage's output is probed into a row
  /// of that shown pipeline; nested pipelines (arguments, inner streams) are not.
  /// With `sharedBy` too, the rows are a shared upstream's (see `buildBinding`).
  func build(
    _ pipeline: Pipeline, in context: BuildContext, rows: Int? = nil,
    sharedBy: (binding: String, subscribers: SubscriberCount)? = nil
  ) throws -> AnyValuePublisher {
    if let rows, sharedBy == nil { currentPipeline = rows }
    // A shared upstream's rows are never an output: its subscribers' are.
    let lastStage = sharedBy == nil ? pipeline.operators.count : -1
    func row(label: String, pipeline: Int, stage: Int) -> TimelineChannel {
      recorder.channel(label: label, pipeline: pipeline, stage: stage, isOutput: stage == lastStage, sharedBy: sharedBy)
    }
    let sourceRow = rows.map { row(label: context.source(pipeline.source.range), pipeline: $0, stage: 0) }
    var publisher = try buildSource(pipeline.source, in: context.hangingInnerRows(under: sourceRow), row: sourceRow)
    // Unseen stages still count toward the budget, so a runaway inner stream ends.
    publisher = publisher.probe(sourceRow ?? recorder.silentChannel, stage: context.source(pipeline.source.range))
      .eraseToAnyPublisher()
    for (index, stage) in pipeline.operators.enumerated() {
      // Building a long pipeline takes a while: Ctrl-C is looked at every
      // 256 stages, as the run looks at it every 256 events.
      if index % 256 == 255, recorder.isInterrupted() {
        throw ProgramPhase.building.interruption(at: stage.range)
      }
      guard let rows else {
        publisher = try apply(stage, to: publisher, in: context)
        publisher = publisher.probe(recorder.silentChannel, stage: context.source(stage.range)).eraseToAnyPublisher()
        continue
      }
      if case .debounce(let due) = stage.kind, let dueTime = try? time(due, in: context, what: "") {
        debounceStages.append(.init(pipeline: rows, stage: index + 1, dueTime: dueTime))
      }
      if case .throttle = stage.kind { throttleStages.append(.init(pipeline: rows, stage: index + 1)) }
      // The row opens before the stage is built: its inner rows hang under it.
      let channel = row(label: context.source(stage.range), pipeline: rows, stage: index + 1)
      channel.causeRule = stage.kind.causeRule
      publisher = try apply(stage, to: publisher, in: context.hangingInnerRows(under: channel))
      publisher = publisher.probe(channel).eraseToAnyPublisher()
    }
    try requireNothingLeftToConnect()
    if rows != nil, sharedBy == nil { try buildEagerBindings(usedBy: pipeline, in: context.environment) }
    return publisher
  }

  /// The `multicast` publisher held by a binding, for `connect`.
  func connectable(for binding: BoundPipeline) -> (() -> Cancellable)? {
    guard builtBindings[ObjectIdentifier(binding)] != nil || (try? buildBinding(binding)) != nil else { return nil }
    return connectables[ObjectIdentifier(binding)]
  }

  /// Every stream value this run made, told by `endRun` that the run is over.
  private var madeStreams: [StreamValue] = []

  /// Breaks the cycles the run's stream values close (`StreamValue.endRun`).
  func endRun() {
    for stream in madeStreams { stream.endRun() }
    madeStreams = []
  }

  /// A stream value for a nested pipeline written inside an expression. It is
  /// built anew at each subscription, with the captured closure parameters.
  func makeStream(_ pipeline: Pipeline, in context: BuildContext) -> StreamValue {
    let stream = StreamValue(
      description: "{ \(context.source(pipeline.range)) }", element: context.captures.values.last
    ) {
      [unowned self] in
      var context = context
      context.innerParent = self.streamAnchor
      self.streamAnchor = nil
      do {
        return try self.build(pipeline, in: context)
      } catch let error as Diagnostic {
        self.recorder.fail(error.message, stage: context.source(pipeline.range), value: nil)
        return Empty(completeImmediately: false).eraseToAnyPublisher()
      } catch {
        self.recorder.fail(String(describing: error), stage: context.source(pipeline.range), value: nil)
        return Empty(completeImmediately: false).eraseToAnyPublisher()
      }
    }
    madeStreams.append(stream)
    return stream
  }

  // MARK: Bound names

  func buildBinding(_ binding: BoundPipeline) throws -> AnyValuePublisher {
    let key = ObjectIdentifier(binding)
    if let publisher = builtBindings[key] { return publisher }
    if let isCheckedEarlier, isCheckedEarlier(binding) {
      let standIn = Empty<Value, StreamError>(completeImmediately: false).eraseToAnyPublisher()
      builtBindings[key] = standIn
      return standIn
    }
    let context = BuildContext(text: binding.text, environment: binding.environment, captures: .none)
    var pipeline = binding.pipeline
    let endsInMulticast: Bool
    let connectableKind = pipeline.operators.last?.kind
    switch connectableKind {
    case .multicast?, .makeConnectable?:
      pipeline.operators.removeLast()
      endsInMulticast = true
    default:
      endsInMulticast = false
    }
    // A bare subject is its one subject; `subject … | multicast` must stay connectable.
    if !endsInMulticast, pipeline.operators.isEmpty, let subject = try buildSubject(pipeline.source, in: context) {
      builtSubjects[key] = subject
      builtBindings[key] = subject.publisher()
      return subject.publisher()
    }
    var (publisher, subscribers) = try buildSharing(
      pipeline, named: binding.name, endsInMulticast: endsInMulticast, in: context)
    if endsInMulticast {
      // `multicast` must stay connectable: keep the connect handle beside the erased publisher.
      let connectable: AnyValuePublisher
      if case .makeConnectable? = connectableKind {
        let made = Publishers.MakeConnectable(upstream: publisher)
        (connectable, connectables[key]) = (made.eraseToAnyPublisher(), { made.connect() })
      } else {
        let multicast = publisher.multicast { PassthroughSubject<Value, StreamError>() }
        (connectable, connectables[key]) = (multicast.eraseToAnyPublisher(), { multicast.connect() })
      }
      publisher = connectable.handleEvents(receiveSubscription: { _ in subscribers?.count += 1 }).eraseToAnyPublisher()
    }
    builtBindings[key] = publisher
    return publisher
  }

  /// Builds a bound pipeline. The stages before its first `share` (all of
  /// them, before a `multicast`) run once for every subscriber, so they are
  /// drawn once, as a shared upstream, with the count of subscriptions the
  /// sharing operator received; the stages after it are per subscriber and
  /// show in each subscriber's output row.
  /// Returns the counter a `multicast` must count its subscribers into.
  private func buildSharing(_ pipeline: Pipeline, named name: String, endsInMulticast: Bool, in context: BuildContext)
    throws -> (AnyValuePublisher, SubscriberCount?)
  {
    // `share`, or the connectable stage an `autoconnect` follows.
    let sharePoint =
      endsInMulticast
      ? pipeline.operators.count
      : pipeline.operators.indices.first { index in
        switch pipeline.operators[index].kind {
        case .share: return true
        case .makeConnectable, .multicast:
          guard index + 1 < pipeline.operators.count, case .autoconnect = pipeline.operators[index + 1].kind else {
            return false
          }
          return true
        default: return false
        }
      }
    guard let sharePoint, recordsInnerRows else { return (try build(pipeline, in: context), nil) }
    var upstream = pipeline
    upstream.operators = Array(pipeline.operators.prefix(sharePoint))
    let subscribers = SubscriberCount()
    var publisher = try build(upstream, in: context, rows: currentPipeline, sharedBy: (name, subscribers))
    for (offset, stage) in pipeline.operators.enumerated().dropFirst(sharePoint) {
      publisher = try apply(stage, to: publisher, in: context)
      if offset == sharePoint {
        publisher = publisher.handleEvents(receiveSubscription: { _ in subscribers.count += 1 }).eraseToAnyPublisher()
      }
      publisher = publisher.probe(recorder.silentChannel, stage: context.source(stage.range)).eraseToAnyPublisher()
    }
    try requireNothingLeftToConnect()
    return (publisher, subscribers)
  }

  /// Looks a name up as a captured stream parameter first, then as a binding.
  func resolveName(_ name: Name, in context: BuildContext, row: TimelineChannel? = nil) throws -> AnyValuePublisher {
    if let value = context.captures.value(of: name.text) {
      guard case .stream(let stream) = value else {
        throw Diagnostic("`\(name.text)` is \(value.typeName) \(value), not a stream", at: name.range)
      }
      return stream.publisher()
    }
    if let binding = context.environment[name.text] {
      // A bare cold timed source or `deferred` is the same publisher however
      // often it is built, so each use builds its own: then what it drops
      // for want of demand, or the publisher `deferred` creates, shows on
      // the row of the name that uses it.
      if let row, binding.pipeline.operators.isEmpty, binding.pipeline.source.kind.isBuiltPerUse {
        let bindingContext = BuildContext(text: binding.text, environment: binding.environment, captures: .none)
        return try buildSource(binding.pipeline.source, in: bindingContext.hangingInnerRows(under: row), row: row)
      }
      if let row, let stages = try boundStages(of: binding, under: row) { return stages }
      let publisher = try buildBinding(binding)
      // A bare subject is one instance for every subscriber; each use still
      // gets its own tap, so what its subscriber drops shows on its row.
      if let row, let subject = builtSubjects[ObjectIdentifier(binding)] {
        return subject.publisher { row.record(.dropped($0)) }
      }
      return publisher
    }
    let known = Array(context.environment.keys) + context.captures.layout.names
    throw Diagnostic(
      "`\(name.text)` is not a source, an operator or a bound name", at: name.range,
      suggestion: Suggestion.closest(to: name.text, among: known + Keywords.sources.map(\.name)))
  }
}

extension SourceKind {
  /// `interval`, `timer`, `marbles` and `events`: cold sources that send on
  /// the clock and drop what their subscriber has not asked for.
  var isColdTimedSource: Bool {
    switch self {
    case .interval, .timer, .marbles, .events: return true
    case .just, .range, .empty, .never, .fail, .subject, .current, .published, .future, .deferred, .name, .group:
      return false
    }
  }

  /// A cold timed source or `deferred`: a bound name holding one alone is
  /// built anew for each use, which behaves as subscribing to it again.
  var isBuiltPerUse: Bool {
    if case .deferred = self { return true }
    return isColdTimedSource
  }
}
