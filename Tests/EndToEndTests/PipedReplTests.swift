import Foundation
import Testing

/// The REPL with standard input from a pipe: no prompt, no welcome, no
/// escapes; the exit status says whether every input worked.
@Suite struct PipedReplTests {
  @Test func runsEveryLineAndExitsZero() throws {
    let run = try ProcessRun.streamlab([], input: "let a = just 1\na | map x+1\n")
    #expect(run.status == 0, "stderr: \(run.standardError)")
    #expect(run.standardOutput.contains("map x+1"))
    #expect(!run.standardOutput.contains("\u{1b}"))
    #expect(!run.standardOutput.contains("»"))
    #expect(!run.standardOutput.contains(":help"))
  }

  @Test func exitsOneWhenAnInputFailed() throws {
    let run = try ProcessRun.streamlab([], input: "just 1 | debounse 300ms\njust 2\n")
    #expect(run.status == 1)
    #expect(run.standardError.contains("debounce"))
  }

  @Test func unknownMetaCommandCountsAsAFailure() throws {
    let run = try ProcessRun.streamlab([], input: ":trce\n")
    #expect(run.status == 1)
    #expect(run.standardError.contains("did you mean `:trace`?"))
  }

  @Test func continuationLinesJoinIntoOneProgram() throws {
    let run = try ProcessRun.streamlab([], input: "just 1,2 |\nmap x*10\n")
    #expect(run.status == 0, "stderr: \(run.standardError)")
    #expect(run.standardOutput.contains("map x*10"))
  }

  @Test func metaCommandsWorkWhenPiped() throws {
    let run = try ProcessRun.streamlab([], input: ":horizon 20s\n:quit\njust 1\n")
    #expect(run.status == 0)
    #expect(run.standardOutput == "horizon: 20s of virtual time\n")
  }
}
