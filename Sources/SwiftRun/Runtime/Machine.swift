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
  /// Functions declared at the top level, by name (overloads by labels).
  var functions: [String: [SwiftFunction]] = [:]
  /// `extension Publisher { func … }` methods, by name.
  var publisherExtensions: [String: [SwiftFunction]] = [:]
  /// One per subscription the paste made: the rows of the diagram.
  var shown: [ShownPipeline] = []
  /// What stopped the run from inside a closure the engine called (a sink, a
  /// `map`): kept, the run stopped, and reported once the clock returns.
  var pendingError: SwiftRunError?
  /// Statements run, against `Machine.statementBudget`, so `while true {}` ends.
  var statementsRun = 0
  var callDepth = 0
  /// Subscriptions the run itself keeps alive: `assign(to: &$x)` lives as long as its property.
  var retained: [Cancellable] = []
  var notes: [String] = []
  /// Where each subscription was made, by pipeline.
  var subscriptionOffsets: [Int] = []
  /// Each operator method called, with where.
  var operatorUses: [(name: String, offset: Int)] = []
  /// Whether each `$`-parameter closure reads `$1`, by where it starts.
  var closureReadsSecondParameter: [Int: Bool] = [:]
  /// Whether the paste made a `DispatchQueue.test` or `RunLoop.test`, which runs only when advanced.
  var madeTestScheduler = false
  /// True while the run is torn down: no `deinit` runs then.
  var isEnding = false

  /// Sends nested inside the delivery of a send (a sink that sets the
  /// property it watches): past this many, the run stops as endless recursion.
  var sendDepth = 0
  static let maximumSendDepth = 1_000

  static let statementBudget = 5_000_000
  static let maximumCallDepth = 200

  init(text: String, options: RunOptions) {
    self.text = text
    self.options = options
    recorder = Recorder(clock: clock, maxEvents: options.maxEvents, isInterrupted: options.isInterrupted)
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
    try declareTypesAndFunctions(statements, in: globals)
    do {
      for statement in statements {
        if case .function = statement.kind { continue }
        if case .type = statement.kind { continue }
        if case .typeDeclaration = statement.kind { continue }
        let flow = try execute(statement, in: globals)
        if case .returned = flow { break }
        if let pendingError { throw pendingError }
      }
      let clockStop = runClockToItsEnd()
      if let pendingError { throw pendingError }
      return result(clockStop: clockStop)
    } catch SwiftRunError.trap(let message, let range) {
      // Swift stops the program here: the diagram shows what happened until then.
      recorder.fail(message, stage: place(range), value: nil)
    } catch SwiftRunError.thrown(let value, let range) {
      recorder.fail("an error was thrown and not caught: \(SwiftText.plain(value))", stage: place(range), value: nil)
    }
    return result(clockStop: .idle)
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

  private func result(clockStop: VirtualClock.StopReason) -> RunResult {
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
    result.notes = notes
    return result
  }

  /// Lets go of everything the run made: subscriptions, the clock's waiting
  /// actions, and the cycles objects and closures close through scopes.
  func end() {
    isEnding = true
    recorder.endRun()
    for cancellable in retained { cancellable.cancel() }
    retained = []
    clock.discardPendingActions()
    globals.clear()
    for type in types.values { type.staticProperties = [:] }
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
