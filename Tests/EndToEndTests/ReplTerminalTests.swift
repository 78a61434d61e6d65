import Foundation
import Testing

/// The interactive REPL at a real (pseudo-)terminal, typed at key by key.
@Suite struct ReplTerminalTests {
  private static let prompt = "» "

  private func start(_ extraArguments: [String] = [], home: URL? = nil) throws -> (PseudoTerminal, URL) {
    let home = try home ?? StreamlabBinary.temporaryHome()
    let terminal = try PseudoTerminal(
      [StreamlabBinary.path] + extraArguments, environment: StreamlabBinary.environment(home: home))
    try terminal.waitFor(Self.prompt)
    try terminal.waitForLineEditing()
    return (terminal, home)
  }

  /// Types one line, waits for `reply` to be printed and the next prompt.
  private func enter(_ line: String, expecting reply: String, in terminal: PseudoTerminal) throws {
    let mark = terminal.mark
    terminal.type(line + "\r")
    try waitForPrompt(terminal, after: try terminal.waitFor(reply, after: mark))
  }

  /// Waits for the prompt after `offset` and for libedit to read keys.
  private func waitForPrompt(_ terminal: PseudoTerminal, after offset: Int) throws {
    try terminal.waitFor(Self.prompt, after: offset)
    try terminal.waitForLineEditing()
  }

  @Test func welcomeSaysWhereHelpAndLessonsAre() throws {
    let (terminal, _) = try start()
    #expect(terminal.transcript.contains(":help"))
    #expect(terminal.transcript.contains("lessons"))
  }

  @Test func typingAPipelineShowsItsDiagram() throws {
    let (terminal, _) = try start()
    let mark = terminal.mark
    terminal.type("just 1,2,3 | map x*2\r")
    let afterLabel = try terminal.waitFor("> map x*2", after: mark)
    try terminal.waitFor("6", after: afterLabel)
    try waitForPrompt(terminal, after: afterLabel)
  }

  @Test func tabCompletesAnOperator() throws {
    let (terminal, home) = try start()
    let mark = terminal.mark
    terminal.type("just 1,2,3 | deb\t")
    try terminal.waitFor("ounce", after: mark)
    terminal.type("300ms\r")
    try waitForPrompt(terminal, after: try terminal.waitFor("> debounce 300ms", after: mark))
    terminal.type("\u{04}")
    #expect(try terminal.waitForExit() == 0)
    let history = try String(contentsOf: home.appendingPathComponent("state/streamlab/history"), encoding: .utf8)
    #expect(history.contains("debounce\\040300ms") || history.contains("debounce 300ms"))
  }

  @Test func ambiguousTabListsTheChoices() throws {
    let (terminal, _) = try start()
    let mark = terminal.mark
    terminal.type(":s\t")
    try terminal.waitFor(":swift", after: mark)
    #expect(terminal.transcript.contains(":scale"))
    #expect(terminal.transcript.contains(":svg"))
  }

  @Test func upArrowRecallsThePreviousLine() throws {
    let (terminal, _) = try start()
    try enter(":horizon 3s", expecting: "horizon: 3s", in: terminal)
    let mark = terminal.mark
    terminal.type("\u{1b}[A")
    try terminal.waitFor(":horizon 3s", after: mark)
    terminal.type("\r")
    try terminal.waitFor("horizon: 3s", after: mark)
  }

  @Test func continuationPromptForATrailingPipe() throws {
    let (terminal, _) = try start()
    let mark = terminal.mark
    terminal.type("just 4 |\r")
    try terminal.waitFor("… ", after: mark)
    try terminal.waitForLineEditing()
    terminal.type("map x+1\r")
    let label = try terminal.waitFor("> map x+1", after: mark)
    try terminal.waitFor("5", after: label)
  }

  @Test func anOpenBraceSaysWhyTheLineContinuesAndAnEmptyLineEndsItWithTheParseError() throws {
    let (terminal, _) = try start()
    let mark = terminal.mark
    terminal.type("just 1 | flatMap {\r")
    let reason = try terminal.waitFor(
      "`{` opened at column 18 is not closed; an empty line ends the input", after: mark)
    try terminal.waitFor("… ", after: reason)
    try terminal.waitForLineEditing()
    terminal.type("\r")
    let error = try terminal.waitFor("error:", after: reason)
    try waitForPrompt(terminal, after: error)
  }

  @Test func anUnclosedStringIsReportedAtOnceNotWaitedFor() throws {
    let (terminal, _) = try start()
    let mark = terminal.mark
    terminal.type("just \"abc | map x\r")
    let error = try terminal.waitFor("1:6: error: this string has no closing quote", after: mark)
    try waitForPrompt(terminal, after: try terminal.waitFor("expected: `\"` before the end of the line", after: error))
    #expect(terminal.count(of: "… ", after: mark) == 0)
  }

  @Test func ctrlCClearsTheInputAtThePrompt() throws {
    let (terminal, _) = try start()
    let mark = terminal.mark
    terminal.type("just 1 | map x")
    try terminal.waitFor("map x", after: mark)
    terminal.type("\u{03}")
    let cleared = try terminal.waitFor("^C", after: mark)
    try waitForPrompt(terminal, after: cleared)
    // Ctrl-D only ends the session on an empty line: this proves the
    // interrupted input is gone.
    terminal.type("\u{04}")
    #expect(try terminal.waitForExit() == 0)
  }

  @Test func ctrlCInterruptsALongRunAndThePromptComesBack()
    throws
  {
    // A budget far above what a few seconds can record, so only Ctrl-C can
    // end this run early.
    let (terminal, _) = try start(["--max-events", "20000000"])
    try enter(":horizon 100000s", expecting: "100000s of virtual time", in: terminal)
    let mark = terminal.mark
    terminal.type("interval 1ms\r")
    try terminal.waitFor("interval 1ms\r\n", after: mark)
    // The key may be pressed before the run has begun; pressing it again
    // until the run reports the interruption is what a person would do.
    var interrupted: Int?
    for _ in 0..<10 where interrupted == nil {
      Thread.sleep(forTimeInterval: 0.5)
      terminal.type("\u{03}")
      interrupted = try? terminal.waitFor("interrupted", after: mark, patience: 2)
    }
    let end = try terminal.waitFor("interrupted", after: mark)
    try waitForPrompt(terminal, after: end)
    terminal.type("\u{04}")
    #expect(try terminal.waitForExit() == 0)
  }

  @Test func ctrlDOnAnEmptyLineExitsZeroAndHistoryIsSaved() throws {
    let (terminal, home) = try start()
    try enter(":horizon 5s", expecting: "horizon: 5s", in: terminal)
    try enter(":horizon 6s", expecting: "horizon: 6s", in: terminal)
    try enter(":horizon 5s", expecting: "horizon: 5s", in: terminal)
    terminal.type("\u{04}")
    #expect(try terminal.waitForExit() == 0)
    let history = try String(contentsOf: home.appendingPathComponent("state/streamlab/history"), encoding: .utf8)
    let entries = history.split(separator: "\n").filter { !$0.hasPrefix("_HiStOrY") }
    // Unique entries, newest last: the repeated `:horizon 5s` moved to the end.
    #expect(entries == [#":horizon\0406s"#, #":horizon\0405s"#])

    // A new session starts with that history: the up arrow finds it.
    let (second, _) = try start(home: home)
    let mark = second.mark
    second.type("\u{1b}[A")
    try second.waitFor(":horizon 5s", after: mark)
  }
}
