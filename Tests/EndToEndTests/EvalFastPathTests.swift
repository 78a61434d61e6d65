import ArgumentParser
import Testing

@testable import streamlab

/// `streamlab eval …` is parsed by eval's own definition first
/// (EvalFastPath); these check it takes exactly what the full parser takes,
/// with the same values, and leaves everything else to the full parser.
@Suite struct EvalFastPathTests {
  /// What a parsed command holds, every option's value included.
  static func contents(_ command: ParsableCommand) -> String {
    var text = ""
    dump(command, to: &text)
    return text
  }

  @Test(arguments: [
    // `eval PROGRAM` alone is made without the parser (EvalCommand.running(_:)).
    ["eval", "just 1"],
    ["eval", "-"],
    ["eval", ""],
    ["eval", "just 1,2,3 | map x*2 | debounce 300ms", "--format", "json"],
    ["eval", "-", "--format", "events", "--horizon", "2s", "--max-events", "50"],
    ["eval", "-f", "program.txt", "--output", "out.svg", "--format", "svg", "--width", "60"],
    ["eval", "--swift", "[1, 2].publisher.sink { print($0) }", "--types", "--inner", "off"],
    ["eval", "--full-types", "--color", "never", "--scale", "100ms", "just 1"],
    ["eval", "help"],
    ["eval", "--", "-1"],
  ])
  func acceptsWhatTheFullParserAcceptsWithTheSameValues(arguments: [String]) throws {
    let fast = try #require(EvalFastPath.command(arguments))
    let full = try StreamlabCommand.parseAsRoot(arguments)
    #expect(full is EvalCommand)
    #expect(Self.contents(fast) == Self.contents(full))
  }

  @Test(arguments: [
    ["eval"],
    ["eval", "just 1", "--format", "png"],
    ["eval", "just 1", "-f", "program.txt"],
    ["eval", "just 1", "--max-events", "0"],
    ["eval", "just 1", "--width", "5"],
    ["eval", "just 1", "--frobnicate"],
    ["eval", "just 1", "just 2"],
  ])
  func rejectsWhatTheFullParserRejects(arguments: [String]) {
    #expect(EvalFastPath.command(arguments) == nil)
    #expect(throws: (any Error).self) { try StreamlabCommand.parseAsRoot(arguments) }
  }

  /// Help and the version are the full parser's: eval alone would not list
  /// `streamlab eval` in its usage line.
  @Test(arguments: [["eval", "--help"], ["eval", "-h"], ["--version"], ["run", "lesson.txt"], [], ["serve"]])
  func leavesHelpVersionAndOtherCommandsToTheFullParser(arguments: [String]) {
    #expect(EvalFastPath.command(arguments) == nil)
  }

  @Test func helpThroughTheFullParserStillNamesStreamlabEval() throws {
    let help = try ProcessRun.streamlab(["eval", "--help"])
    #expect(help.status == 0)
    #expect(help.standardOutput.contains("USAGE: streamlab eval [<options>] [<program>]"))
  }

  @Test func usageErrorStillGetsTheFullParsersMessageAndStatusTwo() throws {
    let run = try ProcessRun.streamlab(["eval", "just 1", "--format", "png"])
    #expect(run.status == 2)
    #expect(run.standardError.contains("Usage: streamlab eval"))
  }
}
