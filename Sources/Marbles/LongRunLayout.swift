import StreamCore

/// The text layout of a run too long for the width, made straight from the
/// recorded rows: each frame tried is one pass over the events that measures
/// every instant's token without making it, and only the tokens on screen
/// (about eighty columns of a million instants) become cells and tokens.
///
/// It draws what `TextLayout.choose` followed by the cut diagram's own legend
/// draws (the tests compare the two on random rows), in time linear in the
/// events and with memory that does not grow with them. It applies only
/// where that is sure:
/// - some row has more instants than there are columns, so whatever the
///   frame the diagram is cut (every candidate frame keeps instants apart,
///   one column or more each), and only the cut choice is left to make;
/// - no `scale`, which could merge instants into groups;
/// - every row in time order, as recorded rows are;
/// - no string that reads as a number, a boolean or nil, whose width
///   depends on every other value of the diagram.
struct LongRunLayout {
  private let rows: [TimelineEvents]
  private let running: Bool
  private let endTime: VirtualTime
  private let maxInlineWidth: Int
  private let candidates: FrameCandidates
  private static let modes: [ValueLegend.Mode] = [.inline, .lettersOnly]

  /// Nil when the rows do not call for it (see the type's comment): the
  /// whole layout is then made by `TextLayout.choose`.
  init?(rows: [Timeline], running: Bool, endTime: VirtualTime, options: DiagramOptions, available: Int) {
    guard options.scale == nil else { return nil }
    var divisor = 0
    var lastTime = VirtualTime.zero
    var mostInstants = 0
    for row in rows {
      let events = row.events
      var previousTime = VirtualTime(nanoseconds: .min)
      var instantTime: VirtualTime?
      var instants = 0
      for position in events.indices {
        let time = events.time(at: position)
        guard time >= previousTime else { return nil }
        previousTime = time
        let kind = events.kind(at: position)
        guard RowInstants.draws(kind, at: time) else { continue }
        if case .value(let value) = kind, ValueLegend.mayLookAlike(value) { return nil }
        guard time != instantTime else { continue }
        instantTime = time
        instants += 1
        divisor = FrameCandidates.gcd(divisor, time.nanoseconds)
      }
      if let instantTime { lastTime = max(lastTime, instantTime) }
      mostInstants = max(mostInstants, instants)
    }
    guard mostInstants > available, divisor > 0 else { return nil }
    self.rows = rows.map(\.events)
    self.running = running
    self.endTime = endTime
    self.maxInlineWidth = options.maxInlineWidth
    candidates = FrameCandidates(
      commonDivisor: divisor, span: max(lastTime, endTime), columns: available)
  }

  /// The cut layout `TextLayout.choose` would pick, with tokens for the
  /// columns shown only and the legend of what they show, and how to make
  /// its tokens again under another legend.
  func layout(available: Int) -> (layout: TextLayout, relabelled: (ValueLegend) -> TextLayout) {
    let cut = TextLayout.cutChoice(
      candidates: candidates, modes: Self.modes, available: available,
      needsLetter: { ValueLegend.inlineText($1, maxWidth: maxWidth(Self.modes[$0])) == nil }
    ) { frame, legend in
      let mode = Self.modes[legend]
      let placing = place(mode: mode, frame: frame, abandonsWhenInexact: true) { _, _, _ in }
      return TextLayout.Trial(
        frame: frame, legend: legend, fitsExactly: placing.movedTokens == 0, lastColumn: placing.lastColumn
      ) { windows in
        shown(mode: mode, frame: frame, windows: windows).flatMap { $0.flatMap { $0.cell.drawnValues } }
      }
    }
    return layout(mode: Self.modes[cut.legend], frame: cut.frame, available: available)
  }

  private func maxWidth(_ mode: ValueLegend.Mode) -> Int { mode == .inline ? maxInlineWidth : 1 }

  /// Places every row's instants, measured under `mode`, at `frame`.
  private func place(
    mode: ValueLegend.Mode, frame: VirtualInterval, abandonsWhenInexact: Bool,
    visit: (_ row: Int, _ cell: InstantCell, _ column: Int) -> Void
  ) -> TextLayout.Placing {
    let maxWidth = maxWidth(mode)
    let measured = rows.lazy.map { RowInstants($0) { ValueLegend.inlineWidth($0, maxWidth: maxWidth) } }
    return TextLayout.place(
      rows: measured, step: max(frame.nanoseconds, 1), running: running, endTime: endTime,
      abandonsWhenInexact: abandonsWhenInexact
    ) { row, _, cell, column in visit(row, cell, column) }
  }

  /// One instant kept for drawing: its cell, column and measure.
  private struct Kept {
    var cell: MarbleCell
    var column: Int
    var measure: InstantCell
    var end: Int { column + measure.width }
  }

  /// Per row, the instants whose tokens lie whole inside `windows`.
  private func shown(mode: ValueLegend.Mode, frame: VirtualInterval, windows: [ClosedRange<Int>]) -> [[Kept]] {
    var shown: [[Kept]] = rows.map { _ in [] }
    _ = place(mode: mode, frame: frame, abandonsWhenInexact: false) { row, measure, column in
      let end = column + measure.width
      guard windows.contains(where: { $0.contains(column) && $0.contains(end - 1) }) else { return }
      shown[row].append(Kept(cell: measure.cell(in: rows[row]), column: column, measure: measure))
    }
    return shown
  }

  /// The layout at `frame` with tokens only for the instants that reach
  /// into the columns shown, and per row the ones `TextLayout.Row.marbles`
  /// and the axis also read: the last before each window (whether the row
  /// is live there) and the row's last.
  private func layout(
    mode: ValueLegend.Mode, frame: VirtualInterval, available: Int
  ) -> (layout: TextLayout, relabelled: (ValueLegend) -> TextLayout) {
    let lastColumn = place(mode: mode, frame: frame, abandonsWhenInexact: false) { _, _, _ in }.lastColumn
    let windows = TextLayout.windows(lastColumn: lastColumn, available: available)
    var reaching: [[(measure: InstantCell, column: Int)]] = rows.map { _ in [] }
    var before: [[(measure: InstantCell, column: Int)?]] = rows.map { _ in windows.map { _ in nil } }
    var last: [(measure: InstantCell, column: Int)?] = rows.map { _ in nil }
    let placing = place(mode: mode, frame: frame, abandonsWhenInexact: false) { row, measure, column in
      let end = column + measure.width
      if windows.contains(where: { column <= $0.upperBound && end - 1 >= $0.lowerBound }) {
        reaching[row].append((measure, column))
      }
      for (index, window) in windows.enumerated() where end <= window.lowerBound {
        before[row][index] = (measure, column)
      }
      last[row] = (measure, column)
    }
    let kept = rows.indices.map { row in
      var columns = Set<Int>()
      return (reaching[row] + before[row].compactMap { $0 } + [last[row]].compactMap { $0 })
        .sorted { $0.column < $1.column }
        .filter { columns.insert($0.column).inserted }
        .map { Kept(cell: $0.measure.cell(in: rows[row]), column: $0.column, measure: $0.measure) }
    }
    // The legend of what is on screen, as the cut diagram makes it.
    let visible = kept.flatMap { row in
      row.filter { kept in windows.contains { $0.contains(kept.column) && $0.contains(kept.end - 1) } }
        .flatMap(\.cell.drawnValues)
    }
    func relabelled(_ legend: ValueLegend) -> TextLayout {
      let tokens = kept.map { row in
        row.map {
          TextLayout.Placed(
            column: $0.column, token: MarbleToken.make($0.cell, legend: legend).token,
            isLiveAfter: $0.measure.isLiveAfter, values: $0.cell.drawnValues)
        }
      }
      return TextLayout(frame: frame, legend: legend, tokens: tokens, placing: placing, mergedInstants: false)
    }
    let legend = ValueLegend(values: visible, mode: mode, maxInlineWidth: maxInlineWidth)
    return (relabelled(legend), relabelled)
  }
}
