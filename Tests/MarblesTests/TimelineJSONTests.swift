import Foundation
import StreamCore
import Testing

@testable import Marbles

/// DSL.md's JSON schema, checked by parsing the output with Foundation.
@Suite struct TimelineJSONTests {
  static func parse(_ text: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: Any])
  }

  @Test func cardExampleFollowsTheSchema() throws {
    let json = try Self.parse(TimelineJSON.encode(TextDiagramTests.card))
    #expect(Set(json.keys) == ["streamlab", "rows", "notes"])
    #expect(json["streamlab"] as? Int == 1)
    let rows = try #require(json["rows"] as? [[String: Any]])
    #expect(rows.map { $0["label"] as? String } == ["just 1,2,3", "map x*2", "debounce 300ms"])
    #expect(rows.map { $0["pipeline"] as? Int } == [0, 0, 0])
    #expect(rows.map { $0["stage"] as? Int } == [0, 1, 2])
    let first = try #require(rows[0]["events"] as? [[String: Any]])
    #expect(first.map { $0["kind"] as? String } == ["subscribed", "value", "value", "value", "finished"])
    #expect(first.compactMap { $0["value"] as? Int } == [1, 2, 3])
    #expect(first.allSatisfy { ($0["t"] as? NSNumber)?.intValue == 0 })
    let output = try #require(rows[2]["events"] as? [[String: Any]])
    #expect(output.map { $0["kind"] as? String } == ["subscribed", "finished"])
    #expect(json["notes"] as? [String] == TextDiagramTests.card.notes)
  }

  @Test func theTextIsCompactAndInSchemaOrder() {
    let result = TimelineFixture.result([("just 1", "0ms:1, 0ms:|")])
    #expect(
      TimelineJSON.encode(result) == """
        {"streamlab": 1,
         "rows": [
          {"label": "just 1", "pipeline": 0, "stage": 0, "events": [{"t": 0, "kind": "subscribed"}, \
        {"t": 0, "kind": "value", "value": 1}, {"t": 0, "kind": "finished"}]}
         ],
         "notes": []}
        """)
  }

  @Test func valuesKeepTheirJSONTypes() throws {
    let values: [Value] = [
      .int(-7), .double(2.5), .string("iph"), .bool(true), .null, .array([.int(1), .string("a")]),
      .tuple([.int(1), .string("a")]), .duration(.milliseconds(300)), .duration(.microseconds(20)),
    ]
    let row = Timeline(
      label: "values", pipeline: 0, stage: 0, isOutput: true,
      events: values.map { TimelineEvent(time: .milliseconds(1), kind: .value($0)) })
    let json = try Self.parse(TimelineJSON.encode(RunResult(pipelines: [], rows: [row])))
    let events = try #require((json["rows"] as? [[String: Any]])?.first?["events"] as? [[String: Any]])
    let decoded = events.map { $0["value"] }
    #expect((decoded[0] as? NSNumber)?.intValue == -7)
    #expect((decoded[1] as? NSNumber)?.doubleValue == 2.5)
    #expect(decoded[2] as? String == "iph")
    #expect(decoded[3] as? Bool == true)
    #expect(decoded[4] is NSNull)
    #expect((decoded[5] as? [Any])?.count == 2)
    #expect((decoded[6] as? [Any])?.first as? Int == 1)
    #expect((decoded[7] as? NSNumber)?.intValue == 300)
    #expect((decoded[8] as? NSNumber)?.doubleValue == 0.02)
  }

  @Test func fractionalMillisecondsFailuresAndCancellation() throws {
    let row = Timeline(
      label: "r", pipeline: 1, stage: 2,
      events: [
        TimelineEvent(time: VirtualTime(nanoseconds: 1_500_000), kind: .failed("bad \"input\"")),
        TimelineEvent(time: VirtualTime(nanoseconds: 20_000), kind: .cancelled),
        TimelineEvent(time: .zero, kind: .requested(.unlimited)),
        TimelineEvent(time: .zero, kind: .dropped(.int(1))),
      ])
    let text = TimelineJSON.encode(RunResult(pipelines: [], rows: [row]))
    #expect(text.contains(#"{"t": 1.5, "kind": "failed", "error": "bad \"input\""}"#))
    #expect(text.contains(#"{"t": 0.02, "kind": "cancelled"}"#))
    let events = try #require(
      (try Self.parse(text)["rows"] as? [[String: Any]])?.first?["events"] as? [[String: Any]])
    // Demand and drops are the trace, not the timeline.
    #expect(events.count == 2)
    #expect(events[0]["error"] as? String == "bad \"input\"")
  }

  @Test func everyStringIsEscaped() throws {
    let nasty = "quote \" backslash \\ newline \n tab \t bell \u{07} nul \u{0} del \u{7F} é 🎉 \u{2028}"
    let row = Timeline(
      label: nasty, pipeline: 0, stage: 0, events: [TimelineEvent(time: .zero, kind: .value(.string(nasty)))])
    let result = RunResult(pipelines: [], rows: [row], notes: [nasty])
    let json = try Self.parse(TimelineJSON.encode(result))
    let parsedRow = try #require((json["rows"] as? [[String: Any]])?.first)
    #expect(parsedRow["label"] as? String == nasty)
    #expect((parsedRow["events"] as? [[String: Any]])?.first?["value"] as? String == nasty)
    #expect(json["notes"] as? [String] == [nasty])
  }

  @Test func nonFiniteNumbersBecomeStringsAndTheStopReasonIsTheLastNote() throws {
    let row = Timeline(
      label: "r", pipeline: 0, stage: 0,
      events: [
        TimelineEvent(time: .zero, kind: .value(.double(.nan))),
        TimelineEvent(time: .zero, kind: .value(.double(-.infinity))),
      ])
    let result = RunResult(
      pipelines: [], rows: [row], notes: ["n"], stop: .horizon(.milliseconds(10_000)),
      endTime: .milliseconds(10_000))
    let json = try Self.parse(TimelineJSON.encode(result))
    let events = try #require((json["rows"] as? [[String: Any]])?.first?["events"] as? [[String: Any]])
    #expect(events.map { $0["value"] as? String } == ["nan", "-inf"])
    #expect(
      json["notes"] as? [String] == ["n", "stopped at the 10000ms horizon; \u{2026} marks streams still running"])
  }
}
