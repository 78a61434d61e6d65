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

  @Test func aWrongAnswerThenTheRightOneThenQ() throws {
    let home = try StreamlabBinary.temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let (url, text) = try lessonCopy(in: home)
    let terminal = try PseudoTerminal(
      [StreamlabBinary.path, "watch", url.path], environment: StreamlabBinary.environment(home: home))
    let first = try terminal.waitFor(
      "No answer yet.", after: try terminal.waitFor("Exercise 1 of 6: Search when the user pauses"))
    try terminal.waitFor("q or Ctrl-C quits", after: first)
    #expect(terminal.transcript.contains("0 of 6 exercises passed"))
    #expect(terminal.transcript.hasPrefix(Self.hideCursor))
    // Keys are read one by one from here on.
    try terminal.waitForLineEditing()

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

  @Test func ctrlCLeavesWith130AndTheCursorShownAfterABrokenSaveAndAnInPlaceWrite() throws {
    let home = try StreamlabBinary.temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let (url, text) = try lessonCopy(in: home)
    let terminal = try PseudoTerminal(
      [StreamlabBinary.path, "watch", url.path], environment: StreamlabBinary.environment(home: home))
    try terminal.waitFor("No answer yet.")
    try terminal.waitForLineEditing()

    // A typo in a field: the error with its line and caret, and the watch goes on.
    var mark = terminal.mark
    try saveByRename(text.replacingOccurrences(of: "solution: typing", with: "soltuion: typing"), to: url)
    let broken = try terminal.waitFor("lesson04.txt:79:1: unknown field `soltuion:`", after: mark)
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

  @Test func sigtermLeavesWith143AndTheTerminalRestored() throws {
    let home = try StreamlabBinary.temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let (url, _) = try lessonCopy(in: home)
    let terminal = try PseudoTerminal(
      [StreamlabBinary.path, "watch", url.path], environment: StreamlabBinary.environment(home: home))
    try terminal.waitFor("No answer yet.")
    try terminal.waitForLineEditing()
    let mark = terminal.mark
    kill(terminal.pid, SIGTERM)
    #expect(try terminal.waitForExit() == 143)
    #expect(terminal.count(of: Self.showCursor, after: mark) == 1)
    #expect(terminal.isInOrdinaryMode)
  }

  @Test func hAddsAHintAndRChecksAgain() throws {
    let home = try StreamlabBinary.temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let (url, _) = try lessonCopy(in: home)
    let terminal = try PseudoTerminal(
      [StreamlabBinary.path, "watch", url.path], environment: StreamlabBinary.environment(home: home))
    try terminal.waitFor("No answer yet.")
    try terminal.waitForLineEditing()
    var mark = terminal.mark
    terminal.type("h")
    try terminal.waitFor("Hint 1 of 3: Which operator waits for silence", after: mark)
    mark = terminal.mark
    terminal.type("r")
    // Checked again, the hint still shown.
    try terminal.waitFor("Hint 1 of 3:", after: try terminal.waitFor("No answer yet.", after: mark))
    #expect(terminal.count(of: "Hint 2 of 3", after: 0) == 0)
    terminal.type("q")
    #expect(try terminal.waitForExit() == 0)
  }

  @Test func aDumbTerminalGetsEachCheckBelowARuleAndNoEscapes() throws {
    let home = try StreamlabBinary.temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let (url, text) = try lessonCopy(in: home)
    var environment = StreamlabBinary.environment(home: home)
    environment["TERM"] = "dumb"
    let terminal = try PseudoTerminal([StreamlabBinary.path, "watch", url.path], environment: environment)
    try terminal.waitFor("q or Ctrl-C quits", after: try terminal.waitFor("No answer yet."))
    try terminal.waitForLineEditing()
    let mark = terminal.mark
    try saveByRename(try answering(text, with: "typing | debounce 200ms"), to: url)
    let wrong = try terminal.waitFor(#"✗ expected "iph" at 500ms, got "iph" at 400ms"#, after: mark)
    terminal.type("q")
    #expect(try terminal.waitForExit() == 0)
    #expect(terminal.count(of: String(repeating: "─", count: 80), after: mark) == 1)
    #expect(terminal.count(of: "Exercise 1 of 6", after: 0) == 2)
    #expect(wrong > mark)
    #expect(!terminal.transcript.contains("\u{1B}"))
  }

  @Test func aMissingFileIsReportedAndWatchedUntilItIsBack() throws {
    let home = try StreamlabBinary.temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let (url, text) = try lessonCopy(in: home)
    try FileManager.default.removeItem(at: url)
    let terminal = try PseudoTerminal(
      [StreamlabBinary.path, "watch", url.path], environment: StreamlabBinary.environment(home: home))
    try terminal.waitFor("no such file", after: try terminal.waitFor("cannot read"))
    try terminal.waitFor("Still watching")
    try terminal.waitForLineEditing()
    let mark = terminal.mark
    try saveByRename(text, to: url)
    try terminal.waitFor("Exercise 1 of 6: Search when the user pauses", after: mark)
    terminal.type("q")
    #expect(try terminal.waitForExit() == 0)
  }

  /// The lesson is a link to a file in another folder: inotify watches the
  /// link's folder and hears nothing, and the file's identity, looked at
  /// every second, notices the save (the watch's fallback where inotify is missing).
  @Test func aLinkedFileSavedThroughItsOtherNameIsCheckedToo() throws {
    let home = try StreamlabBinary.temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let (target, text) = try lessonCopy(in: home)
    let link = home.appendingPathComponent("lesson04.txt")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    let terminal = try PseudoTerminal(
      [StreamlabBinary.path, "watch", link.path], environment: StreamlabBinary.environment(home: home))
    try terminal.waitFor("No answer yet.")
    try terminal.waitForLineEditing()
    let mark = terminal.mark
    try saveByRename(try answering(text, with: "typing | debounce 200ms"), to: target)
    try terminal.waitFor(#"✗ expected "iph" at 500ms, got "iph" at 400ms"#, after: mark)
    terminal.type("q")
    #expect(try terminal.waitForExit() == 0)
  }

  @Test func aNarrowedWindowRedrawsTheScreenAtItsWidth() throws {
    let home = try StreamlabBinary.temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let (url, _) = try lessonCopy(in: home)
    var environment = StreamlabBinary.environment(home: home)
    environment["COLUMNS"] = nil
    let terminal = try PseudoTerminal([StreamlabBinary.path, "watch", url.path], environment: environment)
    try terminal.waitFor("Send the search text only after 300ms without typing.")
    try terminal.waitForLineEditing()
    let mark = terminal.mark
    terminal.resize(columns: 50)
    try terminal.waitFor("Send the search text only after 300ms without\r\ntyping.", after: mark)
    terminal.type("q")
    #expect(try terminal.waitForExit() == 0)
  }
}
