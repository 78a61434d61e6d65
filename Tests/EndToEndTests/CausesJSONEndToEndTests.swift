import Foundation
import Testing

/// Issue 33: `eval --causes --format json` gives every event an `id` and the
/// ids of its `causes`, through the binary as a tool reads it. The debounce
/// survivor "iph" at 750ms was made from the "iph" that came at 450ms.
@Suite struct CausesJSONEndToEndTests {
  static let program = #"events 0ms:"i", 100ms:"ip", 450ms:"iph", 900ms:| | debounce 300ms"#

  static func rows(_ arguments: [String]) throws -> [[String: Any]] {
    let run = try ProcessRun.streamlab(["eval", program, "--format", "json"] + arguments)
    try #require(run.status == 0, "\(run.standardError)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    return try #require(object["rows"] as? [[String: Any]])
  }

  @Test func everyEventHasAnIDAndItsCauses() throws {
    let rows = try Self.rows(["--causes"])
    let events = rows.flatMap { ($0["events"] as? [[String: Any]]) ?? [] }
    // The source's ^, "i", "ip", "iph", | and debounce's ^, "ip", "iph", |.
    #expect(events.count == 9)
    #expect(events.allSatisfy { $0["id"] is Int && $0["causes"] is [Int] })
    let byID = Dictionary(uniqueKeysWithValues: events.map { ($0["id"] as? Int ?? -1, $0) })
    let output = try #require(rows.last?["events"] as? [[String: Any]])
    let survivor = try #require(output.first { $0["value"] as? String == "iph" })
    #expect(survivor["t"] as? Int == 750)
    let causes = try #require(survivor["causes"] as? [Int])
    #expect(causes.count == 1)
    let cause = try #require(byID[causes[0]])
    #expect(cause["value"] as? String == "iph" && cause["t"] as? Int == 450, "\(cause)")
  }

  @Test func withoutTheFlagTheDocumentIsUnchanged() throws {
    let events = try Self.rows([]).flatMap { ($0["events"] as? [[String: Any]]) ?? [] }
    #expect(events.allSatisfy { $0["id"] == nil && $0["causes"] == nil })
  }
}

/// `--causes` with another format would change nothing: it says where the causes are shown instead.
@Suite struct CausesFlagFormatTests {
  @Test func causesWithTheTextDiagramIsRefusedWithWhereToLook() throws {
    let run = try ProcessRun.streamlab(["eval", "just 1 | map x", "--causes"])
    #expect(run.status == 2, "\(run.status)")
    #expect(run.standardError.contains("--causes adds each event's id and causes to --format json"))
    #expect(run.standardError.contains("`:why N`"))
  }
}
