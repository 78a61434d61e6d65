import Foundation
import Testing

/// The run's log (`print`, `handleEvents`) in every `eval --format`: after the
/// diagram or the events, never among the rows, each line led by its virtual
/// time; in JSON a `"log"` list of `{"t", "text"}`.
@Suite struct RunLogFormatTests {
  static let program = #"events 0ms:1, 100ms:2, 200ms:| | handleEvents output: "got " + String(x), completion: x"#

  private func eval(_ format: String) throws -> String {
    let run = try ProcessRun.streamlab(["eval", "--format", format, Self.program])
    #expect(run.status == 0, "stderr: \(run.standardError)")
    return run.standardOutput
  }

  /// The lines from `log:` to the end, as the text and events formats print them.
  private func logSection(_ output: String) throws -> [String] {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let start = try #require(lines.firstIndex(of: "log:"), "no log section in:\n\(output)")
    return Array(lines[start...]).filter { !$0.isEmpty }
  }

  @Test func textShowsTheLogAfterTheDiagram() throws {
    let output = try eval("text")
    #expect(try logSection(output) == ["log:", "    0ms  got 1", "  100ms  got 2", "  200ms  finished"])
    let log = try #require(output.range(of: "log:"))
    let lastRow = try #require(output.range(of: "> handleEvents"))
    #expect(lastRow.upperBound < log.lowerBound)
  }

  @Test func eventsShowTheLogAfterEveryRowsEvents() throws {
    let output = try eval("events")
    #expect(try logSection(output) == ["log:", "    0ms  got 1", "  100ms  got 2", "  200ms  finished"])
  }

  @Test func jsonCarriesTheLogAsAListOfTimesAndTexts() throws {
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(try eval("json").utf8)) as? [String: Any])
    let log = try #require(document["log"] as? [[String: Any]])
    #expect(log.map { $0["t"] as? Double } == [0, 100, 200])
    #expect(log.map { $0["text"] as? String } == ["got 1", "got 2", "finished"])
  }

  @Test func svgWritesTheLogAsTextUnderTheDiagram() throws {
    let output = try eval("svg")
    #expect(output.contains(#"text-anchor="start">log:</text>"#))
    #expect(output.contains("100ms  got 2</text>"))
    let log = try #require(output.range(of: ">log:</text>"))
    let label = try #require(output.range(of: "handleEvents output:"))
    #expect(label.upperBound < log.lowerBound)
  }

  @Test func aRunWithoutALogHasNoLogSectionAndNoJSONKey() throws {
    let run = try ProcessRun.streamlab(["eval", "--format", "json", "just 1"])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    #expect(document["log"] == nil)
    let text = try ProcessRun.streamlab(["eval", "just 1"])
    #expect(!text.standardOutput.contains("log:"))
  }
}
