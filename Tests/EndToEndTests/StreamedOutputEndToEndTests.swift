import Foundation
import Testing

/// `streamlab eval --format json|events` writes as it goes; what reaches
/// standard output is byte for byte the document MarblesTests' golden files
/// hold, which the renderers wrote as one String before they streamed, and
/// the document `--output` writes whole (the one `/api/run` answers).
@Suite struct StreamedOutputEndToEndTests {
  /// Programs without `marbles`/`events` literals, whose rows eval marks
  /// draggable and the golden files (written by the renderers alone) do not.
  static let programs: [(name: String, program: String, status: Int32)] = [
    ("02-range-filter", "range 1...5 | filter x % 2 == 0", 0),
    (
      "16-escapes-doubles",
      #"just 1.5, 0.1 + 0.2, 0.0 / 0.0, -1.0 / 0.0; just "say \"hi\"\n\ttab"; just [1, 2]; just 1, nil"#, 0
    ),
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

  static let literalPrograms = [
    #"let a = marbles "-a---b-|"; let b = marbles "--1-2---|"; a | merge b; a | zip b; a | combineLatest b"#,
    #"events 0ms:"x", 250ms:"y", 400ms:| | print "p" | debounce 100ms"#,
  ]

  @Test(arguments: literalPrograms, ["json", "events"])
  func standardOutputIsTheDocumentWrittenWholeToAFile(program: String, format: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "streamlab-streamed-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("document").path
    let streamed = try ProcessRun.streamlab(["eval", program, "--format", format])
    let whole = try ProcessRun.streamlab(["eval", program, "--format", format, "--output", file])
    #expect(streamed.status == 0, "stderr: \(streamed.standardError)")
    #expect(whole.status == 0, "stderr: \(whole.standardError)")
    let document = try String(contentsOfFile: file, encoding: .utf8)
    #expect(streamed.standardOutput == document)
    // The literal rows' marks and print's log come through the streamed writer too.
    #expect(format != "json" || document.contains(#""draggable": true"#))
    let printed = program.contains("print")
    #expect(!printed || document.contains(format == "json" ? #""log": [{"t": 0, "text": "p: "# : "log:\n"))
  }

  @Test func aRuntimeErrorStillGoesToStandardErrorAfterTheStreamedDocument() throws {
    let run = try ProcessRun.streamlab(["eval", "just 1, 0 | map 6 / x", "--format", "json"])
    #expect(run.status == 1)
    #expect(run.standardOutput.hasSuffix("]}\n"))
    #expect(
      run.standardError == "runtime error in `map 6 / x` at 0ms; the json output says what went wrong\n")
  }
}
