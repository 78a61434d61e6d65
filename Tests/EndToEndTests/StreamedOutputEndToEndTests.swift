import Foundation
import Testing

/// `streamlab eval --format json|events` writes as it goes; what reaches
/// standard output is byte for byte the document MarblesTests' golden files
/// hold, which the renderers wrote as one String before they streamed.
@Suite struct StreamedOutputEndToEndTests {
  static let programs: [(name: String, program: String, status: Int32)] = [
    (
      "11-merge-zip-combineLatest",
      #"let a = marbles "-a---b-|"; let b = marbles "--1-2---|"; a | merge b; a | zip b; a | combineLatest b"#, 0
    ),
    ("16-escapes-doubles", #"just 1.5, 0.1 + 0.2, "say \"hi\"\n\ttab", nil, [1, 2], 0.0 / 0.0, -1.0 / 0.0"#, 0),
    ("18-runtime-error", "just 1, 0 | map 6 / x", 1),
  ]

  static func golden(_ path: String) throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("MarblesTests/Golden").appendingPathComponent(path)
    return try String(contentsOf: url, encoding: .utf8)
  }

  @Test(arguments: programs.map(\.name))
  func jsonOnStandardOutputIsTheGoldenDocument(name: String) throws {
    let entry = try #require(Self.programs.first { $0.name == name })
    let run = try ProcessRun.streamlab(["eval", entry.program, "--format", "json"])
    #expect(run.status == entry.status, "stderr: \(run.standardError)")
    #expect(run.standardOutput == (try Self.golden("json/\(name).json")))
  }

  @Test(arguments: programs.map(\.name))
  func eventsOnStandardOutputAreTheGoldenList(name: String) throws {
    let entry = try #require(Self.programs.first { $0.name == name })
    let run = try ProcessRun.streamlab(["eval", entry.program, "--format", "events"])
    #expect(run.status == entry.status, "stderr: \(run.standardError)")
    #expect(run.standardOutput == (try Self.golden("events/\(name).txt")))
  }

  @Test func aRuntimeErrorStillGoesToStandardErrorAfterTheStreamedDocument() throws {
    let run = try ProcessRun.streamlab(["eval", "just 1, 0 | map 6 / x", "--format", "json"])
    #expect(run.status == 1)
    #expect(run.standardOutput.hasSuffix("]}\n"))
    #expect(
      run.standardError == "runtime error in `map 6 / x` at 0ms; the json output says what went wrong\n")
  }
}
