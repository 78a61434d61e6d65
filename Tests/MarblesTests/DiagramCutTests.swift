import Foundation
import StreamCore
import StreamLang
import Testing

@testable import Marbles

/// The diagrams issue 26 found hiding events, drawn at the widths it found
/// them at: a cut now removes only time in which no row has an event.
@Suite struct DiagramCutTests {
  static let typing =
    #"let typing = events 0ms:"m", 100ms:"mac", 200ms:"macbook", 700ms:"macboo", 800ms:"mac", 1300ms:"macb", 1350ms:"mac", 2000ms:"ipad", 4000ms:|; "#
  static let scroll = "let scroll = events 0ms:10, 50ms:25, 120ms:40, 180ms:70, 260ms:90, 420ms:120, 700ms:|; "

  static func run(_ program: String) throws -> RunResult {
    var interpreter = Interpreter()
    guard case .ran(let result, _) = interpreter.run(program) else {
      Issue.record("\(program) did not run")
      throw CancellationError()
    }
    return result
  }

  /// The diagram of `program` at `width`, read back: every row's instants
  /// as recorded, and no row saying it leaves any out.
  static func expectEveryEventDrawn(
    _ program: String, width: Int, kinds: [DrawnDiagram.ValueKind],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> String {
    let result = try run(program)
    let options = DiagramOptions(width: width)
    let text = TextDiagram.render(result, options: options)
    let drawn = DrawnDiagram(
      text: text, labels: result.headings.map(\.label), width: width,
      frame: TextDiagram.frame(for: result, options: options),
      windows: TextDiagram.cut(for: result, options: options).windows, kinds: kinds)
    #expect(drawn.problems.isEmpty, "\(drawn.problems)\n\(text)", sourceLocation: sourceLocation)
    for (row, read) in zip(result.rows, drawn.rows) {
      #expect(read.instants == row.recordedInstants, "\(row.label)\n\(text)", sourceLocation: sourceLocation)
      #expect(read.leftOut == nil, "\(row.label)\n\(text)", sourceLocation: sourceLocation)
    }
    return text
  }

  /// How each row of `result` writes its values: one column each when
  /// they are all single digits, as `:type` and the values tell a student.
  static func kinds(_ result: RunResult) -> [DrawnDiagram.ValueKind] {
    result.rows.map { row in
      let digits = row.events.allSatisfy { event in
        guard case .value(let value) = event.kind else { return true }
        if case .int(let number) = value { return (0...9).contains(number) }
        if case .string(let text) = value { return text.count == 1 && text.first!.isNumber }
        return false
      }
      return digits ? .digits : .wide
    }
  }

  /// The demos (`> ` lines) of a lesson in the repository's `lessons` folder.
  static func demos(_ lesson: String) throws -> [String] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("lessons/\(lesson)")
    let text = try String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n").filter { $0.hasPrefix("> ") }.map { String($0.dropFirst(2)) }
  }

  @Test(arguments: ["lesson07.txt", "lesson12.txt"], [60, 80, 100])
  func everyDemoOfTheLessonDrawsEveryEvent(lesson: String, width: Int) throws {
    let demos = try Self.demos(lesson)
    try #require(demos.count >= 3)
    for demo in demos {
      _ = try Self.expectEveryEventDrawn(demo, width: width, kinds: Self.kinds(try Self.run(demo)))
    }
  }

  @Test(arguments: [60, 80, 100])
  func theSearchBoxDebounceDrawsBothIpadEventsAndItsLegendNamesThem(width: Int) throws {
    let text = try Self.expectEveryEventDrawn(
      Self.typing + "typing | debounce 300ms", width: width, kinds: [.wide, .wide])
    #expect(text.contains(#"= "ipad""#) || text.contains("ipad-"), "\(text)")
  }

  @Test func aValueJustBeforeWhereTheOldCutStartedIsDrawn() throws {
    // At 87 columns the old cut kept columns 0–43 at frame 10ms: `120` at
    // 420ms takes columns 42–44 and vanished with the cut at 440ms.
    let text = try Self.expectEveryEventDrawn(
      Self.scroll + "scroll | throttle 200ms", width: 87, kinds: [.wide, .wide])
    #expect(text.contains("---120-"))
  }

  @Test(arguments: [60, 80, 100])
  func retryDrawsTheFailureAndTheResubscriptionInTheSameInstant(width: Int) throws {
    let text = try Self.expectEveryEventDrawn(#"marbles "-1-2-#" | retry 1"#, width: width, kinds: [.digits, .digits])
    #expect(text.contains("(# ^)"))
  }

  @Test func aRunWithNoEmptyStretchToCutSaysOnEachRowWhatItLeavesOut() throws {
    // Twenty values 100ms apart at 40 columns: a value in every column.
    let text = TextDiagram.render(
      TextDiagramWidthTests.twenty, options: DiagramOptions(width: 40))
    let cut = TextDiagram.cut(for: TextDiagramWidthTests.twenty, options: DiagramOptions(width: 40))
    #expect(cut.hidesEvents)
    let said = cut.hidden.map(\.sentence)
    #expect(said == ["\u{2026} 4 more values 1400–1700ms", "\u{2026} 4 more values 1400–1700ms"])
    #expect(text.contains("each row says what it"))
  }

  @Test func aCutOfEmptyTimeKeepsAnEmptyColumnBesideTheTokensAroundIt() throws {
    // Tokens at 0–1 and 30–31 of 40 columns, 30 available: one cut of 13
    // columns (` ~ ` takes 3), ending one column before the token at 30.
    let cut = try #require(
      TextCut.emptyStretchWindows(occupied: [0...1, 30...31], lastColumn: 39, available: 30, endLabel: 0))
    #expect(cut.windows == [0...15, 29...39])
    #expect(cut.margin == 1)
  }

  @Test func fewerCutsBeatAnEmptyColumnBesideEachToken() throws {
    // 20 of 40 columns: with a margin it takes three cuts, without two.
    let cut = try #require(
      TextCut.emptyStretchWindows(occupied: [0...1, 10...10, 30...31], lastColumn: 39, available: 20, endLabel: 0))
    #expect(cut.windows == [0...2, 10...10, 30...39])
  }

  @Test func emptyStretchesTooShortToMakeRoomGiveNoCut() {
    #expect(
      TextCut.emptyStretchWindows(
        occupied: (0..<20).map { ($0 * 2)...($0 * 2) }, lastColumn: 39, available: 20, endLabel: 0) == nil)
  }
}
