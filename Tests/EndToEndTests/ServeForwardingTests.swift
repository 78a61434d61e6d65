import Foundation
import Testing

/// `streamlab serve` runs the separate `streamlab-serve` executable next to
/// `streamlab`: same options, help text and exit statuses as when the server
/// was built into `streamlab`, and one line saying how to build it when it
/// is missing.
@Suite struct ServeForwardingTests {
  static let usageLine =
    "streamlab serve [--port <port>] [--host <address>] [--open] [--lessons <folder>] [--timeout <seconds>] "
    + "[--allow-host <name> ...] [--keep-solutions] [--class <folder>]"

  @Test func serveHelpIsServesOwnHelpUnderTheNameStreamlabServe() throws {
    let help = try ProcessRun.streamlab(["serve", "--help"])
    #expect(help.status == 0)
    #expect(help.standardOutput.hasPrefix("OVERVIEW: Serve the browser playground and its JSON API.\n"))
    #expect(help.standardOutput.contains("USAGE: " + Self.usageLine + "\n"))
    #expect(help.standardOutput.contains("--timeout <seconds>     Wall-clock seconds one request's run may take."))
    let helpServe = try ProcessRun.streamlab(["help", "serve"])
    #expect(helpServe.status == 0)
    #expect(helpServe.standardOutput == help.standardOutput)
  }

  @Test func serveStillListedInStreamlabsOwnHelp() throws {
    let help = try ProcessRun.streamlab(["--help"])
    #expect(help.standardOutput.contains("  serve                   Serve the browser playground and its JSON API.\n"))
  }

  @Test func serveUsageErrorExitsTwoWithServesUsageLine() throws {
    let run = try ProcessRun.streamlab(["serve", "--port", "99999"])
    #expect(run.status == 2)
    #expect(run.standardOutput.isEmpty)
    #expect(
      run.standardError == """
        Error: --port must be between 0 and 65535
        Usage: \(Self.usageLine)
          See 'streamlab serve --help' for more information.

        """)
  }

  @Test func serveReplacesStreamlabWithTheServerWhichListens() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let outputURL = home.appendingPathComponent("serve.out")
      _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: StreamlabBinary.path)
      process.arguments = ["serve", "--port", "0"]
      process.environment = StreamlabBinary.environment(home: home)
      process.standardOutput = try FileHandle(forWritingTo: outputURL)
      process.standardError = FileHandle.nullDevice
      try process.run()
      // The server never stops on its own: stop it whatever happens. SIGKILL,
      // because a child of the test runner's threads may start with SIGTERM
      // blocked, and then `terminate()` waited forever.
      defer {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
      }
      let deadline = Date().addingTimeInterval(PseudoTerminal.patience)
      var output = ""
      while !output.contains("(Ctrl-C stops it)") && process.isRunning && Date() < deadline {
        Thread.sleep(forTimeInterval: 0.05)
        output = String(decoding: try Data(contentsOf: outputURL), as: UTF8.self)
      }
      #expect(output.hasPrefix("streamlab serves the playground at http://127.0.0.1:"))
      #expect(output.hasSuffix("/  (Ctrl-C stops it)\n"))
      // Same process, now running streamlab-serve: exec, not a child.
      let running = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(process.processIdentifier)/exe")
      #expect(URL(fileURLWithPath: running).lastPathComponent == "streamlab-serve")
    }
  }

  @Test func serveWithoutTheServerExecutableSaysHowToBuildIt() throws {
    try StreamlabBinary.withTemporaryHome { home in
      // A copy of streamlab alone in a folder, without streamlab-serve.
      let folder = home.appendingPathComponent("bin")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let lonely = folder.appendingPathComponent("streamlab")
      try FileManager.default.copyItem(atPath: StreamlabBinary.path, toPath: lonely.path)
      let run = try ProcessRun.run(["serve", "--port", "0"], input: Data(), home: home, executable: lonely.path)
      #expect(run.status == 1)
      #expect(run.standardOutput.isEmpty)
      #expect(
        run.standardError == "streamlab serve: cannot run \(folder.path)/streamlab-serve (No such file or directory); "
          + "build it with `swift build --product streamlab-serve` (or `scripts/start serve`)\n")
    }
  }
}
