import Foundation
import Testing

/// The lesson prompt and the teacher's student copy as the built binary:
/// the playground's commands at a lesson's prompt, resuming without the
/// prose, and a student copy without the solution hints.
@Suite struct LessonPromptEndToEndTests {
  /// The lesson of `LessonRunEndToEndTests`, whose last hint gives the solution away.
  static let lesson = LessonRunEndToEndTests.lesson.replacingOccurrences(
    of: "hint: debounce takes a time.\n", with: "hint: debounce takes a time. Type: typing | debounce 300ms\n")

  private func lessonFile(in home: URL) throws -> URL {
    try LessonRunEndToEndTests().lessonFile(in: home, text: Self.lesson)
  }

  @Test func thePromptRunsThePlaygroundsHelpAndSwiftCommands() throws {
    let home = try StreamlabBinary.temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let url = try lessonFile(in: home)
    let terminal = try PseudoTerminal(
      [StreamlabBinary.path, "run", url.path], environment: StreamlabBinary.environment(home: home))
    let start = try terminal.waitFor("1/1 » ")
    terminal.type(":help debounce\r")
    let page = try terminal.waitFor("debounce — ", after: start)
    try terminal.waitFor("1/1 » ", after: page)
    terminal.type("typing | debounce 200ms\r")
    let wrong = try terminal.waitFor(#"expected "iph" at 500ms, got "iph" at 400ms"#, after: page)
    try terminal.waitFor("1/1 » ", after: wrong)
    terminal.type(":swift\r")
    let swift = try terminal.waitFor(".debounce(for: .milliseconds(200), scheduler: scheduler)", after: wrong)
    try terminal.waitFor("1/1 » ", after: swift)
    #expect(!terminal.transcript.contains("unknown command"))
    terminal.type(":quit\r")
    try terminal.waitFor("Progress saved.", after: swift)
    #expect(try terminal.waitForExit() == 0)
  }

  @Test func quittingWhenProgressCouldNotBeSavedSaysSoWhereAndHowToChooseAnotherFolder() throws {
    let home = try StreamlabBinary.temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let second =
      "\nexercise: Shout\ngiven: let clicks = marbles \"-a-b|\"\nsolution: clicks | map x.uppercased()\nanswer:\n"
    let url = try LessonRunEndToEndTests().lessonFile(in: home, text: LessonRunEndToEndTests.lesson + second)
    // A file where the state folder should be: no folder can be made there,
    // even by root, as a read-only folder would refuse a student.
    let blocked = home.appendingPathComponent("blocked")
    try "".write(to: blocked, atomically: true, encoding: .utf8)
    var environment = StreamlabBinary.environment(home: home)
    environment["XDG_STATE_HOME"] = blocked.path
    let terminal = try PseudoTerminal([StreamlabBinary.path, "run", url.path], environment: environment)
    let start = try terminal.waitFor("1/2 » ")
    terminal.type("typing | debounce 300ms\r")
    // Wrapped at words: the path, one long word, may start a line of its own.
    let file = "\(blocked.path)/streamlab/progress.json"
    let warning = try terminal.waitFor(
      file, after: try terminal.waitFor("warning: could not save progress to", after: start))
    try terminal.waitFor("2/2 » ", after: start)
    terminal.type(":quit\r")
    let quit = try terminal.waitFor(file, after: try terminal.waitFor("Progress could not be saved to", after: warning))
    try terminal.waitFor("XDG_STATE_HOME", after: quit)
    #expect(try terminal.waitForExit() == 0)
    #expect(!terminal.transcript.contains("Progress saved."))
  }

  @Test func aFinishedLessonRunAgainDoesNotPrintItsProse() throws {
    let home = try StreamlabBinary.temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let url = try lessonFile(in: home)
    let first = try PseudoTerminal(
      [StreamlabBinary.path, "run", url.path], environment: StreamlabBinary.environment(home: home))
    let start = try first.waitFor("1/1 » ")
    #expect(first.transcript.contains("A search field should wait"))
    first.type("typing | debounce 300ms\r")
    try first.waitFor("Lesson complete", after: start)
    #expect(try first.waitForExit() == 0)
    let again = try PseudoTerminal(
      [StreamlabBinary.path, "run", url.path], environment: StreamlabBinary.environment(home: home))
    try again.waitFor("Lesson complete")
    #expect(try again.waitForExit() == 0)
    #expect(again.transcript.contains("Lesson 4: Waiting for silence"))
    #expect(!again.transcript.contains("A search field should wait"))
  }

  @Test func theStudentCopyLeavesOutSolutionHintsUnlessAskedToKeepThem() throws {
    let home = try StreamlabBinary.temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let url = try lessonFile(in: home)
    let student = try ProcessRun.streamlab(["lesson", "student", url.path], home: home)
    #expect(student.status == 0)
    #expect(student.standardOutput.contains("hint: debounce takes a time.\n"))
    #expect(!student.standardOutput.contains("Type:"))
    let keeping = try ProcessRun.streamlab(["lesson", "student", "--keep-solutions", url.path], home: home)
    #expect(keeping.status == 0)
    #expect(keeping.standardOutput.contains("hint: debounce takes a time. Type: typing | debounce 300ms\n"))
    #expect(!keeping.standardOutput.contains("solution:"))
  }
}
