import Foundation
import Testing

/// `streamlab eval --swift`: Combine code in, the diagram of the program it
/// becomes out, with that program shown in every format.
@Suite struct EvalSwiftTests {
  static let swift = """
    let clicks = PassthroughSubject<Int, Never>()
    let c = clicks.map { $0 * 10 }.sink { print($0) }
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) { clicks.send(1) }
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) { clicks.send(completion: .finished) }
    """
  static let shortForm = "let clicks = subject 100ms:1, 300ms:|\nclicks | map $0 * 10"

  @Test func textShowsTheProgramInTheLanguageAboveTheDiagram() throws {
    let run = try ProcessRun.streamlab(["eval", "--swift", Self.swift])
    #expect(run.status == 0, "stderr: \(run.standardError)")
    #expect(
      run.standardOutput.hasPrefix(
        "the Swift in streamlab's language:\n  let clicks = subject 100ms:1, 300ms:|\n  clicks | map $0 * 10\n"))
    // The rows are the Swift's own stages, as the interpreter ran them; the
    // short form above them is shown because its run drew the same output.
    #expect(run.standardOutput.contains("> .map { $0 * 10 }"))
  }

  @Test func readsAFileAndStandardInput() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("streamlab-swift-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("Clicks.swift")
    try Data(Self.swift.utf8).write(to: file)
    let fromFile = try ProcessRun.streamlab(["eval", "--swift", "-f", file.path, "--format", "events"])
    let fromInput = try ProcessRun.streamlab(["eval", "--swift", "-", "--format", "events"], input: Self.swift)
    #expect(fromFile.status == 0, "stderr: \(fromFile.standardError)")
    #expect(fromFile.standardOutput == fromInput.standardOutput)
    #expect(fromFile.standardOutput.contains("t=100ms  value 10"))
    #expect(
      fromFile.standardOutput.contains(
        "note: the Swift in streamlab's language: let clicks = subject 100ms:1, 300ms:|; clicks | map $0 * 10"))
  }

  /// The notes of `--format json`, read as JSON.
  private struct Document: Decodable {
    var notes: [String]
    var rows: [Row]
    struct Row: Decodable { var label: String }
  }

  @Test func jsonCarriesTheProgramAsItsFirstNote() throws {
    let run = try ProcessRun.streamlab(["eval", "--swift", Self.swift, "--format", "json"])
    #expect(run.status == 0, "stderr: \(run.standardError)")
    let document = try JSONDecoder().decode(Document.self, from: Data(run.standardOutput.utf8))
    #expect(
      document.notes.first
        == "the Swift in streamlab's language: let clicks = subject 100ms:1, 300ms:|; clicks | map $0 * 10")
    #expect(document.rows.map(\.label) == ["clicks", ".map { $0 * 10 }"])
  }

  @Test func svgAndSwiftFormatsWork() throws {
    let svg = try ProcessRun.streamlab(["eval", "--swift", Self.swift, "--format", "svg"])
    #expect(svg.status == 0, "stderr: \(svg.standardError)")
    #expect(svg.standardOutput.contains("<svg"))
    #expect(svg.standardOutput.contains("note: the Swift in streamlab&apos;s language: let clicks = subject"))
    let exported = try ProcessRun.streamlab(["eval", "--swift", Self.swift, "--format", "swift"])
    #expect(exported.status == 0, "stderr: \(exported.standardError)")
    #expect(exported.standardOutput.contains("PassthroughSubject<Int, Never>()"))
    #expect(exported.standardOutput.contains(".map { $0 * 10 }"))
  }

  @Test func swiftOutsideTheSubsetExitsTwoWithACaret() throws {
    let run = try ProcessRun.streamlab([
      "eval", "--swift", "let c = Just(1).decode(type: User.self, decoder: JSONDecoder()).sink { _ in }",
    ])
    #expect(run.status == 2)
    #expect(run.standardOutput.isEmpty)
    #expect(run.standardError.hasPrefix("1:9: error: streamlab cannot run `decode(type:decoder:)`"))
    #expect(run.standardError.contains("        ^~~~"))
  }

  @Test func pipedReplReadsPasteUntilAnEmptyLine() throws {
    let input = ":paste\n" + Self.swift + "\n\n:quit\n"
    let run = try ProcessRun.streamlab([], input: input)
    #expect(run.status == 0, "stderr: \(run.standardError)")
    #expect(run.standardOutput.contains("  let clicks = subject 100ms:1, 300ms:|\n  clicks | map $0 * 10"))
    #expect(run.standardOutput.contains("> .map { $0 * 10 }"))
  }
}
