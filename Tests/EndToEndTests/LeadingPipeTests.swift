import Foundation
import Testing

/// Issue 26: a program that starts with `|` (a pipeline continued on a new
/// input line, or a lone `|`) ended every front door but the server in
/// SIGILL, and at the prompt took the session and its bindings with it.
/// Each door now goes through the one front door and answers with a
/// positioned error.
@Suite struct LeadingPipeTests {
  static let programs = ["|", "| map x * 10", "|x", "  |", "let a = just 1\n|"]

  @Test(arguments: programs)
  func evalAnswersALeadingPipeWithAPositionedErrorAndStatusTwo(program: String) throws {
    let run = try ProcessRun.streamlab(["eval", program])
    #expect(run.status == 2, "stderr: \(run.standardError)")
    #expect(run.standardError.contains("^"), "no caret: \(run.standardError)")
    #expect(run.standardOutput.isEmpty)
  }

  @Test func evalReadsALeadingPipeFromStandardInputToo() throws {
    let run = try ProcessRun.streamlab(["eval", "-"], input: "|x\n")
    #expect(run.status == 2, "stderr: \(run.standardError)")
    #expect(run.standardError.contains("^"))
  }

  @Test func thePlaygroundKeepsItsBindingsAfterALeadingPipe() throws {
    let run = try ProcessRun.streamlab([], input: "let a = just 1,2,3\n| map x * 2\n:bindings\na | map x + 1\n")
    #expect(run.status == 1, "the failed input is reported")
    #expect(run.standardError.contains("^"))
    #expect(run.standardOutput.contains("let a = just 1,2,3"), "bindings: \(run.standardOutput)")
    #expect(run.standardOutput.contains("> map x + 1"), "the session went on: \(run.standardOutput)")
  }

  @Test func theLessonPromptAnswersALeadingPipeAndGoesOn() throws {
    let home = try StreamlabBinary.temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let lesson = try LessonRunEndToEndTests().lessonFile(in: home, text: LessonRunEndToEndTests.lesson)
    let terminal = try PseudoTerminal(
      [StreamlabBinary.path, "run", lesson.path], environment: StreamlabBinary.environment(home: home))
    let start = try terminal.waitFor("1/1 » ")
    // At the prompt an answer follows the givens, so `| map x * 10` continues
    // the last given and is refused at its operator, as typed.
    terminal.type("| map x * 10\r")
    let refused = try terminal.waitFor("^", after: start)
    try terminal.waitFor("1/1 » ", after: refused)
    terminal.type(":hint\r")
    try terminal.waitFor("Hint 1 of 2", after: refused)
  }
}
