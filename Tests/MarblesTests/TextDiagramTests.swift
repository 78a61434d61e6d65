import Foundation
import StreamCore
import Testing

@testable import Marbles

/// The text diagram, on runs built by hand whose events are what Combine does
/// for the program in each label.
@Suite struct TextDiagramTests {
  typealias F = TimelineFixture

  static let card = F.result(
    [
      ("just 1,2,3", "0ms:1, 0ms:2, 0ms:3, 0ms:|"),
      ("map x*2", "0ms:2, 0ms:4, 0ms:6, 0ms:|"),
      ("debounce 300ms", "0ms:|"),
    ],
    notes: ["Combine's debounce drops a pending value when upstream finishes; Rx emits it"])

  static let typing = F.result([
    (#"events 0ms:"i", 100ms:"ip", 450ms:"iph", 900ms:|"#, #"0ms:"i", 100ms:"ip", 450ms:"iph", 900ms:|"#),
    ("debounce 300ms", #"400ms:"ip", 750ms:"iph", 900ms:|"#),
  ])

  @Test func cardExampleShowsThreeRowsTheEmptyOutputAndTheNote() {
    #expect(
      TextDiagram.render(Self.card) == """
          just 1,2,3      (1 2 3 |)
          map x*2         (2 4 6 |)
        > debounce 300ms  |
                          +
                          0ms   frame 100ms
        note: Combine's debounce drops a pending value when upstream finishes; Rx emits
              it
        """)
  }

  /// `marbles "-a-b-c---|" | flatMap max 1 { timer 300ms }`: flatMap asks for
  /// one value at a time, so `b`, sent at 300ms while `a`'s inner stream runs,
  /// finds no demand and is dropped.
  static let dropped = RunResult(
    pipelines: [ShownPipeline(source: "marbles | flatMap max 1")],
    rows: [
      F.row("marbles", #"0ms:?1, 100ms:"a", 300ms:×"b", 400ms:?1, 500ms:"c", 800ms:?1, 900ms:|"#, stage: 0),
      F.row("flatMap max 1", "0ms:?*, 400ms:0, 800ms:0, 900ms:|", stage: 1, output: true),
    ], endTime: .milliseconds(900))

  @Test func aDroppedValueIsCrossedOnTheRowThatDroppedItAndTheLegendSaysWhoHadNotAsked() {
    #expect(
      TextDiagram.render(Self.dropped) == """
          marbles        -a-×-c---|
        > flatMap max 1  ----0---0|
                         +----+----
                         0    500ms   frame 100ms
        × dropped: "b" at 300ms by flatMap max 1
        """)
  }

  @Test func theDropMarkIsDimInColour() {
    var options = DiagramOptions()
    options.color = true
    #expect(TextDiagram.render(Self.dropped, options: options).contains("\u{1B}[2m×\u{1B}[0m"))
  }

  @Test func theLegendNamesTheStageThatLimitedDemandNotTheOnesPassingItOn() {
    // `map` only passes flatMap's demand of one on: its own requests are bounded too.
    let rows = [
      F.row("interval 100ms", #"0ms:?1, 100ms:0, 200ms:×1, 300ms:×2, 400ms:×3, 500ms:×4, 600ms:!"#, stage: 0),
      F.row("map x", "0ms:?1, 100ms:0, 600ms:!", stage: 1),
      F.row("flatMap max 1", "0ms:?*, 600ms:!", stage: 2, output: true),
    ]
    #expect(DropLegend.entries(rows) == ["× dropped: 4 values from 200ms to 500ms by flatMap max 1"])
    #expect(
      DropLegend.entries(Array(rows.prefix(1)) + [F.row("sink", "0ms:?*", stage: 1)].map { $0 }).first
        == "× dropped: 4 values from 200ms to 500ms by sink")
  }

  @Test func notesWrapAtSpacesNeverInsideAWord() {
    // Width 40: "note: Combine's debounce drops a pending" is 40 characters;
    // the next word would make 46, so it starts the next, indented, line.
    var options = DiagramOptions()
    options.width = 40
    let notes = TextDiagram.render(Self.card, options: options).split(separator: "\n").drop { !$0.hasPrefix("note:") }
    #expect(
      notes == [
        "note: Combine's debounce drops a pending",
        "      value when upstream finishes; Rx",
        "      emits it",
      ])
  }

  @Test func aWordLongerThanTheWidthGetsALineOfItsOwn() {
    #expect(
      "a verylongwordindeed b".wrappedAtSpaces(width: 8, indent: "  ") == ["a", "  verylongwordindeed", "  b"])
  }

  @Test func eventsSitInTheColumnOfTheirTimeOnOneAxis() {
    // Frame 50ms divides every time (0, 100, 400, 450, 750, 900ms); a value
    // wider than one column covers the columns after its own.
    #expect(
      TextDiagram.render(Self.typing) == """
          events 0ms:"i", 100ms:"ip", 450ms:"iph", 900ms:|
                                        i-ip-----iph------|
        > debounce 300ms                --------ip-----iph|
                                        +----+----+----+---
                                        0    250  500  750ms   frame 50ms
        """)
  }

  @Test func aStudentsMarblesAtFrame100msLookAsTyped() {
    let result = F.result([(#"marbles "-a---b-|""#, #"100ms:"a", 500ms:"b", 700ms:|"#)])
    #expect(TextDiagram.frame(for: result) == .milliseconds(100))
    #expect(TextDiagram.render(result).split(separator: "\n")[0] == #"> marbles "-a---b-|"  -a---b-|"#)
  }

  @Test func aLoneLateEventGetsAtLeastFiveColumns() {
    let result = F.result([("timer 500ms", "500ms:0, 500ms:|"), ("map x + 1", "500ms:1, 500ms:|")])
    #expect(
      TextDiagram.render(result) == """
          timer 500ms  -----(0 |)
        > map x + 1    -----(1 |)
                       +----+
                       0    500ms   frame 100ms
        """)
  }

  @Test func longValuesBecomeLettersSharedAcrossRowsAndSkippingInlineLetters() {
    let result = F.result([
      (#"events …"#, #"0ms:"a", 100ms:"iphone", 200ms:"ipad pro", 300ms:|"#),
      ("dropFirst", #"100ms:"iphone", 200ms:"ipad pro", 300ms:|"#),
    ])
    #expect(
      TextDiagram.render(result) == """
          events …   a-b-c-|
        > dropFirst  --b-c-|
                     +----+-
                     0    250ms   frame 50ms
        b = "iphone"   c = "ipad pro"
        """)
  }

  @Test func failureIsAHashWithItsMessageInTheLegend() {
    let result = F.result([(#"fail "boom""#, #"0ms:#"boom""#), ("replaceError 0", "0ms:0, 0ms:|")])
    #expect(
      TextDiagram.render(result) == """
          fail "boom"     #
        > replaceError 0  (0 |)
                          +
                          0ms   frame 100ms
        # = "boom"
        """)
  }

  /// `^` subscribed late, `!` cancelled, `…` still running at the horizon,
  /// and two subscribers, each under a header with its timing.
  /// (`interval 100ms | map x * 10; interval 100ms | map x + 1 @150ms..450ms`)
  @Test func subscribersAreGroupedAndEveryLifecycleSymbolShows() {
    let result = RunResult(
      pipelines: [
        ShownPipeline(source: "interval 100ms | map x * 10"),
        ShownPipeline(
          source: "interval 100ms | map x + 1", subscribeAt: .milliseconds(150), cancelAt: .milliseconds(450)),
      ],
      rows: [
        F.row("interval 100ms", "100ms:0, 200ms:1, 300ms:2, 400ms:3, 500ms:4", stage: 0),
        F.row("map x * 10", "100ms:0, 200ms:10, 300ms:20, 400ms:30, 500ms:40", stage: 1, output: true),
        F.row("interval 100ms", "150ms:^, 250ms:0, 350ms:1, 450ms:!", pipeline: 1),
        F.row("map x + 1", "150ms:^, 250ms:1, 350ms:2, 450ms:!", pipeline: 1, stage: 1, output: true),
      ],
      stop: .horizon(.milliseconds(500)), endTime: .milliseconds(500))
    #expect(
      TextDiagram.render(result) == """
        interval 100ms | map x * 10
            interval 100ms  ----0---1---2---3---4\u{2026}
        >   map x * 10      ----0---10--20--30--40\u{2026}
        interval 100ms | map x + 1 @150ms..450ms
            interval 100ms  ------^---0---1---!
        >   map x + 1       ------^---1---2---!
                            +-------+-------+----
                            0       200     400ms   frame 25ms
        stopped at the 500ms horizon; \u{2026} marks streams still running
        """)
  }

  @Test func aSubscriberThatIsOneBoundNameCarriesItsTimingInItsLabel() {
    let result = RunResult(
      pipelines: [ShownPipeline(source: "s"), ShownPipeline(source: "s", subscribeAt: .milliseconds(200))],
      rows: [
        F.row("s", "100ms:1, 250ms:2, 400ms:|", output: true),
        F.row("s", "200ms:^, 250ms:2, 400ms:|", pipeline: 1, output: true),
      ],
      endTime: .milliseconds(400))
    #expect(TextDiagram.render(result).hasPrefix("> s         --1--2--|\n> s @200ms  ----^2--|\n"))
  }

  @Test func aResubscriptionAfterAFailureIsMarkedWithACaret() {
    // `marbles "-1-2-#" | retry 1`: the source fails at 500ms, retry
    // subscribes again at once, and the second attempt's failure goes through.
    // The `^` beside the `#` is what tells the second attempt from the first.
    let result = F.result([
      (#"marbles "-1-2-#""#, #"100ms:1, 300ms:2, 500ms:#"error", 500ms:^, 600ms:1, 800ms:2, 1000ms:#"error""#),
      ("retry 1", #"100ms:1, 300ms:2, 600ms:1, 800ms:2, 1000ms:#"error""#),
    ])
    let rows = TextDiagram.render(result).split(separator: "\n").prefix(2)
    #expect(
      rows == [
        #"  marbles "-1-2-#"  -----1---------2---------(# ^)1---------2---------#"#,
        #"> retry 1           -----1---------2--------------1---------2---------#"#,
      ])
  }

  @Test func sameInstantEventsGroupAndOverlongGroupsAreShortened() {
    let values = (1...1000).map { "0ms:\($0)" }.joined(separator: ", ")
    let result = F.result([("range 1...1000", values + ", 0ms:|")])
    #expect(
      TextDiagram.render(result) == """
        > range 1...1000  (1 2 3 4 5 ~ 1000 |)
                          +
                          0ms   frame 100ms
        note: ~ in a group stands for 994 more values at that instant; the event list
              shows them
        """)
  }

  @Test func runtimeErrorStopIsOneLineUnderTheDiagram() {
    let error = RuntimeError(
      message: "division by zero", stage: "map 10 / x", time: .milliseconds(100), value: .int(0))
    let result = F.result([("marbles \"-0\"", "100ms:0")], stop: .runtimeError(error))
    #expect(
      TextDiagram.render(result).split(separator: "\n").last
        == "stopped by a runtime error in `map 10 / x` at 100ms on value 0: division by zero")
  }

  @Test func colourOnlyWhenAskedAndPlainOutputIsASCII() {
    let plain = TextDiagram.render(Self.typing, options: DiagramOptions(color: false))
    #expect(!plain.contains("\u{1B}"))
    #expect(plain.unicodeScalars.allSatisfy { $0.isASCII })
    let coloured = TextDiagram.render(Self.typing, options: DiagramOptions(color: true))
    #expect(coloured.contains("\u{1B}[36mip\u{1B}[0m"))  // values cyan
    #expect(coloured.contains("\u{1B}[32m|\u{1B}[0m"))  // completion green
    #expect(coloured.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression) == plain)
    let failed = TextDiagram.render(
      F.result([(#"fail "x""#, #"0ms:#"x""#)]), options: DiagramOptions(color: true))
    #expect(failed.contains("\u{1B}[31m#\u{1B}[0m"))  // errors red
  }

  @Test func anExplicitScaleOverridesTheChoice() {
    // Chosen: at least five columns across the 300ms run, so 50ms.
    let result = F.result([("interval 100ms | take 3", "100ms:0, 200ms:1, 300ms:2, 300ms:|")])
    #expect(TextDiagram.frame(for: result) == .milliseconds(50))
    #expect(TextDiagram.render(result).hasPrefix("> interval 100ms | take 3  --0-1-(2 |)\n"))
    let scaled = DiagramOptions(scale: .milliseconds(100))
    #expect(TextDiagram.frame(for: result, options: scaled) == .milliseconds(100))
    #expect(TextDiagram.render(result, options: scaled).hasPrefix("> interval 100ms | take 3  -01(2 |)\n"))
  }

  @Test func aScaleTooCoarseForTheEventsGroupsThemPerFrameAndSaysSo() {
    // 100ms and 150ms share frame 1; the group is five columns wide, so the
    // `|` of 300ms is pushed right of its column, and the notes say both.
    let result = F.result([("events", "100ms:1, 150ms:2, 300ms:|")])
    #expect(
      TextDiagram.render(result, options: DiagramOptions(scale: .milliseconds(100))) == """
        > events  -(1 2)|
                  +----+-
                  0    500ms   frame 100ms
        note: frame 100ms does not divide every event time: events in one frame are
              drawn as one group
        note: frame 100ms is too coarse: 1 of the events are drawn right of their time
        """)
  }

  @Test func aLabelTypedOverSeveralLinesStaysOnOneRow() {
    let result = F.result([("merge {\n  just 1\n}", "0ms:1")])
    #expect(TextDiagram.render(result).hasPrefix("> merge { just 1 }  1\n"))
    #expect(EventList.render(result).hasPrefix("merge { just 1 } (output)\n"))
  }

  @Test func emptyRunStillDrawsAnAxis() {
    let result = RunResult(pipelines: [], rows: [])
    #expect(TextDiagram.render(result) == "    +\n    0ms   frame 100ms")
  }
}
