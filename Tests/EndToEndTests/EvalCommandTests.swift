import Foundation
import Testing

/// `streamlab eval`: one program in, one format out, and an exit status that
/// says whether it ran (0), stopped on a runtime error (1) or did not parse (2).
@Suite struct EvalCommandTests {
  @Test func runsAProgramAndDrawsIt() throws {
    let run = try ProcessRun.streamlab(["eval", "just 1,2,3 | map x*2"])
    #expect(run.status == 0, "stderr: \(run.standardError)")
    #expect(run.standardOutput.contains("> map x*2"))
    #expect(!run.standardOutput.contains("\u{1b}["))
  }

  @Test func parseErrorExitsTwoWithACaret() throws {
    let run = try ProcessRun.streamlab(["eval", "just 1 | debounse 300ms"])
    #expect(run.status == 2)
    #expect(run.standardError.contains("debounce"))
    #expect(run.standardError.contains("^"))
  }

  @Test(arguments: ["", "   \n", "// only a comment\n// and another"])
  func aProgramWithNothingInItSaysNothingToRunAndExitsTwo(program: String) throws {
    let run = try ProcessRun.streamlab(["eval", program])
    #expect(run.status == 2)
    #expect(run.standardOutput.isEmpty)
    #expect(
      run.standardError
        == "nothing to run: the program is empty or only comments; type a pipeline, such as `just 1,2,3 | map x*2`\n")
  }

  @Test func aProgramOfOnlyLetsSaysWhatItBoundAndHowToRunIt() throws {
    let run = try ProcessRun.streamlab(["eval", "let a = just 1; let b = a | map x", "--format", "json"])
    #expect(run.status == 2)
    #expect(run.standardOutput.isEmpty)
    #expect(
      run.standardError
        == "nothing to run: `let` bound a, b but runs nothing; write a pipeline on its own, such as `a`, to subscribe and draw it\n"
    )
  }

  @Test func runtimeErrorExitsOneAndIsPrintedOnceUnderTheDiagram() throws {
    let run = try ProcessRun.streamlab(["eval", "just 1, 0 | map 6 / x", "--width", "240"])
    #expect(run.status == 1)
    #expect(run.standardError.isEmpty)
    #expect(
      run.standardOutput.components(separatedBy: "\n").last { !$0.isEmpty }
        == "stopped by a runtime error in `map 6 / x` at 0ms on value 0: division by zero: 6 / 0 "
        + "(a trap: Swift stops the process here, in `tryMap` too; to fail the stream, throw first: "
        + "`tryMap x == 0 ? fail(\"zero\") : 6 / x`)")
    #expect(run.standardOutput.components(separatedBy: "division by zero").count == 2)
  }

  @Test(arguments: ["json", "events", "svg"])
  func runtimeErrorIsInTheMachineDocumentWithAOneLineSummaryOnStandardError(format: String) throws {
    let run = try ProcessRun.streamlab(["eval", "just 1, 0 | map 6 / x", "--format", format])
    #expect(run.status == 1)
    #expect(run.standardOutput.components(separatedBy: "division by zero").count == 2)
    #expect(run.standardError == "runtime error in `map 6 / x` at 0ms; the \(format) output says what went wrong\n")
  }

  @Test func aSwiftExportHasNoPlaceForTheRuntimeErrorSoStandardErrorHasItAll() throws {
    let run = try ProcessRun.streamlab(["eval", "just 1, 0 | map 6 / x", "--format", "swift"])
    #expect(run.status == 1)
    #expect(!run.standardOutput.contains("division by zero"))
    #expect(run.standardError.hasPrefix("runtime error in `map 6 / x` at 0ms on value 0: division by zero"))
  }

  @Test func readsStandardInputAndFiles() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let piped = try ProcessRun.streamlab(["eval", "-"], input: "just 5 | map x+1\n", home: home)
      #expect(piped.status == 0)
      #expect(piped.standardOutput.contains("map x+1"))
      let file = home.appendingPathComponent("program.txt")
      try "range 1...3 | filter x > 1\n".write(to: file, atomically: true, encoding: .utf8)
      let fromFile = try ProcessRun.streamlab(["eval", "-f", file.path], home: home)
      #expect(fromFile.status == 0)
      #expect(fromFile.standardOutput.contains("filter x > 1"))
    }
  }

  @Test func jsonIsValidAndHasTheDocumentedShape() throws {
    let run = try ProcessRun.streamlab(["eval", "just 1,2", "--format", "json", "--color", "always"])
    #expect(run.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
    #expect(object?["streamlab"] as? Int == 1)
    #expect((object?["rows"] as? [Any])?.count == 1)
  }

  @Test func svgGoesToTheOutputFile() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let output = home.appendingPathComponent("diagram.svg")
      let run = try ProcessRun.streamlab(["eval", "just 1,2", "--format", "svg", "--output", output.path], home: home)
      #expect(run.status == 0)
      #expect(run.standardOutput.isEmpty)
      #expect(try String(contentsOf: output, encoding: .utf8).contains("<svg"))
    }
  }

  @Test func swiftIsTheCombineCodeForTheProgram() throws {
    let run = try ProcessRun.streamlab(["eval", "just 1,2,3 | map x*2 | debounce 300ms", "--format", "swift"])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("[1, 2, 3].publisher"))
    #expect(run.standardOutput.contains(".debounce(for: .milliseconds(300), scheduler: scheduler)"))
  }

  @Test func eventsListEveryEvent() throws {
    let run = try ProcessRun.streamlab(["eval", "just 7", "--format", "events"])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("value 7"))
  }

  @Test func colorOnlyWhenAsked() throws {
    let run = try ProcessRun.streamlab(["eval", "just 7", "--color", "always"])
    #expect(run.standardOutput.contains("\u{1b}["))
  }

  @Test func horizonLimitsTheRun() throws {
    let run = try ProcessRun.streamlab(["eval", "interval 100ms", "--horizon", "1s"])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("1000ms horizon"))
  }
}
