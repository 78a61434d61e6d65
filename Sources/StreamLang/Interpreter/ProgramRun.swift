import OpenCombine
import StreamCore

/// One program on one virtual clock: builds every statement, subscribes the
/// bare pipelines at their times, runs the clock and collects the rows.
struct ProgramRun {
  let program: Program
  let options: RunOptions
  private(set) var bindings: [String: BoundPipeline]

  // Internal, not private, so the tests can check that a run's clock and
  // recorder are freed once it ends.
  let clock = VirtualClock()
  let recorder: Recorder
  private let builder: PipelineBuilder
  private var shown: [ShownPipeline] = []
  /// Every subscriber and `connect` of the run: an `AnyCancellable` cancels
  /// when released, so the run holds them until it ends, then cancels them.
  private let cancellables = RunCancellables()
  /// Subscriptions and connects scheduled but not yet made.
  private let pendingStarts = PendingStarts()
  /// The stages built so far, against `ProgramLimits.stagesPerProgram`.
  private var stageBudget = StageBudget()
  private let bindingCheck: BindingCheck
  /// `let vm = owner` and what holds each owner (issue 30's short form).
  private let owners: OwnerTable
  /// Each `task { … }`, in order (issue 31's short form).
  private let tasks = TaskRuns()

  init(
    program: Program, bindings: [String: BoundPipeline], options: RunOptions, typed: TypedProgram = TypedProgram()
  ) {
    self.program = program
    self.bindings = bindings
    self.options = options
    bindingCheck = BindingCheck(earlier: bindings)
    owners = OwnerTable(clock: clock)
    recorder = Recorder(
      clock: clock, maxEvents: options.maxEvents, isInterrupted: options.isInterrupted,
      tracksCauses: options.tracksCauses)
    builder = PipelineBuilder(clock: clock, recorder: recorder, boundNames: bindings.keys)
    builder.recordsInnerRows = options.recordsInnerRows
    builder.stringMarbles = typed.stringMarbles
    builder.typeOnlyStages = typed.typeOnlyStages
    // Once every subscription has ended and none is still to come, nothing
    // that waits on the clock can add to a row: the run is over.
    clock.isSettled = { [recorder, pendingStarts, pendingHops = builder.pendingHops] in
      pendingStarts.count == 0 && pendingHops.count == 0 && !recorder.hasOpenSubscriptions
    }
  }

  /// Compiles every expression, then builds every statement in order. All
  /// mistakes are collected, so a program with several gets all of them
  /// reported at once.
  mutating func start() -> [Diagnostic] {
    let compileErrors = builder.expressions.compiler.check(program, isInterrupted: options.isInterrupted)
    guard compileErrors.isEmpty else { return compileErrors }
    var errors: [Diagnostic] = []
    for (index, statement) in program.statements.enumerated() {
      if ProgramPhase.looks(before: index), options.isInterrupted() {
        errors.append(ProgramPhase.building.interruption(at: statement.range))
        bindingCheck.end(releasingElsewhere: true)
        break
      }
      do {
        try add(statement)
      } catch let error as Diagnostic {
        errors.append(error)
      } catch {
        errors.append(Diagnostic(StreamError(wrapping: error).message, at: statement.range))
      }
      // Past the limit, building more would only risk what the limit prevents.
      if stageBudget.isSpent { break }
    }
    bindingCheck.end()
    return errors
  }

  /// Runs the clock to the end and returns what every stage did.
  func finish() -> RunResult {
    let horizon = options.horizon
    if options.tracksCauses, let instant = options.snapshotAt { recorder.noteState(at: instant) }
    let clockStop = clock.run(until: horizon)
    recorder.takeStateNoteIfDue()
    let stop: RunStop
    switch (recorder.stopCause, clockStop) {
    case (.runtimeError(let error)?, _): stop = .runtimeError(error)
    case (.budget(let limit)?, _): stop = .budget(limit)
    case (.interrupted?, _): stop = .interrupted
    case (nil, .horizon): stop = .horizon(horizon)
    case (nil, _): stop = .idle
    }
    let rows = recorder.timelines.filter { $0.pipeline >= 0 }
    var result = RunResult(pipelines: shown, rows: rows, stop: stop, endTime: clock.now)
    result.contractViolations = recorder.contractViolations
    result.log = recorder.log
    result.notes =
      builder.notes.notes + builder.willSetNotes()
      + CombineNotes.explain(
        result, debounces: builder.debounceStages, throttles: builder.throttleStages)
    result.tasks = tasks.all.map(\.timeline)
    result.pendingAtSnapshot = recorder.pendingAtSnapshot
    if !owners.owners.isEmpty {
      result.lifetimes = owners.lifetimes()
      result.releases = owners.releases
      result.notes += owners.notes + owners.leakNotes(result.lifetimes, shown: shown)
    }
    return result
  }

  /// Tears the run down once `finish` (or a failed `start`) is done with it,
  /// whatever ended it: the horizon, the budget, a stop or an error.
  ///
  /// Pipelines still subscribed, the clock's waiting actions and the
  /// subjects of `share` and `multicast` hold each other in cycles; left
  /// alone, every run would leave its pipelines behind in a long-lived
  /// process (the REPL, `streamlab serve`, `lesson verify`'s mutants). The
  /// recorder is told first, so the cancels draw nothing; the result is
  /// already taken anyway.
  func end() {
    recorder.endRun()
    tasks.end()
    owners.end()
    cancellables.cancelAll()
    clock.discardPendingActions()
    builder.endRun()
    bindingCheck.end()
  }

  /// A timing's `@T` (0 without) and `@..T`, as intervals from 0.
  private func times(of timing: SubscriptionTiming) throws -> (start: VirtualInterval, end: VirtualInterval?) {
    let start =
      try timing.subscribeAt.map { try builder.time($0, in: context, what: "`@` needs a time, like `@250ms`") }
      ?? .zero
    let end = try timing.cancelAt.map {
      try builder.time($0, in: context, what: "`..` needs a time, like `@..600ms`")
    }
    return (start, end)
  }

  private var context: BuildContext {
    BuildContext(text: program.text, environment: bindings, captures: .none)
  }

  private mutating func add(_ statement: Statement) throws {
    switch statement {
    case .binding(let name, let pipeline, _):
      try stageBudget.checkBinding(pipeline, environment: bindings)
      let bound = BoundPipeline(name: name.text, pipeline: pipeline, text: program.text, environment: bindings)
      try bindingCheck.check(bound)
      bindings[name.text] = bound

    case .subscription(let pipeline, let timing, _):
      let (start, end) = try times(of: timing)
      let subscribeAt = VirtualTime.zero.advanced(by: start)
      let cancelAt = end.map { VirtualTime.zero.advanced(by: $0) }
      if let cancelAt, cancelAt < subscribeAt, let range = timing.cancelAt?.range {
        throw Diagnostic(
          "the subscriber cannot cancel at \(cancelAt), before it subscribes at \(subscribeAt)", at: range)
      }
      try stageBudget.charge(pipeline, environment: bindings)
      let index = shown.count
      let publisher = try builder.build(pipeline, in: context, rows: index)
      shown.append(
        ShownPipeline(source: program.text.slice(pipeline.range), subscribeAt: subscribeAt, cancelAt: cancelAt))
      let subscriber = RunSubscriber()
      cancellables.all.append(subscriber)
      pendingStarts.count += 1
      let storedIn = timing.storedIn.flatMap { owners.owner(named: $0.text) }
      let strongly = timing.capture.flatMap { $0.isStrong ? owners.owner(named: $0.owner.text) : nil }
      clock.scheduleFirst(at: subscribeAt) { [pendingStarts, owners] in
        pendingStarts.count -= 1
        let isKept =
          storedIn == nil && strongly == nil
          || owners.hold(pipeline: index, subscriber: subscriber, storedIn: storedIn, strongly: strongly)
        publisher.subscribe(subscriber)
        if !isKept { subscriber.cancel() }
      }
      if let cancelAt {
        clock.scheduleFirst(at: cancelAt) { [owners] in
          subscriber.cancel()
          owners.cancelled(subscriber)
        }
      }

    case .connect(let name, let at, _):
      guard let binding = bindings[name.text] else {
        throw Diagnostic(
          "`\(name.text)` is not bound; connect takes the name of a `multicast` pipeline", at: name.range,
          suggestion: Suggestion.closest(to: name.text, among: Array(bindings.keys)))
      }
      guard let connect = builder.connectable(for: binding) else {
        throw Diagnostic(
          "`\(name.text)` does not end in `multicast` or `makeConnectable`, so there is nothing to connect",
          at: name.range)
      }
      let delay =
        try at.map { try builder.time($0, in: context, what: "connect needs a time, like `connect m @100ms`") } ?? .zero
      let cancellables = self.cancellables
      pendingStarts.count += 1
      clock.scheduleFirst(at: VirtualTime.zero.advanced(by: delay)) { [pendingStarts] in
        pendingStarts.count -= 1
        cancellables.all.append(connect())
      }

    case .owner(let name, _):
      owners.declare(name.text)

    case .task(let steps, let timing, _):
      let (start, end) = try times(of: timing)
      var built: [TaskRun.Step] = []
      for step in steps {
        switch step {
        case .sleep(let time, _):
          built.append(.sleep(try builder.time(time, in: context, what: "`sleep` needs a time, like `sleep 300ms`")))
        case .loop(let pipeline, _):
          try stageBudget.charge(pipeline, environment: bindings)
          let index = shown.count
          let publisher = try builder.build(pipeline, in: context, rows: index)
          shown.append(ShownPipeline(source: program.text.slice(pipeline.range)))
          let subscriber = RunSubscriber()
          cancellables.all.append(subscriber)
          var bodyTime = VirtualInterval.zero
          if case .values(let each?)? = pipeline.operators.last?.kind {
            bodyTime = try builder.time(each, in: context, what: "`values each` needs a time, like `values each 200ms`")
          }
          built.append(.loop(publisher: publisher, subscriber: subscriber, bodyTime: bodyTime))
        }
      }
      let task = TaskRun(name: "task \(tasks.all.count + 1)", steps: built, clock: clock)
      tasks.all.append(task)
      pendingStarts.count += 1
      task.onEnd = { [pendingStarts] in pendingStarts.count -= 1 }
      task.make(at: VirtualTime.zero.advanced(by: start))
      if let end {
        clock.scheduleFirst(at: VirtualTime.zero.advanced(by: end)) { [weak task] in task?.cancel() }
      }

    case .release(let name, let at, let range):
      guard let owner = owners.owner(named: name.text) else {
        throw Diagnostic("`\(name.text)` is not an owner; declare it with `let \(name.text) = owner`", at: name.range)
      }
      let delay =
        try at.map { try builder.time($0, in: context, what: "release needs a time, like `release vm @500ms`") }
        ?? .zero
      let line = SourceLocation(of: range, in: program.text).line
      let statement = "line \(line): \(program.text.slice(range))"
      pendingStarts.count += 1
      clock.scheduleFirst(at: VirtualTime.zero.advanced(by: delay)) { [pendingStarts, owners] in
        pendingStarts.count -= 1
        owners.release(owner, statement: statement)
      }
    }
  }

}

/// Builds each new binding once on a throwaway clock, so a mistake in it is
/// reported where it was written rather than where it is first used.
///
/// One builder checks every binding of a program: it keeps what it built, so
/// checking `let b = a | map x + 1` reuses the `a` it built for `a`'s own
/// check. A builder per binding built the whole chain of bindings again for
/// each one, which grew with the square of their number (issue 26).
///
/// The bindings of earlier inputs were checked when they were typed, so they
/// are not built again here (`PipelineBuilder.isCheckedEarlier`).
private final class BindingCheck {
  private let clock = VirtualClock()
  private var builder: PipelineBuilder?
  /// The session's bindings before this program: checked already.
  private let earlier: [String: BoundPipeline]

  init(earlier: [String: BoundPipeline]) {
    self.earlier = earlier
  }

  func check(_ binding: BoundPipeline) throws {
    let builder =
      self.builder ?? PipelineBuilder(clock: clock, recorder: Recorder(clock: clock), boundNames: [String]())
    if self.builder == nil {
      builder.isCheckedEarlier = { [earlier] binding in earlier[binding.name] === binding }
    }
    self.builder = builder
    // The names the binding's expressions may use as streams; names bound
    // later cannot appear in it (the compiler refused those already).
    builder.expressions.compiler.boundNames.formUnion(binding.environment.keys)
    _ = try builder.buildBinding(binding)
  }

  /// Breaks the cycles of what was built (`PipelineBuilder.endRun`) and
  /// lets it go: once every statement is built, before the run, so a
  /// program's checks and its run are not in memory together.
  /// `releasingElsewhere` when Ctrl-C stopped the program: what was built
  /// is then freed on another thread (`DeferredRelease`).
  func end(releasingElsewhere: Bool = false) {
    clock.discardPendingActions()
    builder?.endRun()
    let built = builder
    builder = nil
    if releasingElsewhere { DeferredRelease.release(consume built) }
  }
}

/// The run's tasks, kept until it ends.
private final class TaskRuns {
  var all: [TaskRun] = []

  func end() {
    for task in all { task.onEnd = nil }
  }
}

/// How many subscriptions and connects of a run are still to be made.
private final class PendingStarts {
  var count = 0
}

/// The subscribers and connections a run made, kept alive while it runs.
private final class RunCancellables {
  var all: [Cancellable] = []

  func cancelAll() {
    // Taken out first: a cancel must not find the list half emptied.
    let all = self.all
    self.all = []
    for cancellable in all { cancellable.cancel() }
  }
}

extension String {
  /// The text a source range covers.
  func slice(_ range: SourceRange) -> String { range.text(in: self) }
}
