import Foundation
import Testing

/// `streamlab`'s command line: versions, help, completion scripts, stubs and
/// exit statuses.
@Suite struct CommandLineTests {
  @Test func versionAndHelpWithExamples() throws {
    let version = try ProcessRun.streamlab(["--version"])
    #expect(version.status == 0)
    #expect(version.standardOutput == "0.1.0\n")
    let help = try ProcessRun.streamlab(["--help"])
    #expect(help.status == 0)
    #expect(help.standardOutput.contains("streamlab eval 'just 1,2,3 | map x*2 | debounce 300ms'"))
    #expect(help.standardOutput.contains("SUBCOMMANDS"))
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func completionScripts(shell: String) throws {
    let run = try ProcessRun.streamlab(["--generate-completion-script", shell])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("eval"))
  }

  @Test func usageErrorsExitTwo() throws {
    #expect(try ProcessRun.streamlab(["eval"]).status == 2)
    #expect(try ProcessRun.streamlab(["eval", "just 1", "--format", "png"]).status == 2)
    #expect(try ProcessRun.streamlab(["--horizon", "soon"]).status == 2)
    #expect(try ProcessRun.streamlab(["frobnicate"]).status == 2)
  }
}
