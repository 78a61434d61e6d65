/// Everything one stage of one shown pipeline did during a run: one row of a
/// marble diagram.
public struct Timeline: Hashable {
  /// The stage's own source text, such as `debounce 300ms`.
  public var label: String
  /// Which shown pipeline (subscriber) of the program this row belongs to, from 0.
  public var pipeline: Int
  /// The stage's position in its pipeline, from 0 (the source).
  public var stage: Int
  /// True for the last stage of a pipeline: what its subscriber received.
  public var isOutput: Bool
  public var events: TimelineEvents
  /// Set on an inner row: one subscription an operator made to a publisher of
  /// its own (a `flatMap` inner stream, `catch`'s fallback, `merge b`'s `b`).
  /// Its `label` then says what started it, and `stage` is its operator's.
  public var inner: InnerPlacement?
  /// Set on a stage before `share` or `multicast` in a bound pipeline: drawn
  /// once, with its one subscription, for every subscriber of the binding.
  public var shared: SharedUpstream?
  /// Set only on a row a diagram draws for an object's lifetime (made `^`,
  /// released `x`); a run's own rows never carry it.
  public var lifetime: ObjectLifetime?
  /// Set only on a row a diagram draws for a Swift `Task` (issue 31).
  public var task: TaskTimeline?
  /// Set only on the row a diagram draws for a pasted test's assertions,
  /// `✓` or `✗` where each ran (issue 32).
  public var assertions: [AssertionResult]?
  /// Set when the run tracked causes (issue 33): each event's id and what
  /// was being handled when it happened.
  public var causes: RowCauses?

  public init(
    label: String, pipeline: Int, stage: Int, isOutput: Bool = false, events: TimelineEvents = [],
    inner: InnerPlacement? = nil
  ) {
    self.label = label
    self.pipeline = pipeline
    self.stage = stage
    self.isOutput = isOutput
    self.events = events
    self.inner = inner
  }

  /// A row with `events` written out, as tests and lesson feedback build them.
  public init(
    label: String, pipeline: Int, stage: Int, isOutput: Bool = false, events: [TimelineEvent],
    inner: InnerPlacement? = nil
  ) {
    self.init(
      label: label, pipeline: pipeline, stage: stage, isOutput: isOutput, events: TimelineEvents(events), inner: inner)
  }

  /// True for a row that shows a stage of its shown pipeline; false for an
  /// inner row and for a shared upstream's row.
  public var isStageRow: Bool {
    inner == nil && shared == nil && lifetime == nil && task == nil && assertions == nil
  }

  /// The events a marble diagram draws: no demand requests, no drops.
  public var marbleEvents: [TimelineEvent] { events.filter(\.isMarble) }

  /// True when the row ended with `finished`, `failed` or `cancelled`.
  public var hasTerminated: Bool { events.contains(where: \.isTerminal) }
}

/// One bare pipeline of a program: one subscriber, shown as a group of rows.
public struct ShownPipeline: Hashable {
  /// The pipeline's source text, without its `@` times.
  public var source: String
  /// When the subscriber subscribes (`@250ms`); zero by default.
  public var subscribeAt: VirtualTime
  /// When the subscriber cancels (`@..600ms`), if ever.
  public var cancelAt: VirtualTime?

  public init(source: String, subscribeAt: VirtualTime = .zero, cancelAt: VirtualTime? = nil) {
    self.source = source
    self.subscribeAt = subscribeAt
    self.cancelAt = cancelAt
  }

  /// `@250ms`, `@250ms..600ms`, `@..600ms`, or empty when subscribed at 0 and never cancelled.
  public var timing: String {
    switch (subscribeAt == .zero, cancelAt) {
    case (true, nil): return ""
    case (false, nil): return "@\(subscribeAt)"
    case (true, let cancel?): return "@..\(cancel)"
    case (false, let cancel?): return "@\(subscribeAt)..\(cancel)"
    }
  }
}

/// A runtime error that stopped a run: a non-throwing stage's closure failed,
/// where Swift itself would trap.
public struct RuntimeError: Error, Hashable, CustomStringConvertible {
  public var message: String
  /// The source text of the stage whose closure failed.
  public var stage: String
  public var time: VirtualTime
  /// The element the closure was applied to.
  public var value: Value?

  public init(message: String, stage: String, time: VirtualTime, value: Value?) {
    self.message = message
    self.stage = stage
    self.time = time
    self.value = value
  }

  /// `runtime error in `map 6 / x` at 0ms`: where and when, for a status
  /// line beside a document that holds the whole message.
  public var summary: String { "runtime error in `\(stage)` at \(time)" }

  public var description: String {
    var text = summary
    if let value { text += " on value \(value)" }
    return text + ": \(message)"
  }
}

/// Why a run ended.
public enum RunStop: Hashable {
  /// Nothing was left to do: every pipeline finished or went quiet.
  case idle
  /// The horizon was reached with work still scheduled.
  case horizon(VirtualTime)
  /// The event budget was used up.
  case budget(Int)
  /// A non-throwing stage failed; the run stopped there.
  case runtimeError(RuntimeError)
  /// The user interrupted the run (Ctrl-C).
  case interrupted
  /// A pasted test method returned: XCTest runs nothing of it after that,
  /// so what was still scheduled never ran (issue 32).
  case testEnded(VirtualTime)

  /// True when the run was cut short while streams were still live, so rows
  /// that have not terminated are drawn as still running (`…`).
  public var leftStreamsRunning: Bool {
    switch self {
    case .idle: return false
    default: return true
    }
  }
}

/// The result of running one program: every row of every shown pipeline.
public struct RunResult: Hashable {
  public var pipelines: [ShownPipeline]
  /// Rows in program order, stages in pipeline order.
  public var rows: [Timeline]
  /// One-line remarks for the student (Combine rules that explain an empty row, limits reached).
  public var notes: [String]
  public var stop: RunStop
  /// The virtual time when the run ended.
  public var endTime: VirtualTime
  /// Every break of Combine's contract the probes saw: empty unless an
  /// operator streamlab runs has a bug (see `Publishers.Probe`).
  public var contractViolations: [RuntimeError] = []
  /// The type of every stage of every shown pipeline, by pipeline then
  /// stage (the source is stage 0); empty when the types are not known.
  public var stageTypes: [[StageTypeLabel]] = []
  /// What `print` and `handleEvents` wrote, each line with its virtual time;
  /// shown after the diagram.
  public var log: [LogLine] = []
  /// Each object of a Swift paste that held subscriptions: when it was
  /// made, and when it was released or that it leaked (issue 30).
  public var lifetimes: [ObjectLifetime] = []
  /// Each subscription a release or a `cancel()` ended, and by which statement.
  public var releases: [SubscriptionRelease] = []
  /// Each Swift `Task` the paste made, in order (issue 31).
  public var tasks: [TaskTimeline] = []
  /// Each XCTest assertion a pasted test made, in the order it ran (issue 32).
  public var assertions: [AssertionResult] = []
  /// The work waiting on the clock at `RunOptions.snapshotAt`, when the run
  /// tracked causes and was asked for it (issue 33's state at an instant);
  /// nil when no such note was taken.
  public var pendingAtSnapshot: [PendingWork]?

  public init(
    pipelines: [ShownPipeline], rows: [Timeline], notes: [String] = [], stop: RunStop = .idle,
    endTime: VirtualTime = .zero
  ) {
    self.pipelines = pipelines
    self.rows = rows
    self.notes = notes
    self.stop = stop
    self.endTime = endTime
  }

  /// The output row of each pipeline, in order.
  public var outputs: [Timeline] { rows.filter(\.isOutput) }

  /// The same run with its inner rows and shared upstreams left out
  /// (`--inner off`): the stage rows are untouched, since recording those
  /// rows never changes them.
  /// The type of a stage row, when it is known.
  public func stageType(of row: Timeline) -> StageTypeLabel? {
    guard row.isStageRow, stageTypes.indices.contains(row.pipeline) else { return nil }
    let stages = stageTypes[row.pipeline]
    return stages.indices.contains(row.stage) ? stages[row.stage] : nil
  }

  public var withoutInnerRows: RunResult {
    var result = self
    result.rows = rows.filter(\.isStageRow)
    return result
  }
}

/// One object that held subscriptions (an `AnyCancellable` in a stored
/// property), from the statement that made it to its `deinit`.
public struct ObjectLifetime: Hashable {
  public var typeName: String
  public var made: VirtualTime
  /// When its last strong reference went; nil while it lives.
  public var released: VirtualTime?
  /// Alive at the end although nothing the program can name reaches it: a cycle.
  public var leaked: Bool
  /// The name the program gave it (the pipeline language's `let vm = owner`);
  /// nil for a Swift instance, which is known by its type.
  public var name: String?

  public init(typeName: String, made: VirtualTime, released: VirtualTime?, leaked: Bool, name: String? = nil) {
    self.typeName = typeName
    self.made = made
    self.released = released
    self.leaked = leaked
    self.name = name
  }

  /// What a diagram's lifetime row is labelled: its name, else its type.
  public var label: String { name ?? typeName }

  /// How the row ends: `deinit 500ms`, `leaked`, or `alive` at the end.
  public var ending: String {
    if let released { return "deinit \(released)" }
    return leaked ? "leaked" : "alive"
  }

  /// `StopwatchViewModel: made at 0ms, released at 2500ms (its deinit ran then)`.
  public var sentence: String {
    let end: String
    if let released {
      end = "released at \(released) (its deinit ran then)"
    } else if leaked {
      end = "never released: it leaked"
    } else {
      end = "alive at the end (a global holds it, as a script's globals live on)"
    }
    return "lifetime: \(label), made at \(made), \(end)"
  }
}

/// A subscription that ended because the program let go of its
/// `AnyCancellable` (or called `cancel()` on it): the statement that did it.
public struct SubscriptionRelease: Hashable {
  /// The shown pipeline whose subscription ended.
  public var pipeline: Int
  public var time: VirtualTime
  /// `line 14: vm = nil`: where the release happened.
  public var statement: String
  /// True when the statement called `cancel()`, rather than letting go.
  public var byCancel: Bool

  public init(pipeline: Int, time: VirtualTime, statement: String, byCancel: Bool = false) {
    self.pipeline = pipeline
    self.time = time
    self.statement = statement
    self.byCancel = byCancel
  }

  /// What the statement did: `released the AnyCancellable` or `cancelled the subscription`.
  public var verb: String { byCancel ? "cancelled the subscription" : "released the AnyCancellable" }
}
