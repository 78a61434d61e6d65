import Foundation
import Testing

/// The limits on program size through the real binary: a program at a limit
/// runs (in every format), one past it exits 2 with the limit's message, and
/// in the REPL the session goes on with its bindings. Nothing overflows the
/// stack: an 8,000-stage pipeline used to end in a segmentation fault.
@Suite struct ProgramLimitsEndToEndTests {
  static func chain(_ count: Int) -> String { "just 1" + String(repeating: " | map x + 1", count: count) }

  static let limits: [(name: String, atLimit: String, pastLimit: String, message: String)] = [
    ("stages", chain(19_999), chain(20_000), "this program builds more than 20,000 stages"),
    (
      "statements", Array(repeating: "just 1", count: 10_000).joined(separator: "\n"),
      Array(repeating: "just 1", count: 10_001).joined(separator: "\n"),
      "this program has more than 10,000 statements"
    ),
    (
      "operators in a row", "just 1 | map " + String(repeating: "x + ", count: 10_000) + "x",
      "just 1 | map " + String(repeating: "x + ", count: 10_001) + "x",
      "this expression is too long (more than 10,000 operators in a row)"
    ),
  ]

  @Test func eachLimitRunsAtTheLimitAndIsRefusedOnePast() throws {
    try StreamlabBinary.withTemporaryHome { home in
      for limit in Self.limits {
        let atLimit = home.appendingPathComponent("at.txt")
        try limit.atLimit.write(to: atLimit, atomically: true, encoding: .utf8)
        let ran = try ProcessRun.streamlab(["eval", "-f", atLimit.path, "--format", "events"], home: home)
        #expect(ran.status == 0, "\(limit.name): \(ran.standardError.prefix(300))")
        let past = home.appendingPathComponent("past.txt")
        try limit.pastLimit.write(to: past, atomically: true, encoding: .utf8)
        let refused = try ProcessRun.streamlab(["eval", "-f", past.path], home: home)
        #expect(refused.status == 2, "\(limit.name)")
        #expect(refused.standardError.contains(limit.message), "\(limit.name): \(refused.standardError.prefix(300))")
      }
    }
  }

  @Test(arguments: ["text", "events", "json", "svg", "swift"])
  func anEightThousandStagePipelineRunsInEveryFormat(format: String) throws {
    try StreamlabBinary.withTemporaryHome { home in
      let file = home.appendingPathComponent("deep.txt")
      try Self.chain(8_000).write(to: file, atomically: true, encoding: .utf8)
      let run = try ProcessRun.streamlab(["eval", "-f", file.path, "--format", format], home: home)
      #expect(run.status == 0, "\(run.standardError.prefix(300))")
      // Every format but the Swift export shows the last value, 1 + 8,000.
      #expect(run.standardOutput.contains(format == "swift" ? ".map" : "8001"))
    }
  }

  @Test func theReplLoadsADeepFileRefusesATooDeepOneAndKeepsItsBindings() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let deep = home.appendingPathComponent("deep.txt")
      try Self.chain(8_000).write(to: deep, atomically: true, encoding: .utf8)
      let tooDeep = home.appendingPathComponent("too-deep.txt")
      try Self.chain(20_000).write(to: tooDeep, atomically: true, encoding: .utf8)
      let input = "let kept = just 42\n:load \(deep.path)\n:load \(tooDeep.path)\nkept | map x + 1\n"
      let run = try ProcessRun.streamlab([], input: input, home: home)
      #expect(run.status == 1)
      #expect(run.standardOutput.contains("8001"))
      #expect(run.standardError.contains("this program builds more than 20,000 stages"))
      #expect(run.standardOutput.contains("43"))
    }
  }
}
