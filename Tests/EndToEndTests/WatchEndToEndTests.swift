import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `streamlab watch` as the built binary on a pseudo-terminal: the student
/// saves the lesson file from another program (as an editor does) and the
/// screen follows; `q` and Ctrl-C leave with the terminal restored.
@Suite struct WatchEndToEndTests {
  /// Lesson 4 of the curriculum, copied into the test's home.
  private func lessonCopy(in home: URL) throws -> (url: URL, text: String) {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let text = try String(contentsOf: repository.appendingPathComponent("lessons/lesson04.txt"), encoding: .utf8)
    let folder = home.appendingPathComponent("lessons")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent("lesson04.txt")
    try text.write(to: url, atomically: false, encoding: .utf8)
    return (url, text)
  }

  /// The lesson's text with `answer` on the first exercise's `answer:` line.
  private func answering(_ text: String, with answer: String) throws -> String {
    let range = try #require(text.range(of: "\nanswer:\n"))
    return text.replacingCharacters(in: range, with: "\nanswer: \(answer)\n")
  }

  /// The first exercise's `solution:`, as the teacher wrote it.
  private func firstSolution(in text: String) throws -> String {
    let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("solution: ") })
    return String(line.dropFirst("solution: ".count))
  }

  /// Saves as most editors do: the new text into a file beside, renamed over the old one.
  private func saveByRename(_ text: String, to url: URL) throws {
    let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).swp")
    try text.write(to: temporary, atomically: false, encoding: .utf8)
    try #require(rename(temporary.path, url.path) == 0)
  }

  private static let showCursor = "\u{1B}[?25h"
  private static let hideCursor = "\u{1B}[?25l"

  /// `streamlab watch path` on a fresh pseudo-terminal, once `firstScreen`
  /// has been shown and keys are read one by one.
  private func watching(
    _ path: String, home: URL, firstScreen: String = "q or Ctrl-C quits", environment: [String: String?] = [:]
  ) throws -> PseudoTerminal {
    var variables = StreamlabBinary.environment(home: home)
    for (name, value) in environment { variables[name] = value }
    let terminal = try PseudoTerminal([StreamlabBinary.path, "watch", path], environment: variables)
    try terminal.waitFor(firstScreen)
    try terminal.waitForLineEditing()
    return terminal
  }

  @Test func aWrongAnswerThenTheRightOneThenQ() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let (url, text) = try lessonCopy(in: home)
      let terminal = try watching(url.path, home: home)
      let first = try terminal.waitFor("Exercise 1 of 6: Search when the user pauses")
      try terminal.waitFor("No answer yet.", after: first)
      #expect(terminal.transcript.contains("0 of 6 exercises passed"))
      #expect(terminal.transcript.hasPrefix(Self.hideCursor))

      var mark = terminal.mark
      try saveByRename(try answering(text, with: "typing | debounce 200ms"), to: url)
      // It parsed, ran, and its output differs from the expected one, and the screen says how.
      let wrong = try terminal.waitFor(#"✗ expected "iph" at 500ms, got "iph" at 400ms"#, after: mark)
      try terminal.waitFor("> yours", after: wrong)
      #expect(terminal.count(of: "Exercise 1 of 6: Search when the user pauses", after: mark) == 1)
      #expect(terminal.count(of: "0 of 6 exercises passed", after: mark) == 1)

      mark = terminal.mark
      try saveByRename(try answering(text, with: try firstSolution(in: text)), to: url)
      let passed = try terminal.waitFor("✓ Exercise 1 passed: Search when the user pauses.", after: mark)
      try terminal.waitFor("Exercise 2 of 6: Where did my last value go?", after: passed)
      #expect(terminal.count(of: "1 of 6 exercises passed", after: mark) == 1)
      #expect(terminal.count(of: "✗", after: mark) == 0)

      mark = terminal.mark
      terminal.type("q")
      #expect(try terminal.waitForExit() == 0)
      #expect(terminal.count(of: Self.showCursor, after: mark) == 1)
      #expect(terminal.isInOrdinaryMode)
      // The pass is recorded where `streamlab lessons` looks.
      let progress = try String(
        contentsOf: home.appendingPathComponent("state/streamlab/progress.json"), encoding: .utf8)
      #expect(progress.contains("Search when the user pauses"))
    }
  }

  @Test func ctrlCLeavesWith130AndTheTerminalRestoredAfterABrokenSaveAndAnInPlaceWrite() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let (url, text) = try lessonCopy(in: home)
      let terminal = try watching(url.path, home: home)

      // A typo in a field: the error with its line and caret, and the watch goes on.
      var mark = terminal.mark
      try saveByRename(text.replacingOccurrences(of: "solution: typing", with: "soltuion: typing"), to: url)
      // The line of the first `solution:` of the lesson, where the typo is.
      let line = (text.components(separatedBy: "\n").firstIndex { $0.hasPrefix("solution: typing") } ?? 0) + 1
      let broken = try terminal.waitFor("lesson04.txt:\(line):1: unknown field `soltuion:`", after: mark)
      try terminal.waitFor("soltuion: typing | debounce 300ms", after: broken)
      try terminal.waitFor("Still", after: broken)

      // Written in place (truncated, then written), as some editors and `>` do.
      mark = terminal.mark
      try answering(text, with: "typing | debounce 200ms").write(to: url, atomically: false, encoding: .utf8)
      try terminal.waitFor(#"✗ expected "iph" at 500ms, got "iph" at 400ms"#, after: mark)

      mark = terminal.mark
      terminal.type("\u{03}")
      #expect(try terminal.waitForExit() == 130)
      #expect(terminal.count(of: Self.showCursor, after: mark) == 1)
      #expect(terminal.isInOrdinaryMode)
    }
  }

  @Test func sigtermLeavesWith143AndTheTerminalRestored() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let terminal = try watching(try lessonCopy(in: home).url.path, home: home)
      let mark = terminal.mark
      kill(terminal.pid, SIGTERM)
      #expect(try terminal.waitForExit() == 143)
      #expect(terminal.count(of: Self.showCursor, after: mark) == 1)
      #expect(terminal.isInOrdinaryMode)
    }
  }

  @Test func hAddsAHintAndRChecksAgain() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let terminal = try watching(try lessonCopy(in: home).url.path, home: home)
      var mark = terminal.mark
      terminal.type("h")
      try terminal.waitFor("Hint 1 of 3: Which operator waits for silence", after: mark)
      mark = terminal.mark
      terminal.type("r")
      // Checked again, the hint still shown.
      try terminal.waitFor("Hint 1 of 3:", after: try terminal.waitFor("No answer yet.", after: mark))
      #expect(terminal.count(of: "Hint 2 of 3") == 0)
      terminal.type("q")
      #expect(try terminal.waitForExit() == 0)
    }
  }

  @Test func aDumbTerminalGetsEachCheckBelowARuleAndNoEscapes() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let (url, text) = try lessonCopy(in: home)
      let terminal = try watching(url.path, home: home, environment: ["TERM": "dumb"])
      let mark = terminal.mark
      try saveByRename(try answering(text, with: "typing | debounce 200ms"), to: url)
      try terminal.waitFor(#"✗ expected "iph" at 500ms, got "iph" at 400ms"#, after: mark)
      terminal.type("q")
      #expect(try terminal.waitForExit() == 0)
      #expect(terminal.count(of: String(repeating: "─", count: 80), after: mark) == 1)
      #expect(terminal.count(of: "Exercise 1 of 6") == 2)
      #expect(!terminal.transcript.contains("\u{1B}"))
    }
  }

  @Test func aMissingFileIsReportedAndWatchedUntilItIsBack() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let (url, text) = try lessonCopy(in: home)
      try FileManager.default.removeItem(at: url)
      let terminal = try watching(url.path, home: home)
      // The path is wrapped at the terminal's width.
      try terminal.waitFor("no such file", after: try terminal.waitFor("streamlab: cannot read"))
      #expect(terminal.transcript.contains("Still watching"))
      let mark = terminal.mark
      try saveByRename(text, to: url)
      try terminal.waitFor("Exercise 1 of 6: Search when the user pauses", after: mark)
      terminal.type("q")
      #expect(try terminal.waitForExit() == 0)
    }
  }

  /// The lesson is a link to a file in another folder: inotify watches the
  /// link's folder and hears nothing, and the file's identity, looked at
  /// every second, notices the save (the watch's fallback where inotify is missing).
  @Test func aLinkedFileSavedThroughItsOtherNameIsCheckedToo() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let (target, text) = try lessonCopy(in: home)
      let link = home.appendingPathComponent("lesson04.txt")
      try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
      let terminal = try watching(link.path, home: home)
      let mark = terminal.mark
      try saveByRename(try answering(text, with: "typing | debounce 200ms"), to: target)
      try terminal.waitFor(#"✗ expected "iph" at 500ms, got "iph" at 400ms"#, after: mark)
      terminal.type("q")
      #expect(try terminal.waitForExit() == 0)
    }
  }

  @Test func aNarrowedWindowRedrawsTheScreenAtItsWidth() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let terminal = try watching(
        try lessonCopy(in: home).url.path, home: home,
        firstScreen: "Send the search text only after 300ms without typing.")
      let mark = terminal.mark
      terminal.resize(columns: 50)
      try terminal.waitFor("Send the search text only after 300ms without\r\ntyping.", after: mark)
      terminal.type("q")
      #expect(try terminal.waitForExit() == 0)
    }
  }
}
