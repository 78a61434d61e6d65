import Foundation
import Testing

/// Editing at the lesson prompt as at the playground's: an answer goes on
/// over several lines, Ctrl-L clears the screen, and a resized window gets
/// text and diagrams at its new width.
@Suite struct LessonPromptEditingTests {
  /// The lesson of `LessonRunEndToEndTests`, with an introduction long enough to wrap.
  static let lesson = LessonRunEndToEndTests.lesson.replacingOccurrences(
    of: "A search field should wait until the user pauses.",
    with: "A search field should wait until the user pauses before it asks the server for suggestions, "
      + "or every key press would send one request and the answers would arrive out of order.")

  /// The lesson's prompt at a 100-column pseudo-terminal, ready for keys.
  private func start(home: URL) throws -> PseudoTerminal {
    let url = try LessonRunEndToEndTests().lessonFile(in: home, text: Self.lesson)
    let terminal = try PseudoTerminal(
      [StreamlabBinary.path, "run", url.path], environment: StreamlabBinary.environment(home: home))
    try terminal.waitFor("1/1 » ")
    try terminal.waitForLineEditing()
    return terminal
  }

  /// The lines printed between byte offsets, without their line endings.
  private func lines(of terminal: PseudoTerminal, from start: Int, to end: Int) -> [String] {
    String(decoding: Array(terminal.transcript.utf8)[start..<end], as: UTF8.self)
      .components(separatedBy: "\r\n")
  }

  @Test func anAnswerEndingInAPipeGoesOnAtTheNextLine() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let terminal = try start(home: home)
      terminal.type("typing |\r")
      let reason = try terminal.waitFor("the `|` at the end waits for an operator")
      try terminal.waitForLineEditing()
      terminal.type("debounce 300ms\r")
      try terminal.waitFor("✓ Passed!", after: reason)
      #expect(try terminal.waitForExit() == 0)
      #expect(!terminal.transcript.contains("does not parse"))
      let saved = try String(contentsOf: home.appendingPathComponent("lessons/lesson04.txt"), encoding: .utf8)
      #expect(saved.contains("answer: typing |\n  debounce 300ms\n"))
    }
  }

  @Test func ctrlLClearsTheScreenAndKeepsTheLineBeingTyped() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let terminal = try start(home: home)
      terminal.type("typing")
      let typed = try terminal.waitFor("typing")
      terminal.type("\u{0C}")
      // xterm's clear: cursor home, erase the screen; then the prompt and the line again.
      let cleared = try terminal.waitFor("\u{1B}[H\u{1B}[2J", after: typed)
      try terminal.waitFor("1/1 » typing", after: cleared)
      terminal.type(" | debounce 300ms\r")
      try terminal.waitFor("✓ Passed!", after: cleared)
    }
  }

  @Test func aResizedWindowGetsTheLessonsTextAtItsNewWidth() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let terminal = try start(home: home)
      let opening = lines(of: terminal, from: 0, to: terminal.mark)
      #expect(opening.contains { $0.count > 60 }, "at 100 columns the introduction takes more than 60")
      terminal.resize(columns: 60)
      let mark = terminal.mark
      terminal.type(":prose\r")
      let echoed = try terminal.waitFor(":prose\r\n", after: mark)
      let prompt = try terminal.waitFor("1/1 » ", after: echoed)
      let prose = lines(of: terminal, from: echoed, to: prompt - "1/1 » ".utf8.count)
      #expect(prose.contains { $0.hasPrefix("A search field should wait") }, "\(prose)")
      #expect(prose.allSatisfy { $0.count <= 60 }, "\(prose)")
    }
  }
}
