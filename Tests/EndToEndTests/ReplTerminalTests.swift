import Foundation
import Testing

/// The interactive REPL at a real (pseudo-)terminal, typed at key by key.
@Suite struct ReplTerminalTests {
  private static let prompt = "» "

  /// Starts the REPL in `home` and waits for its first prompt.
  private func start(_ extraArguments: [String] = [], home: URL) throws -> PseudoTerminal {
    let terminal = try PseudoTerminal(
      [StreamlabBinary.path] + extraArguments, environment: StreamlabBinary.environment(home: home))
    try terminal.waitFor(Self.prompt)
    try terminal.waitForLineEditing()
    return terminal
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
    try StreamlabBinary.withTemporaryHome { home in
      let terminal = try start(home: home)
      #expect(terminal.transcript.contains(":help"))
      #expect(terminal.transcript.contains("lessons"))
    }
  }

  @Test func typingAPipelineShowsItsDiagram() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let terminal = try start(home: home)
      let mark = terminal.mark
      terminal.type("just 1,2,3 | map x*2\r")
      let afterLabel = try terminal.waitFor("> map x*2", after: mark)
      try terminal.waitFor("6", after: afterLabel)
      try waitForPrompt(terminal, after: afterLabel)
    }
  }

  @Test func diagramsFollowTheWindowWhenItIsResized() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let terminal = try start(home: home)
      func diagramLines(of program: String) throws -> [String] {
        let mark = terminal.mark
        terminal.type(program + "\r")
        let echoed = try terminal.waitFor(program + "\r\n", after: mark)
        let end = try terminal.waitFor(Self.prompt, after: echoed) - Self.prompt.utf8.count
        try terminal.waitForLineEditing()
        return String(decoding: Array(terminal.transcript.utf8)[echoed..<end], as: UTF8.self)
          .components(separatedBy: "\r\n")
      }
      // Two hundred ticks are more than either width holds: the diagram takes all of it.
      let wide = try diagramLines(of: "interval 1ms | take 200")
      #expect(wide.contains { $0.count > 60 }, "\(wide)")
      terminal.resize(columns: 60)
      let narrow = try diagramLines(of: "interval 1ms | take 200")
      #expect(narrow.contains { $0.hasPrefix("> take 200") }, "\(narrow)")
      #expect(narrow.allSatisfy { $0.count <= 60 }, "\(narrow)")
    }
  }

  @Test func tabCompletesAnOperator() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let terminal = try start(home: home)
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
  }

  @Test func ambiguousTabListsTheChoices() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let terminal = try start(home: home)
      let mark = terminal.mark
      terminal.type(":s\t")
      try terminal.waitFor(":swift", after: mark)
      #expect(terminal.transcript.contains(":scale"))
      #expect(terminal.transcript.contains(":svg"))
    }
  }

  @Test func upArrowRecallsThePreviousLine() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let terminal = try start(home: home)
      try enter(":horizon 3s", expecting: "horizon: 3s", in: terminal)
      let mark = terminal.mark
      terminal.type("\u{1b}[A")
      try terminal.waitFor(":horizon 3s", after: mark)
      terminal.type("\r")
      try terminal.waitFor("horizon: 3s", after: mark)
    }
  }

  @Test func continuationPromptForATrailingPipe() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let terminal = try start(home: home)
      let mark = terminal.mark
      terminal.type("just 4 |\r")
      try terminal.waitFor("… ", after: mark)
      try terminal.waitForLineEditing()
      terminal.type("map x+1\r")
      let label = try terminal.waitFor("> map x+1", after: mark)
      try terminal.waitFor("5", after: label)
    }
  }

  @Test func anOpenBraceSaysWhyTheLineContinuesAndAnEmptyLineEndsItWithTheParseError() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let terminal = try start(home: home)
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
  }

  @Test func anUnclosedStringIsReportedAtOnceNotWaitedFor() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let terminal = try start(home: home)
      let mark = terminal.mark
      terminal.type("just \"abc | map x\r")
      let error = try terminal.waitFor("1:6: error: this string has no closing quote", after: mark)
      try waitForPrompt(
        terminal, after: try terminal.waitFor("expected: `\"` before the end of the line", after: error))
      #expect(terminal.count(of: "… ", after: mark) == 0)
    }
  }

  @Test func ctrlCClearsTheInputAtThePrompt() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let terminal = try start(home: home)
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
  }

  @Test func ctrlCStopsARunThatCannotFinishAndTheSessionGoesOn() throws {
    // One tick a millisecond for 100,000 s of virtual time is 100 million
    // ticks, and the budget is far above what they record: only Ctrl-C can
    // end this run before the test's patience runs out.
    try StreamlabBinary.withTemporaryHome { home in
      let terminal = try start(["--max-events", "2000000000"], home: home)
      try enter("let kept = just 42", expecting: "bound kept", in: terminal)
      try enter(":horizon 100000s", expecting: "100000s of virtual time", in: terminal)
      let mark = terminal.mark
      terminal.type("interval 1ms | map x + 1\r")
      try terminal.waitFor("interval 1ms | map x + 1\r\n", after: mark)
      // Once is enough: a Ctrl-C that lands before the run has begun is
      // seen at its first look at the flag.
      Thread.sleep(forTimeInterval: 0.5)
      terminal.type("\u{03}")
      let stopped = try terminal.waitFor("stopped by Ctrl-C at ", after: mark)
      try waitForPrompt(terminal, after: stopped)
      // The key is not echoed into the diagram: streamlab says what it did.
      #expect(terminal.count(of: "^C", after: mark) == 0)
      #expect(terminal.count(of: "> map x + 1", after: mark) == 1)
      try enter("kept | map x + 1", expecting: "43", in: terminal)
      terminal.type("\u{04}")
      #expect(try terminal.waitForExit() == 0)
    }
  }

  @Test func ctrlCStopsTheLoadOfABigFileThatCannotFinishAndTheSessionGoesOn() throws {
    // 9,999 bindings, then a pipeline of 100 million ticks under a budget far
    // above them: the load cannot end before the test's patience does, and
    // wherever Ctrl-C lands (reading, typing, building or running) it stops.
    try StreamlabBinary.withTemporaryHome { home in
      let bindings = ["let a0 = just 1"] + (1..<9_999).map { "let a\($0) = a\($0 - 1) | map x + 1" }
      let file = home.appendingPathComponent("big.txt")
      try (bindings + ["interval 1ms | map x + 1"]).joined(separator: "\n").write(
        to: file, atomically: true, encoding: .utf8)
      let terminal = try start(["--max-events", "2000000000"], home: home)
      try enter("let kept = just 42", expecting: "bound kept", in: terminal)
      try enter(":horizon 100000s", expecting: "100000s of virtual time", in: terminal)
      let mark = terminal.mark
      terminal.type(":load \(file.path)\r")
      try terminal.waitFor("big.txt\r\n", after: mark)
      terminal.type("\u{03}")
      let stopped = try terminal.waitFor("stopped by Ctrl-C", after: mark)
      try waitForPrompt(terminal, after: stopped)
      try enter("kept | map x + 1", expecting: "43", in: terminal)
      terminal.type("\u{04}")
      #expect(try terminal.waitForExit() == 0)
    }
  }

  @Test func ctrlDOnAnEmptyLineExitsZeroAndHistoryIsSaved() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let terminal = try start(home: home)
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
      let second = try start(home: home)
      let mark = second.mark
      second.type("\u{1b}[A")
      try second.waitFor(":horizon 5s", after: mark)
    }
  }
}
