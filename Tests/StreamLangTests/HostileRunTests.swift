import StreamCore
import Testing

@testable import StreamLang

/// Hostile programs taken all the way: parsed, built and run by the
/// Interpreter. Each ends in diagnostics or in a run that stopped for a
/// stated reason — never a crash, a trap or a hang.
@Suite struct HostileRunTests {
  static let limits = RunOptions(horizon: .milliseconds(2_000), maxEvents: 20_000)

  /// Runs `text` after binding `b`, the name the generated programs use.
  static func survive(_ text: String) -> Evaluation {
    var interpreter = Interpreter()
    _ = interpreter.run("let b = marbles \"-1-2-3|\"")
    let evaluation = interpreter.run(text, options: limits)
    expectMessageOrDiagram(evaluation, for: text)
    return evaluation
  }

  /// A run ends in a message (diagnostics, each rendered with its position
  /// and `error:`) or in a diagram (an output row for every shown pipeline,
  /// with a stated reason when it stopped early).
  static func expectMessageOrDiagram(_ evaluation: Evaluation, for text: String) {
    switch evaluation {
    case .invalid(let diagnostics):
      #expect(!diagnostics.isEmpty, "\(text)")
      for diagnostic in diagnostics {
        #expect(diagnostic.range.start >= 0 && diagnostic.range.start <= text.utf8.count, "\(text)")
        #expect(diagnostic.rendered(in: text).contains(": error: "), "\(text)")
      }
    case .ran(let result, let program):
      let shown = program.statements.filter {
        if case .subscription = $0 { return true }
        return false
      }
      #expect(result.pipelines.count == shown.count, "\(text)")
      #expect(result.outputs.count == result.pipelines.count, "\(text)")
      if case .runtimeError(let error) = result.stop { #expect(!error.message.isEmpty, "\(text)") }
    }
  }

  @Test func everyKeywordWithEveryKindOfArgumentRunsOrExplains() {
    var ran = 0
    for text in HostileInputTests.everyKeywordWithEveryArgument {
      if case .ran = Self.survive(text) { ran += 1 }
    }
    // Many argument kinds are right for some keyword: those programs really ran.
    // Measured: 362 run since the type checker refuses what Swift would not compile (issue 15).
    #expect(ran > 300)
  }

  @Test func everyTruncationOfEveryMustRunExampleRunsOrExplains() {
    for text in HostileInputTests.truncations() { _ = Self.survive(text) }
  }

  @Test(arguments: HostileInputTests.malformed)
  func malformedProgramRunsOrExplains(text: String) {
    _ = Self.survive(text)
  }

  /// A program that runs, and why it stopped.
  struct Runaway: CustomTestStringConvertible, Sendable {
    let program: String
    let stop: String
    var testDescription: String { program }
  }

  static let runaways: [Runaway] = [
    .init(program: "interval 1ms", stop: "horizon"),
    .init(program: "interval 1ms | flatMap { interval 1ms }", stop: "budget"),
    .init(program: "range 1...9223372036854775807 | count", stop: "budget"),
    .init(program: "just 1 | flatMap { range 1...100000000000 | filter x < 0 }", stop: "budget"),
    .init(program: "just 9223372036854775807 | map x + 1", stop: "runtime"),
    .init(program: "just 1 | map x / 0", stop: "runtime"),
    .init(program: "just 1 | map x % 0", stop: "runtime"),
    .init(program: "just 1 | scan 0, acc / x - 1", stop: "idle"),
    .init(program: "just 0 | scan 1, acc / x", stop: "runtime"),
    .init(program: "just 1 | tryMap x / 0", stop: "runtime"),
    .init(program: "never", stop: "idle"),
    // Empty windows record nothing; the clock's own actions count toward the budget.
    .init(program: "never | collect 1ns", stop: "budget"),
    .init(program: "interval 1ns | filter x < 0", stop: "budget"),
  ]

  /// Programs that used to stop with a runtime error and that Swift would
  /// not compile: refused before the run with a type error at their position.
  static let refusedBeforeTheRun = [
    "just \"a\" | map x * 2", "just 1 | filter x", "just 1, \"a\" | min", "just 1 | flatMap x",
    "just 1 | switchToLatest",
  ]

  @Test(arguments: refusedBeforeTheRun)
  func illTypedProgramsAreRefusedBeforeTheRun(_ text: String) throws {
    var interpreter = Interpreter()
    var diagnostics: [Diagnostic] = []
    if case .invalid(let refused) = interpreter.run(text) { diagnostics = refused }
    let first = try #require(diagnostics.first, "ran: \(text)")
    #expect(first.isTypeError, "\(first)")
  }

  @Test(arguments: runaways)
  func runawayProgramsStopWithAReason(_ runaway: Runaway) throws {
    guard case .ran(let result, _) = Self.survive(runaway.program) else {
      Issue.record("did not run: \(runaway.program)")
      return
    }
    let stop: String
    switch result.stop {
    case .idle: stop = "idle"
    case .horizon: stop = "horizon"
    case .budget: stop = "budget"
    case .runtimeError: stop = "runtime"
    case .interrupted: stop = "interrupted"
    case .testEnded: stop = "test ended"
    }
    #expect(stop == runaway.stop)
  }

  /// Swift traps on a division by zero in `tryMap` too (DSL.md, runtime errors).
  @Test func tryMapStopsTheRunOnADivisionByZero() throws {
    let (result, diagnostics) = runProgram("just 1 | tryMap x / 0")
    let run = try #require(result, "\(diagnostics)")
    guard case .runtimeError(let error) = run.stop else {
      Issue.record("expected a runtime error, got \(run.stop)")
      return
    }
    #expect(error.message.contains("Swift stops the process here"))
  }

  @Test func interruptStopsARunAtOnce() throws {
    var polls = 0
    var interpreter = Interpreter()
    let options = RunOptions(horizon: .milliseconds(100_000_000), maxEvents: .max) {
      polls += 1
      return polls > 3
    }
    guard case .ran(let result, _) = interpreter.run("interval 1ms", options: options) else {
      Issue.record("did not run")
      return
    }
    #expect(result.stop == .interrupted)
  }

  @Test func cancellingBeforeSubscribingIsADiagnostic() {
    guard case .invalid(let diagnostics) = Self.survive("interval 100ms @500ms..200ms") else {
      Issue.record("expected a diagnostic")
      return
    }
    #expect(diagnostics.first?.message.contains("before it subscribes") == true)
  }
}

@Suite struct DroppedValueTests {
  /// `flatMap max 1` asks for one value at a time, so a timed source sending
  /// while the inner stream runs loses that value, as a Timer would.
  @Test(arguments: [
    "events 0ms:\"macbook\", 200ms:\"mac\", 1000ms:| | flatMap max 1 { just x | delay 700ms }",
    "let q = events 0ms:\"macbook\", 200ms:\"mac\", 1000ms:|; q | flatMap max 1 { just x | delay 700ms }",
    // A live source bound to a name is one subject for every use; each use still records its own drops.
    "let q = subject 0ms:\"macbook\", 200ms:\"mac\", 1000ms:|; q | flatMap max 1 { just x | delay 700ms }",
  ])
  func aTimedSourceWithoutDemandRecordsTheDrop(program: String) throws {
    let (result, diagnostics) = runProgram(program)
    let run = try #require(result, "\(diagnostics)")
    let source = try #require(run.rows.first { $0.stage == 0 })
    #expect(source.events.contains { $0.kind == .dropped(.string("mac")) && $0.time == .milliseconds(200) })
    #expect(compact(run.outputs[0]) == "700ms \"macbook\", 1000ms |")
  }

  /// A `CurrentValueSubject` keeps the value its subscriber had no demand for
  /// and delivers it when demand comes: only a value replaced before that
  /// (here "ma" by "mac") or still held at completion is lost.
  @Test func aCurrentValueSubjectLosesOnlyTheValuesItCouldNotHoldOnTo() throws {
    let program =
      "let q = current \"macbook\", 200ms:\"ma\", 300ms:\"mac\", 1000ms:\"m\", 1100ms:|; "
      + "q | flatMap max 1 { just x | delay 700ms }"
    let (result, diagnostics) = runProgram(program)
    let run = try #require(result, "\(diagnostics)")
    let source = try #require(run.rows.first { $0.stage == 0 })
    let drops = source.events.compactMap { event -> String? in
      guard case .dropped(let value) = event.kind else { return nil }
      return "\(event.time) \(value)"
    }
    // "m" at 1000ms finds no demand either ("mac" is in flatMap until 1400ms)
    // and is still held when the subject finishes at 1100ms.
    #expect(drops == ["300ms \"ma\"", "1100ms \"m\""])
    #expect(compact(run.outputs[0]) == "700ms \"macbook\", 1400ms \"mac\", 1400ms |")
  }
}
