import Foundation
import StreamLabFuzzing
import Testing

/// Issue 27: what `--format swift` prints, pasted back, runs as the program
/// it was exported from. Each program the project shows (the lessons'
/// demos and solutions, the README's and DSL.md's examples) goes through
/// the binary as a user sends it: `streamlab eval --format swift P |
/// streamlab eval --swift -`, whole, preamble and all; every pipeline's
/// output row must hold the same events at the same times as `streamlab eval P`.
@Suite struct ExportPasteRoundTripTests {
  static let programs: [String] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
      .standardizedFileURL
    let lessonFolder = root.appendingPathComponent("lessons")
    let names =
      ((try? FileManager.default.contentsOfDirectory(atPath: lessonFolder.path)) ?? [])
      .filter { $0.hasPrefix("lesson") && $0.hasSuffix(".txt") }.sorted()
    let lessons = names.compactMap { name -> (fileName: String, text: String)? in
      (try? String(contentsOf: lessonFolder.appendingPathComponent(name), encoding: .utf8)).map { (name, $0) }
    }
    let documents = [root.appendingPathComponent("README.md"), root.appendingPathComponent("../shared/DSL.md")]
      .compactMap { try? String(contentsOf: $0, encoding: .utf8) }
    return FrontDoorSweep.programs(lessons: lessons, documents: documents)
  }()

  @Test func theProgramsComeFromTheLessonsTheReadmeAndTheLanguagePage() {
    #expect(Self.programs.count > 250)
  }

  @Test(arguments: programs)
  func anExportPastedBackRunsAsTheProgram(_ program: String) throws {
    let home = try StreamlabBinary.temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let original = try ProcessRun.streamlab(["eval", program, "--format", "json"], home: home)
    // Not every line of a page is a program that runs (`let`s alone, a JSON document).
    guard original.status != 2 else { return }
    let export = try ProcessRun.streamlab(["eval", program, "--format", "swift"], home: home)
    // A paste of XCTest cases (issue 32) is Swift already, and says so: nothing to paste back.
    if export.status == 2, export.standardError.contains("the paste is a test already") { return }
    try #require(export.status <= 1, "\(export.standardError)")
    // A program Swift cannot express the same way exports as a comment saying why.
    guard !export.standardOutput.hasPrefix("// streamlab cannot export") else { return }
    let pasted = try ProcessRun.streamlab(
      ["eval", "--swift", "-", "--format", "json"], input: export.standardOutput, home: home)
    try #require(pasted.status != 2, "the export does not read back:\n\(pasted.standardError)")
    #expect(try Self.outputRows(pasted.standardOutput) == Self.outputRows(original.standardOutput))
  }

  /// Each pipeline's output row (its last stage, inner rows aside), as its events' JSON.
  static func outputRows(_ document: String) throws -> [String] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])
    let rows = try #require(object["rows"] as? [[String: Any]])
    var last: [Int: [String: Any]] = [:]
    for row in rows where row["parent"] == nil {
      last[try #require(row["pipeline"] as? Int)] = row
    }
    return try last.keys.sorted().map { key in
      let events = try #require(last[key]?["events"])
      return String(decoding: try JSONSerialization.data(withJSONObject: events, options: .sortedKeys), as: UTF8.self)
    }
  }
}
