import StreamCore
import StreamLang
import Testing

@testable import Marbles

/// A run too long for the width laid out straight from its recorded events,
/// with tokens only for the columns shown: the columns, the cut and the
/// legend are those the whole layout gives.
@Suite struct LongRunLayoutTests {
  /// The layout of `rows` at `width`, as the text diagram makes it for a
  /// long run, with each row's marbles in the windows shown (` ~ ` between).
  private func drawn(
    _ rows: [Timeline], width: Int, stop: RunStop = .idle, endTime: VirtualTime
  ) throws -> (layout: TextLayout, rows: [String], cut: TextCut) {
    let available = max(width - (2 + 1 + 2), 16)  // one-letter labels
    let longRun = try #require(
      LongRunLayout(
        rows: rows, running: stop.leftStreamsRunning, endTime: endTime, options: DiagramOptions(width: width),
        available: available))
    let (layout, cut, _) = longRun.layout(available: available)
    let windows = cut.windows
    let texts = layout.rows.map { row in
      windows.map { window in row.marbles(in: window).map(\.text).joined() }.joined(separator: " ~ ")
    }
    return (layout, texts, cut)
  }

  private func row(_ label: String, _ events: [(Int, TimelineEvent.Kind)], stage: Int = 0) -> Timeline {
    Timeline(
      label: label, pipeline: 0, stage: stage, isOutput: false,
      events: [TimelineEvent(time: .zero, kind: .subscribed)]
        + events.map { TimelineEvent(time: .milliseconds($0.0), kind: $0.1) })
  }

  @Test func aLongRowOfDigitsIsCutAndOnlyTheTokensNearTheShownColumnsAreMade() throws {
    // Digits i % 10 every 10ms for a second, then `|` at 1000ms: 101
    // instants for 16 columns. Every frame is exact; 10ms is the narrowest
    // (101 columns), so the head shows columns 0...8 and the tail 97...100.
    let digits = (0..<100).map { ($0 * 10, TimelineEvent.Kind.value(.int($0 % 10))) }
    let (layout, rows, cut) = try drawn(
      [row("r", digits + [(1000, .finished)])], width: 20, endTime: .milliseconds(1000))
    #expect(layout.frame == .milliseconds(10))
    #expect(cut.windows == [0...8, 97...100])
    #expect(rows == ["012345678 ~ 789|"])
    // Columns 0...8 and 97...100, and 96, whose token says whether the row is live at 97.
    #expect(layout.rows[0].tokens.map(\.column) == Array(0...8) + [96, 97, 98, 99, 100])
    #expect(layout.legend.entries.isEmpty)
    #expect(layout.movedTokens == 0)
  }

  @Test func crowdedInstantsAnEndedRowAnEmptyRowAndOneEventAreDrawnAsTheWholeLayoutDraws() throws {
    // Row r: 8 values at 0 (a group of 15 columns, 6 and 7 left out as `~`),
    // digits every 10ms from 200ms to 1190ms, then `(7 8 |)` at 1200ms.
    // Row f: `9` at 0, `(1 2 #)` at 1190ms. Row e: nothing. Row o: `5` at 1180ms.
    // At 10ms everything is exact, r ends at column 126: with 35 columns
    // the head is 0...21 and the tail 117...126.
    let group = (1...8).map { (0, TimelineEvent.Kind.value(.int($0))) }
    let digits = (0..<100).map { (200 + $0 * 10, TimelineEvent.Kind.value(.int($0 % 10))) }
    let rows = [
      row("r", group + digits + [(1200, .value(.int(7))), (1200, .value(.int(8))), (1200, .finished)]),
      row("f", [(0, .value(.int(9))), (1190, .value(.int(1))), (1190, .value(.int(2))), (1190, .failed("boom"))]),
      row("e", []),
      row("o", [(1180, .value(.int(5)))]),
    ]
    let (layout, texts, cut) = try drawn(rows, width: 40, endTime: .milliseconds(1200))
    #expect(layout.frame == .milliseconds(10))
    #expect(cut.windows == [0...21, 117...126])
    #expect(
      texts == [
        "(1 2 3 4 5 ~ 8)-----01 ~ 789(7 8 |)",
        // f fails at column 119; past its `)` (125) the row has ended: blank.
        "9--------------------- ~ --(1 2 #) ",
        "---------------------- ~ ----------",
        "---------------------- ~ -5--------",
      ])
    #expect(layout.leftOutValues == 2)
    #expect(layout.rows[2].tokens.isEmpty)
    #expect(layout.rows[3].tokens.map(\.column) == [118])
  }

  @Test func lettersWinWhenTheyShowTheRunInAQuarterOfTheColumns() throws {
    // 0, 10, 20, … 990 every 1ms, `|` at 100ms. Inline, `990` and a dash
    // need 4 columns a millisecond: 0.25ms is the narrowest exact inline
    // frame (401 columns). With letters every value is one column: 1ms is
    // exact (101 columns) and shows 0, 10…80 and 970…990, 11 letters (at
    // most 12 are allowed), so letters win. The letters go to what is shown.
    let values = (0..<100).map { ($0, TimelineEvent.Kind.value(.int($0 * 10))) }
    let (layout, texts, cut) = try drawn(
      [row("r", values + [(100, .finished)])], width: 20, endTime: .milliseconds(100))
    #expect(layout.frame == .milliseconds(1))
    #expect(cut.windows == [0...8, 97...100])
    #expect(texts == ["0abcdefgh ~ ijk|"])
    #expect(
      layout.legend.entries == [
        "a = 10", "b = 20", "c = 30", "d = 40", "e = 50", "f = 60", "g = 70", "h = 80", "i = 970", "j = 980",
        "k = 990",
      ])
  }

  @Test func groupsTooWideForEveryFrameAreMovedAsTheWholeLayoutMovesThem() throws {
    // `(1 2 3 4 5 6)` every 1ms is 13 columns wide; the finest frame tried,
    // 0.1ms, gives it 10: no frame is exact, so the layout takes the first
    // frame with letters and moves tokens right, each placed in turn.
    let groups = (0..<30).flatMap { time in (1...6).map { (time, TimelineEvent.Kind.value(.int($0))) } }
    let rows = [row("r", groups)]
    let (layout, _, _) = try drawn(rows, width: 20, endTime: .milliseconds(30))
    #expect(layout.movedTokens == 29)
    let result = RunResult(
      pipelines: [ShownPipeline(source: "r")], rows: rows, notes: [], stop: .idle, endTime: .milliseconds(30))
    let options = DiagramOptions(width: 20)
    let streamed = TextDiagram.render(result, options: options, streamsLongRuns: true)
    #expect(streamed == TextDiagram.render(result, options: options, streamsLongRuns: false))
    #expect(streamed.contains("too coarse: 29"))
  }

  /// Long runs of the real interpreter: inner rows (opened late, ended,
  /// summarised past the first ones), a runtime error, booleans and arrays.
  @Test(arguments: [
    "interval 1ms | take 200 | flatMap { just $0, $0 + 1 | delay 3ms }",
    "interval 10ms | take 300 | map { x in { just x, x + 1 | delay 5ms } } | switchToLatest",
    "interval 1ms | map 10 / (x - 250)",
    "interval 1ms | take 300 | map x % 3 == 0 | collect 7",
  ])
  func aRealLongRunIsDrawnAsTheWholeLayoutDrawsIt(program: String) throws {
    var interpreter = Interpreter()
    let evaluation = interpreter.run(program, options: RunOptions(horizon: .milliseconds(5_000)))
    let ran: RunResult? = {
      if case .ran(let result, _) = evaluation { return result }
      return nil
    }()
    let result = try #require(ran, "the program did not run: \(program)")
    for width in [40, 80] {
      let options = DiagramOptions(width: width)
      let shown = result.summarisingInnerRows
      let labelColumn = min(shown.headings.map(\.label.count).max() ?? 0, max(12, width * 2 / 5 - 4))
      let available = max(width - (2 + labelColumn + 2), 16)
      _ = try #require(
        LongRunLayout(
          rows: shown.rows, running: shown.stop.leftStreamsRunning, endTime: shown.endTime, options: options,
          available: available))
      #expect(
        TextDiagram.render(result, options: options, streamsLongRuns: true)
          == TextDiagram.render(result, options: options, streamsLongRuns: false))
    }
  }

  @Test func aScaleAnOutOfOrderRowOrAShortRunIsLeftToTheWholeLayout() {
    let digits = (0..<40).map { ($0 * 10, TimelineEvent.Kind.value(.int($0 % 10))) }
    let long = row("r", digits)
    let end = VirtualTime.milliseconds(400)
    #expect(LongRunLayout(rows: [long], running: false, endTime: end, options: .init(), available: 16) != nil)
    #expect(LongRunLayout(rows: [long], running: false, endTime: end, options: .init(), available: 40) == nil)
    let scaled = DiagramOptions(scale: .milliseconds(10))
    #expect(LongRunLayout(rows: [long], running: false, endTime: end, options: scaled, available: 16) == nil)
    let lookalike = row("s", digits + [(400, .value(.string("12")))])
    #expect(LongRunLayout(rows: [lookalike], running: false, endTime: end, options: .init(), available: 16) == nil)
    var backwards = long
    backwards.events.append(TimelineEvent(time: .milliseconds(5), kind: .finished))
    #expect(LongRunLayout(rows: [backwards], running: false, endTime: end, options: .init(), available: 16) == nil)
  }

  /// A random run of up to four rows, of up to 120 instants of one to eight
  /// events each (values of every width, strings, drops, demand,
  /// cancellations and resubscriptions), at a random width.
  private static func randomRun(seed: UInt64) -> (result: RunResult, options: DiagramOptions) {
    var random = TimelineGenerator(seed: seed)
    let width = [20, 40, 80][random.int(0...2)]
    let frame = [1, 10, 25, 250][random.int(0...3)] * 1_000_000
    var rows: [Timeline] = []
    var lastTime = 0
    for stage in 0..<random.int(1...4) {
      var events = [TimelineEvent(time: .zero, kind: .subscribed)]
      var slot = random.int(0...2)
      var live = true
      for _ in 0..<random.int(0...120) {
        let time = VirtualTime(nanoseconds: slot * frame)
        for _ in 0..<[1, 1, 1, 2, 3, 8][random.int(0...5)] {
          let kind: TimelineEvent.Kind
          switch random.int(0...19) {
          case 0: kind = .dropped(.int(random.int(0...99)))
          case 1: kind = live ? .cancelled : .subscribed
          case 2: kind = .requested(.max(1))
          case 3: kind = .value(.string(["ab", "xyz", "q", "long one"][random.int(0...3)]))
          case 4: kind = .value(.int(random.int(-20...99_999)))
          default: kind = .value(.int(random.int(0...9)))
          }
          if kind == .cancelled { live = false }
          if kind == .subscribed { live = true }
          events.append(TimelineEvent(time: time, kind: kind))
        }
        slot += random.int(1...4)
      }
      if random.int(0...1) == 0 {
        events.append(TimelineEvent(time: VirtualTime(nanoseconds: slot * frame), kind: .finished))
      }
      lastTime = max(lastTime, events.last?.time.nanoseconds ?? 0)
      rows.append(
        Timeline(label: "s\(stage)", pipeline: 0, stage: stage, isOutput: false, events: TimelineEvents(events)))
    }
    let stop: RunStop = random.int(0...1) == 0 ? .idle : .budget(1000)
    let result = RunResult(
      pipelines: [ShownPipeline(source: "p")], rows: rows, notes: [], stop: stop,
      endTime: VirtualTime(nanoseconds: lastTime + random.int(0...3) * frame))
    return (result, DiagramOptions(width: width))
  }

  @Test(arguments: 0..<80 as Range<UInt64>)
  func aLongRunIsDrawnAsTheWholeLayoutDrawsIt(seed: UInt64) {
    let (result, options) = Self.randomRun(seed: seed)
    let streamed = TextDiagram.render(result, options: options, streamsLongRuns: true)
    let whole = TextDiagram.render(result, options: options, streamsLongRuns: false)
    #expect(streamed == whole)
  }

  @Test func mostRandomRunsAreLongEnoughForTheStreamedLayout() {
    // The comparison above proves something only where the streamed layout
    // is used: a row with more instants than columns (labels `s0`…`s3`).
    let used = (0..<80 as Range<UInt64>).filter { seed in
      let (result, options) = Self.randomRun(seed: seed)
      return LongRunLayout(
        rows: result.rows, running: result.stop.leftStreamsRunning, endTime: result.endTime, options: options,
        available: max(options.width - (2 + 2 + 2), 16)) != nil
    }
    #expect(used.count >= 30)
  }
}
