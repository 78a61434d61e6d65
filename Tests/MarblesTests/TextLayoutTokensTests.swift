import StreamCore
import Testing

@testable import Marbles

/// Tokens made once per legend and placed at the frames a diagram tries:
/// the columns they get are those of the layout made from the cells.
@Suite struct TextLayoutTokensTests {
  /// `1` at 0, `22` at 100ms, `3` at 200ms, `|` at 300ms.
  private static let cells = [TimelineFixture.row("r", "0ms:1, 100ms:22, 200ms:3, 300ms:|").diagramCells]
  private static let tokens = TextLayout.Tokens(
    cells: cells, legend: ValueLegend(values: [.int(1), .int(22), .int(3)], mode: .inline, maxInlineWidth: 4))
  private static let step = 100_000_000
  private static let end = VirtualTime.zero.advanced(by: .milliseconds(300))

  private func columns(abandoning: Bool) -> (columns: [Int], placing: TextLayout.Placing) {
    var columns: [Int] = []
    let placing = Self.tokens.place(step: Self.step, running: false, endTime: Self.end, abandonsWhenInexact: abandoning)
    { _, _, column in columns.append(column) }
    return (columns, placing)
  }

  @Test func tokensTooWideForTheirFrameAreMovedRightAndCounted() {
    // `1` in column 0; `22` wants column 1 but needs a dash after `1`: 2;
    // `3` wants 2 but `22` ends at 4, plus a dash: 5; `|` wants 3, `3` ends at 6.
    let (columns, placing) = columns(abandoning: false)
    #expect(columns == [0, 2, 5, 6])
    #expect(placing.movedTokens == 3)
    #expect(placing.lastColumn == 6)
    #expect(placing.rows.count == 1)
    #expect(placing.rows.first?.isLiveAtEnd == false)
  }

  @Test func placingStopsAtTheFirstMovedTokenWhenOnlyExactLayoutsAreWanted() {
    let (columns, placing) = columns(abandoning: true)
    #expect(columns == [0])
    #expect(placing.movedTokens == 1)
    #expect(placing.rows.isEmpty)
  }

  @Test func theLayoutFromTokensIsTheLayoutFromCells() {
    let frame = VirtualInterval(nanoseconds: Self.step)
    let fromTokens = TextLayout(tokens: Self.tokens, running: false, endTime: Self.end, frame: frame)
    let fromCells = TextLayout(
      cells: Self.cells, running: false, endTime: Self.end, frame: frame, legend: Self.tokens.legend)
    #expect(fromTokens.rows.map { $0.tokens.map(\.column) } == [[0, 2, 5, 6]])
    #expect(fromTokens.rows.map { $0.tokens.map(\.column) } == fromCells.rows.map { $0.tokens.map(\.column) })
    #expect(fromTokens.rows.map { $0.tokens.map(\.token) } == fromCells.rows.map { $0.tokens.map(\.token) })
    #expect(fromTokens.lastColumn == fromCells.lastColumn)
    #expect(fromTokens.movedTokens == fromCells.movedTokens)
  }

  @Test func visibleValuesAreThoseOfTokensWholeInsideAWindow() {
    // `22` covers columns 2 and 3, so the window 0...2 cuts it.
    let windows = [0...2, 5...6]
    let values = Self.tokens.visibleValues(in: windows, step: Self.step, running: false, endTime: Self.end)
    #expect(values == [.int(1), .int(3)])
    let layout = TextLayout(
      tokens: Self.tokens, running: false, endTime: Self.end, frame: VirtualInterval(nanoseconds: Self.step))
    #expect(layout.visibleValues(in: windows) == values)
  }

  @Test func instantsStayApartOnlyAtAFrameThatSeparatesThem() {
    #expect(Self.tokens.keepsInstantsApart(step: Self.step))
    #expect(!Self.tokens.keepsInstantsApart(step: 4 * Self.step))
  }

  @Test func aRowWithOneEventAndAnEmptyRowArePlaced() {
    let cells = [TimelineFixture.row("one", "250ms:7").diagramCells, []]
    let tokens = TextLayout.Tokens(
      cells: cells, legend: ValueLegend(values: [.int(7)], mode: .inline, maxInlineWidth: 4))
    var columns: [Int] = []
    let placing = tokens.place(
      step: 50_000_000, running: true, endTime: VirtualTime.zero.advanced(by: .milliseconds(300)),
      abandonsWhenInexact: false
    ) { _, _, column in columns.append(column) }
    // 250ms / 50ms = column 5; both rows are live at the end, so `…` goes
    // after the end column (300ms: 6), at 7, and the empty row's too.
    #expect(columns == [5])
    #expect(placing.rows.map(\.runningColumn) == [7, 7])
    #expect(placing.lastColumn == 7)
  }
}
