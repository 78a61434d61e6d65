import StreamCore
import Testing

@testable import StreamLang

/// A run frees everything it built once it ends, whatever ended it: the
/// REPL, `streamlab serve` and `lesson verify` run thousands of programs in
/// one process, and a run that kept its pipelines would grow it every time.
///
/// The clock is the witness: every probe holds its row's recording state,
/// which holds the clock, and every shown stage has a probe. A subscription
/// still alive anywhere in a pipeline keeps the clock alive, so a freed clock
/// means a freed pipeline.
struct RunTeardownTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let program: String
    /// What ends the run, said for the reader.
    let why: String
    var options: RunOptions { RunOptions(horizon: .milliseconds(2_000), maxEvents: 500) }
    var testDescription: String { "\(why): \(program)" }
  }

  static let endings: [Case] = [
    Case(program: "just 1, 2, 3 | map x * 2", why: "finished"),
    Case(program: "interval 100ms | map x * 2", why: "horizon"),
    Case(program: "interval 1ms | map x + 1", why: "event budget"),
    Case(program: "interval 100ms | map 10 / (2 - x)", why: "runtime error"),
    Case(program: "never | debounce 300ms", why: "never ends, horizon"),
    Case(program: "just 1, 2 | flatMap { never | map x }", why: "inner never"),
    Case(program: "current 0, 100ms:1 | flatMap { interval 50ms }", why: "current subject, inner timer"),
    Case(
      program: "let s = interval 100ms | share\ns | map x\ns | map x * 10 @150ms",
      why: "share with two subscribers at the horizon"),
    Case(
      program: "let m = interval 100ms | multicast\nm | map x\nm | map x @250ms\nconnect m @50ms",
      why: "multicast connected"),
    Case(program: "interval 100ms | map x @5s", why: "subscription never made before the horizon"),
    Case(program: "interval 100ms | take 3 @..150ms", why: "cancelled by the subscriber"),
    // A recorded stream value's closure held its build context, whose anchor
    // held the row that recorded it: the fuzzer's lesson target grew ~30 KB a check.
    Case(program: "just 1 | map { just x }", why: "a stream recorded as a value"),
    Case(program: "just 1, 2 | map { just x | delay 10ms } | switchToLatest", why: "streams recorded, then switched"),
  ]

  @Test(arguments: endings)
  func aRunFreesItsClockRecorderAndPipelinesWhenItEnds(_ example: Case) throws {
    weak var clock: VirtualClock?
    weak var recorder: Recorder?
    try runAndEnd(example.program, options: example.options) { run in
      clock = run.clock
      recorder = run.recorder
    }
    #expect(clock == nil)
    #expect(recorder == nil)
  }

  @Test func theInterpreterFreesWhatARunBuiltAsThePipelinesAreLeftRunning() throws {
    // The same program run twice by one interpreter, as the REPL does: the
    // second run's row is the first's, so ending the first one changed
    // nothing it recorded and added no cancel.
    var interpreter = Interpreter()
    let program = "let s = interval 100ms | share\ns | map x * 2\ns | flatMap { never } @150ms"
    let options = RunOptions(horizon: .milliseconds(400))
    let first = try #require(ranResult(interpreter.run(program, options: options)))
    let second = try #require(ranResult(interpreter.run(program, options: options)))
    #expect(first.rows == second.rows)
    #expect(first.outputs.map(compact) == ["100ms 0, 200ms 2, 300ms 4, 400ms 6", ""])
    let cancels = first.rows.flatMap(\.events).filter { $0.kind == .cancelled }
    #expect(cancels.isEmpty)
  }

  @Test func aRunWhoseBuildFailedFreesWhatItHadBuilt() throws {
    weak var clock: VirtualClock?
    let parsed = Parser.parse("let a = just 1\ninterval 100ms | map x\nconnect a", boundNames: [String]())
    try #require(parsed.diagnostics.isEmpty)
    do {
      var run = ProgramRun(program: parsed.program, bindings: [:], options: RunOptions())
      clock = run.clock
      #expect(!run.start().isEmpty)
      run.end()
    }
    #expect(clock == nil)
  }

  private func ranResult(_ evaluation: Evaluation) -> RunResult? {
    if case .ran(let result, _) = evaluation { return result }
    return nil
  }

  /// Runs `program` as `Interpreter.run` does: start, finish, end.
  private func runAndEnd(_ program: String, options: RunOptions, inspect: (ProgramRun) -> Void) throws {
    let parsed = Parser.parse(program, boundNames: [String]())
    try #require(parsed.diagnostics.isEmpty)
    var run = ProgramRun(program: parsed.program, bindings: [:], options: options)
    try #require(run.start().isEmpty)
    inspect(run)
    _ = run.finish()
    run.end()
  }
}
