import Foundation
import StreamCore
import Testing

@testable import Marbles

/// How the text diagram fits the terminal: frame choice, legend letters and
/// cutting, at the widths students actually have.
@Suite struct TextDiagramWidthTests {
  /// `interval 100ms | prefix 20`: twenty values, 100ms apart, values 10–19 two characters wide.
  static let twenty: RunResult = {
    let values = (0..<20).map { "\(($0 + 1) * 100)ms:\($0)" }.joined(separator: ", ")
    return TimelineFixture.result([("interval 100ms", values + ", 2000ms:!"), ("prefix 20", values + ", 2000ms:|")])
  }()

  /// The lines of the diagram itself: rows and axis, not the legend and notes.
  static func diagramLines(_ text: String) -> [Substring] {
    text.split(separator: "\n").filter { !$0.hasPrefix("note:") && !$0.hasPrefix("stopped") && !$0.contains(" = ") }
  }

  @Test(arguments: [40, 80, 200])
  func diagramFitsTheWidth(width: Int) {
    let text = TextDiagram.render(Self.twenty, options: DiagramOptions(width: width))
    for line in Self.diagramLines(text) {
      #expect(line.count <= width, "\(line)")
    }
  }

  @Test func at200ColumnsEveryValueIsInlineAtAFinerFrame() {
    // 25ms: four columns per 100ms, room for "10" and a dash before "11".
    let text = TextDiagram.render(Self.twenty, options: DiagramOptions(width: 200))
    #expect(TextDiagram.frame(for: Self.twenty, options: DiagramOptions(width: 200)) == .milliseconds(25))
    #expect(text.hasPrefix("  interval 100ms  ----0---1---2---3---4---5---6---7---8---9---10--11--12--"))
    #expect(!text.contains(" ~ ") && !text.contains(" = "))
  }

  @Test func at80ColumnsTwoDigitValuesBecomeLetters() {
    let text = TextDiagram.render(Self.twenty, options: DiagramOptions(width: 80))
    #expect(
      text == """
          interval 100ms  -0123456789abcdefghi(j !)
        > prefix 20       -0123456789abcdefghi(j |)
                          +---------+---------+
                          0         1000      2000ms   frame 100ms
        a = 10   b = 11   c = 12   d = 13   e = 14   f = 15   g = 16   h = 17   i = 18
        j = 19
        """)
  }

  @Test func at40ColumnsTheMiddleIsCutAndEachRowSaysWhatItLeavesOut() {
    // 24 columns for marbles and a value every column: no empty stretch to
    // cut, so the start and the end stay, 1400–1700ms is cut, each row
    // says which of its values the cut holds, and the legend explains
    // only the letters on screen.
    let text = TextDiagram.render(Self.twenty, options: DiagramOptions(width: 40))
    #expect(
      text == """
          interval 100ms
                        -0123456789abc ~ de(f !)
                        … 4 more values
                        1400–1700ms
        > prefix 20     -0123456789abc ~ de(f |)
                        … 4 more values
                        1400–1700ms
                        +---------+--- ~ +-+
                        0         1000   1800ms
                        frame 100ms
        a = 10   b = 11   c = 12   d = 17
        e = 18   f = 19
        note: the run is too long for 40
              columns: 1400ms to 1700ms is cut
              out (~), and each row says what it
              leaves out there; the event list
              has it all
        """)
  }

  @Test func aHugeRunIsSummarisedNotDrawnInFull() {
    // 100,000 ticks 1ms apart, still running at the horizon.
    let events = (1...100_000).map { TimelineEvent(time: .milliseconds($0), kind: .value(.int($0))) }
    let row = Timeline(label: "interval 1ms", pipeline: 0, stage: 0, isOutput: true, events: events)
    let result = RunResult(
      pipelines: [ShownPipeline(source: "interval 1ms")], rows: [row], stop: .budget(100_000),
      endTime: .milliseconds(100_000))
    let text = TextDiagram.render(result, options: DiagramOptions(width: 80))
    #expect(text.split(separator: "\n").count < 12)
    for line in Self.diagramLines(text) { #expect(line.count <= 80) }
    #expect(text.contains(" ~ "))
    #expect(text.contains("\u{2026}"))
    #expect(text.contains("stopped after 100000 events (the event budget)"))
  }

  @Test func aLongLabelGetsItsOwnLineInsteadOfSqueezingTheMarbles() {
    let result = TimelineFixture.result([(String(repeating: "x", count: 60), "100ms:1, 200ms:|")])
    let lines = TextDiagram.render(result, options: DiagramOptions(width: 40)).split(separator: "\n")
    #expect(lines[0] == "> " + String(repeating: "x", count: 60))
    #expect(lines[1].trimmingCharacters(in: .whitespaces).hasPrefix("-"))
  }
}

/// Renderers never trap, whatever the times and values.
@Suite struct ExtremeRunTests {
  @Test(arguments: [Int.max, Int.max - 1, 1, 999_999_999_999])
  func anEventAtTheEndOfTimeIsDrawnWithoutTrapping(nanoseconds: Int) throws {
    let row = Timeline(
      label: "timer", pipeline: 0, stage: 0, isOutput: true,
      events: [
        TimelineEvent(time: .zero, kind: .subscribed),
        TimelineEvent(time: .zero, kind: .value(.int(Int.min))),
        TimelineEvent(time: VirtualTime(nanoseconds: nanoseconds), kind: .value(.double(.infinity))),
        TimelineEvent(time: VirtualTime(nanoseconds: nanoseconds), kind: .finished),
      ])
    let result = RunResult(
      pipelines: [ShownPipeline(source: "timer")], rows: [row], stop: .horizon(.init(nanoseconds: .max)),
      endTime: VirtualTime(nanoseconds: .max))
    for width in [0, 20, 80] {
      let text = TextDiagram.render(result, options: DiagramOptions(width: width))
      #expect(text.contains("timer"))
      _ = TextDiagram.render(result, options: DiagramOptions(width: width, scale: .nanoseconds(1)))
    }
    #expect(SVGDiagram.render(result).hasSuffix("</svg>\n"))
    #expect(TimelineJSON.encode(result).contains("\"inf\""))
    #expect(EventList.render(result).contains("value inf"))
    #expect(MarbleString.render(row, frame: .milliseconds(1)) == nil)
  }
}

/// `range 1...100000`: one instant holding 100,000 values (a row built by
/// appending to one cell, which must not copy the cell on every append).
@Suite struct HugeGroupTests {
  static let result: RunResult = {
    var events = [TimelineEvent(time: .zero, kind: .subscribed)]
    events += (1...100_000).map { TimelineEvent(time: .zero, kind: .value(.int($0))) }
    events.append(TimelineEvent(time: .zero, kind: .finished))
    let row = Timeline(label: "range 1...100000", pipeline: 0, stage: 0, isOutput: true, events: events)
    return RunResult(pipelines: [ShownPipeline(source: "range 1...100000")], rows: [row])
  }()

  @Test func aHugeGroupIsShortenedInTextAndPicture() throws {
    #expect(TextDiagram.render(Self.result).hasPrefix("> range 1...100000  (1 2 3 4 5 ~ a |)\n"))
    #expect(TextDiagram.render(Self.result).contains("a = 100000"))
    #expect(SVGDiagram.render(Self.result).contains(">+99994</text>"))
  }
}

@Suite struct CutDiagramValueTests {
  /// `interval 100ms` with no `take`, stopped at the 10s horizon: cut, and
  /// the values on both sides of the cut are shown as themselves, not letters.
  @Test func aCutIntervalShowsItsValuesInline() {
    let values = (1...100).map { "\($0 * 100)ms:\($0 - 1)" }.joined(separator: ", ")
    let result = TimelineFixture.result(
      [("interval 100ms", values)], stop: .horizon(.milliseconds(10_000)), endTime: .milliseconds(10_000))
    let text = TextDiagram.render(result, options: DiagramOptions(width: 80))
    #expect(text.hasPrefix("> interval 100ms  ----0---1---2---3---4---5---6---7---8--- ~ "))
    #expect(text.contains("97--98--99\u{2026}\n"))
    #expect(!text.contains(" = "))
  }
}
