import StreamCore
import Testing

@testable import Marbles

/// The feed-back form of a row: `marbles "…" frame F` in streamlab's grammar,
/// where a value and a group each take one frame.
@Suite struct MarbleStringTests {
  typealias F = TimelineFixture

  @Test(arguments: [
    ("100ms:\"a\", 500ms:\"b\", 700ms:|", 100, "-a---b-|"),
    // One frame per value: 4 and the completion share the instant, so they group.
    ("100ms:0, 200ms:1, 300ms:2, 400ms:3, 500ms:4, 500ms:|", 100, "-0123(4 |)"),
    ("100ms:0, 200ms:1, 300ms:2, 400ms:3, 500ms:4, 500ms:|", 50, "--0-1-2-3-(4 |)"),
    // Multi-character values are quoted and still one frame each.
    ("0ms:\"i\", 100ms:\"ip\", 450ms:\"iph\", 900ms:|", 50, "i-'ip'------'iph'--------|"),
    ("0ms:1, 0ms:2, 0ms:3, 0ms:|", 100, "(1 2 3 |)"),
    // `5s` at the start would read as five seconds.
    ("0ms:5, 100ms:s", 100, "'5's"),
    ("100ms:12, 200ms:-3, 300ms:\"x y\", 400ms:#\"boom\"", 100, "-'12''-3''x y'#"),
    // A subscription and a cancellation are the subscriber's acts: left out.
    ("200ms:^, 300ms:5, 600ms:!", 100, "---5"),
    // Still open: no terminal.
    ("100ms:1", 100, "-1"),
    ("", 100, ""),
  ])
  func rowsAreWrittenFramePerFrame(events: String, frameMilliseconds: Int, expected: String) throws {
    let row = F.row("row", events)
    let frame = VirtualInterval.milliseconds(frameMilliseconds)
    #expect(MarbleString.render(row, frame: frame) == expected)
    // And StreamCore's marble reader gives back the row's own events.
    let parsed = try MarbleDiagram(expected, frame: frame, failureMessage: "boom")
    #expect(parsed.events == Self.sourceEvents(of: row))
  }

  /// What a marble source can reproduce of a row: values, finishing, failing.
  static func sourceEvents(of row: Timeline) -> [TimedEvent] {
    row.events.compactMap { event in
      let offset = VirtualInterval(nanoseconds: event.time.nanoseconds)
      switch event.kind {
      case .value(let value): return TimedEvent(offset, .value(value))
      case .finished: return TimedEvent(offset, .finished)
      case .failed(let message): return TimedEvent(offset, .failed(message))
      default: return nil
      }
    }
  }

  @Test func aRowBecomesAStatementToPasteBack() {
    var row = F.row("r", #"100ms:"a", 300ms:|"#)
    row.events.insert(TimelineEvent(time: .milliseconds(200), kind: .value(.string(#"say "hi""#))), at: 2)
    #expect(MarbleString.statement(row, frame: .milliseconds(100)) == #"marbles "-a'say \"hi\"'|" frame 100ms"#)
  }

  @Test func aTimeBetweenFramesCannotBeWritten() {
    #expect(MarbleString.render(F.row("r", "150ms:1"), frame: .milliseconds(100)) == nil)
  }

  @Test(arguments: [
    Value.double(2.5), .bool(true), .null, .array([.int(1)]), .tuple([.int(1), .int(2)]), .string("12"),
  ])
  func valuesTheGrammarCannotMakeCannotBeWritten(value: Value) {
    let row = Timeline(
      label: "r", pipeline: 0, stage: 0, events: [TimelineEvent(time: .milliseconds(100), kind: .value(value))])
    #expect(MarbleString.render(row, frame: .milliseconds(100)) == nil)
  }

  @Test func eventsAfterATerminalCannotBeWritten() {
    // `retry` resubscribed the source after its failure.
    let row = F.row("r", #"100ms:1, 200ms:#"e", 200ms:^, 300ms:1"#)
    #expect(MarbleString.render(row, frame: .milliseconds(100)) == nil)
  }

  @Test func theDiagramsFrameIsTheOneToFeedBack() {
    let result = TextDiagramTests.typing
    let frame = TextDiagram.frame(for: result)
    #expect(frame == .milliseconds(50))
    #expect(MarbleString.render(result.rows[1], frame: frame) == "--------'ip'------'iph'--|")
  }
}
