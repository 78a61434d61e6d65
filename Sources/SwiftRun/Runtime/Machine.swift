import OpenCombine
import StreamCore
import StreamLang
import SwiftImport

/// Runs a paste's statements in order on one virtual clock, as a Swift
/// script runs them, making the real StreamCore/OpenCombine publishers its
/// Combine code names, each probed into the rows the diagram draws.
final class Machine {
  let text: String
  let options: RunOptions
  let clock = VirtualClock()
  let recorder: Recorder
  let globals = Scope(parent: nil)
  var types: [String: TypeDefinition] = [:]
  /// The paste's protocols, with the names of their requirements.
  var protocolRequirements: [String: Set<String>] = [:]
  /// Functions declared at the top level, by name (overloads by labels).
  var functions: [String: [SwiftFunction]] = [:]
  /// `extension Publisher { func … }` methods, by name.
  var publisherExtensions: [String: [SwiftFunction]] = [:]
  /// One per subscription the paste made: the rows of the diagram.
  var shown: [ShownPipeline] = []
  /// Each shown pipeline's stage types, as the typer gave them.
  var shownTypes: [[StageType]] = []
  /// What the typer could not type in the shown pipelines (the closures behind a `_`).
  var untypedStages: [String] = []
  /// What stopped the run from inside a closure the engine called (a sink, a
  /// `map`): kept, the run stopped, and reported once the clock returns.
  var pendingError: SwiftRunError?
  /// Statements run, against `Machine.statementBudget`, so `while true {}` ends.
  var statementsRun = 0
  var callDepth = 0
  /// Subscriptions the run itself keeps alive: `assign(to: &$x)` lives as long as its property.
  var retained: [Cancellable] = []
  var notes: [String] = []
  /// The array literals `noteNilLiteralInference` has spoken of.
  var notedNilLiterals: Set<String> = []
  /// Where each subscription was made, by pipeline.
  var subscriptionOffsets: [Int] = []
  /// Where the statement that made each subscription starts, by pipeline.
  var subscriptionStatements: [Int] = []
  /// Where the innermost statement running now starts.
  var runningStatement = 0
  /// Each operator method called, with where.
  var operatorUses: [(name: String, offset: Int)] = []
  /// Whether each `$`-parameter closure reads `$1`, by where it starts.
  var closureReadsSecondParameter: [Int: Bool] = [:]
  /// Whether the paste made a `DispatchQueue.test` or `RunLoop.test`, which runs only when advanced.
  var madeTestScheduler = false
  /// Each XCTest assertion a pasted test made (issue 32), in order.
  var assertions: [AssertionResult] = []
  /// The expectations a pasted test made, for `waitForExpectations(timeout:)`.
  var expectations: [ExpectationValue] = []
  /// How many first `fulfill()`s the test has made: the order `enforceOrder:` checks.
  var fulfilmentCount = 0
  /// True while the run is torn down: no `deinit` runs then.
  var isEnding = false
  /// A lesson's givens, bound as publishers the paste uses by name.
  var givens: GivenStreams?
  /// Every class instance the run made, weakly: the leak finder's candidates.
  var classInstances: [WeakInstance] = []
  /// Each of their types and when it was made, by serial.
  var instanceMade: [(typeName: String, time: VirtualTime)] = []
  /// When each instance that held subscriptions went, by serial.
  var ownersReleased: [Int: VirtualTime] = [:]
  /// Each time a subscriber's `AnyCancellable` was let go of or cancelled:
  /// its pipeline, when, the statement running (a source offset), and
  /// whether it was `cancel()` rather than a release.
  var subscriptionEnds: [(pipeline: Int, time: VirtualTime, statement: Int, byCancel: Bool)] = []
  /// The subjects already noted for sending to several subscribers at once.
  var notedDeliveryOrder: Set<ObjectIdentifier> = []
  /// Whether a value printed without the module name Swift gives it has been noted.
  var notedModuleName = false

  /// Every `Task` the paste made, in order: their rows, and what is torn down at the end.
  var tasks: [TaskValue] = []
  /// How many times a task was given the turn (`maximumTaskTurns`).
  var taskTurns = 0
  /// The task running now; nil while the top-level code runs (or a clock action it started).
  var currentTask: TaskValue?
  /// How deeply the engine's calls into the paste's closures are nested
  /// here (a `sink`, a `map`, an `asyncAfter` closure): Swift's closures
  /// there are synchronous, so nothing in them can `await`.
  var engineCallbackDepth = 0
  /// The scopes of the `await`s in progress on this line of execution: what
  /// a waiting task's stack holds, for the leak finder.
  var awaitScopes: [Scope] = []
  /// What the top-level code awaits while it runs the clock.
  var awaitingTopLevel: Suspension?
  /// Where the top-level code waits when the clock stopped, if it does.
  var topLevelStillWaiting: (suspension: Suspension, stop: VirtualClock.StopReason)?

  /// Sends nested inside the delivery of a send (a sink that sets the
  /// property it watches): past this many, the run stops as endless recursion.
  var sendDepth = 0
  static let maximumSendDepth = 1_000

  static let statementBudget = 5_000_000
  static let maximumCallDepth = 200

  init(text: String, options: RunOptions) {
    self.text = text
    self.options = options
    recorder = Recorder(
      clock: clock, maxEvents: options.maxEvents, isInterrupted: options.isInterrupted,
      tracksCauses: options.tracksCauses)
    clock.isSettled = { [unowned self] in !self.recorder.hasOpenSubscriptions && self.clock.pendingCount == 0 }
  }

  /// The source text of `range`, on one line: statements that were on
  /// lines of their own are separated by `;`, as Swift would need them.
  func source(_ range: SourceRange) -> String {
    let lines = range.text(in: text).split(whereSeparator: \.isNewline)
      .map { line in String(line.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
      .filter { !$0.isEmpty }
    var joined = ""
    for line in lines {
      if joined.isEmpty {
        joined = line
      } else if joined.hasSuffix("{") || joined.hasSuffix(" in") || joined.hasSuffix("(") || joined.hasSuffix(",")
        || line.hasPrefix("}")
        || line.hasPrefix(".") || line.hasPrefix(")")
      {
        joined += " " + line
      } else {
        joined += "; " + line
      }
    }
    return joined
  }

  /// Runs the paste's top-level statements at virtual time 0, then the clock
  /// to its end.
  func run(_ statements: [SwiftStatement]) throws -> RunResult {
    // Wherever the clock runs (an `await`, a test-scheduler step, the end), the note is taken at the instant.
    if options.tracksCauses, let instant = options.snapshotAt { recorder.noteState(at: instant) }
    try declareTypesAndFunctions(statements, in: globals)
    do {
      try runTopLevelCode(statements)
      let clockStop = runClockToItsEnd()
      if let pendingError { throw pendingError }
      return result(clockStop: clockStop)
    } catch SwiftRunError.trap(let message, let range) {
      // Swift stops the program here: the diagram shows what happened until then.
      recorder.fail(message, stage: place(range), value: nil)
    } catch SwiftRunError.thrown(let value, let range) {
      recorder.fail("an error was thrown and not caught: \(SwiftText.plain(value))", stage: place(range), value: nil)
    } catch is RunEndedWhileWaiting {
      // The top-level code awaits what never comes: a script would wait for ever.
      if let (suspension, stop) = topLevelStillWaiting {
        notes.append(stillWaitingNote(suspension, stop: stop))
        return result(clockStop: stop)
      }
    }
    return result(clockStop: .idle)
  }

  /// The paste's top-level statements in order, declarations left out (they
  /// were declared first): a script's code, or a test target's files' globals.
  func runTopLevelCode(_ statements: [SwiftStatement]) throws {
    for statement in statements {
      switch statement.kind {
      case .function, .type, .typeDeclaration: continue
      default: break
      }
      let flow = try execute(statement, in: globals)
      if case .returned = flow { break }
      if let pendingError { throw pendingError }
    }
  }

  /// After the last statement, the clock runs as a script's main run loop
  /// would. Point-Free's `TestScheduler` runs only when advanced
  /// (`advance(by:)`, `run()`): what is due on one after its last advance
  /// never runs in Swift. streamlab has one clock, so a paste that made a
  /// test scheduler stops at its last advance, and says so when work was left.
  private func runClockToItsEnd() -> VirtualClock.StopReason {
    guard madeTestScheduler else { return clock.run(until: options.horizon) }
    if let next = clock.nextActionTime {
      notes.append(
        "what is due from \(next) is not run: a test scheduler runs only when it is advanced, and this paste "
          + "advances it last to \(clock.now) (streamlab runs every scheduler on the test scheduler's clock)")
    }
    return .idle
  }

  /// "line 3:5, vm.query = nil", for a runtime error's stage (drawn in backticks).
  func place(_ range: SourceRange) -> String {
    let location = SourceLocation(of: range, in: text)
    let shown = source(range)
    return "line \(location.line):\(location.column), \(shown.count > 60 ? String(shown.prefix(57)) + "…" : shown)"
  }

  func result(clockStop: VirtualClock.StopReason) -> RunResult {
    recorder.takeStateNoteIfDue()
    let stop: RunStop
    switch (recorder.stopCause, clockStop) {
    case (.runtimeError(let error)?, _): stop = .runtimeError(error)
    case (.budget(let limit)?, _): stop = .budget(limit)
    case (.interrupted?, _): stop = .interrupted
    case (nil, .horizon): stop = .horizon(options.horizon)
    case (nil, _): stop = .idle
    }
    var result = RunResult(
      pipelines: shown, rows: recorder.timelines.filter { $0.pipeline >= 0 }, stop: stop, endTime: clock.now)
    result.contractViolations = recorder.contractViolations
    result.log = recorder.log
    // What the globals reach is walked once, and only when a class instance is still alive.
    let finder = leakFinder()
    let reachable = classInstances.contains { $0.instance != nil } ? finder.reachable() : []
    result.notes = notes + leakNotes(finder, reachable: reachable) + stillWaitingTaskNotes
    result.lifetimes = lifetimes(reachable: reachable)
    result.releases = subscriptionReleases(rows: result.rows)
    result.tasks = taskTimelines
    result.assertions = assertions
    result.pendingAtSnapshot = recorder.pendingAtSnapshot
    // A leak has its own note; an object a global still holds is what a script's globals do.
    result.notes += result.lifetimes.filter { $0.released != nil }.map(\.sentence)
    result.stageTypes = shownTypes.map { types in
      types.enumerated().map { index, type in type.label(after: index == 0 ? nil : types[index - 1]) }
    }
    return result
  }

  /// The leak finder rooted at the paste's globals and its types' static properties.
  private func leakFinder() -> LeakFinder {
    let roots = Scope(parent: globals)
    for (typeName, type) in types {
      for (name, variable) in type.staticProperties { roots.declare("\(typeName).\(name)", variable) }
    }
    return LeakFinder(globals: roots)
  }

  /// Each instance that held subscriptions: made, released or leaked.
  private func lifetimes(reachable: Set<ObjectIdentifier>) -> [ObjectLifetime] {
    classInstances.enumerated().compactMap { serial, weak in
      let made = instanceMade[serial]
      if let released = ownersReleased[serial] {
        return ObjectLifetime(typeName: made.typeName, made: made.time, released: released, leaked: false)
      }
      guard let instance = weak.instance,
        !instance.propertySubscriptions.isEmpty
          || instance.fields.values.contains(where: { Self.holdsSubscription($0.value) })
      else { return nil }
      return ObjectLifetime(
        typeName: made.typeName, made: made.time, released: nil, leaked: !reachable.contains(ObjectIdentifier(instance))
      )
    }
  }

  /// A sentence per cycle of instances the paste can no longer reach, with
  /// what the cycle keeps running (`LeakFinder`).
  private func leakNotes(_ finder: LeakFinder, reachable: Set<ObjectIdentifier>) -> [String] {
    finder.leaks(among: classInstances, reachable: reachable).map { leak in
      var sentence = "leak: \(leak.typeName) is never released: " + leak.chain.joined(separator: " → ")
      let running = leak.runningPipelines.filter { shown.indices.contains($0) }.map { "`\(shown[$0].source)`" }
      if !running.isEmpty {
        sentence += "; it keeps \(running.joined(separator: " and ")) running, still at \(clock.now)"
      }
      let fix =
        leak.chain.contains { $0.hasPrefix("Subscribers.Assign") }
        ? "`assign(to:on:)` holds its object until the publisher completes: `assign(to: &$property)` does not"
        : leak.throughTask
          ? "a task holds its closure until it ends: `[weak self]` in it, or `cancel()` the task"
          : "break the cycle with `[weak self]`, or cancel the subscription"
      return sentence + " (\(fix))"
    }
  }

  /// Lets go of everything the run made: subscriptions, the clock's waiting
  /// actions, and the cycles objects and closures close through scopes.
  func end() {
    isEnding = true
    tearDownTasks()
    recorder.endRun()
    for cancellable in retained { cancellable.cancel() }
    retained = []
    clock.discardPendingActions()
    givens?.end()
    globals.clear()
    for type in types.values { type.staticProperties = [:] }
  }

  /// Builds `program`'s bindings on this run's clock and binds each name
  /// as a publisher, before the paste's first statement.
  func bindGivens(_ program: Program) throws {
    let givens: GivenStreams
    do {
      givens = try GivenStreams(program, clock: clock, recorder: recorder)
    } catch {
      throw SwiftRunError.refused(
        Diagnostic("a given does not build: \(error.message)", at: SourceRange(start: 0, end: 0)))
    }
    self.givens = givens
    for name in givens.names {
      guard let publisher = givens.publisher(named: name) else { continue }
      globals.declare(
        name, Variable(.opaque(PublisherValue(sourceLabel: name) { publisher }), isConstant: true))
    }
  }

  // MARK: Stopping

  /// Counts a statement; stops a runaway loop or a Ctrl-C.
  func tick(at range: SourceRange) throws {
    statementsRun += 1
    if statementsRun % 1024 == 0, options.isInterrupted() {
      throw SwiftRunError.refused(Diagnostic("interrupted (Ctrl-C) while running the Swift", at: range))
    }
    if statementsRun > Self.statementBudget {
      throw SwiftRunError.trap(
        "the Swift ran \(Self.statementBudget) statements without ending (a loop that never stops?)", range)
    }
  }

  /// Records an error raised inside a closure the engine called and stops the run.
  func fail(_ error: Error, stage: String, value: Value? = nil) {
    let failure = error as? SwiftRunError ?? .trap("\(error)", SourceRange(start: 0, end: 0))
    if pendingError == nil { pendingError = failure }
    switch failure {
    case .trap(let message, _):
      recorder.fail(message, stage: stage, value: value)
    case .thrown(let thrown, _):
      recorder.fail("uncaught error \(SwiftText.plain(thrown))", stage: stage, value: value)
    case .refused:
      recorder.stop(.interrupted)
    }
  }

  /// Runs a send, counting how deeply sends are nested in each other's delivery.
  func sending(at range: SourceRange, _ send: () throws -> Void) throws {
    sendDepth += 1
    defer { sendDepth -= 1 }
    if sendDepth > Self.maximumSendDepth {
      throw SwiftRunError.trap(
        "a subscriber sends again while the send that reached it is still being delivered, "
          + "\(Self.maximumSendDepth) deep: endless recursion (Swift would overflow its stack)", range)
    }
    try send()
  }

  func refuse(_ message: String, at range: SourceRange, instead: String? = nil) -> SwiftRunError {
    .refused(Diagnostic(message, at: range, expected: instead))
  }
}
