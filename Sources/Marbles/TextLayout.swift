import StreamCore

/// Where every token of a text diagram goes, in columns of one frame.
struct TextLayout {
  /// One token at its column.
  struct Placed {
    var column: Int
    var token: MarbleToken
    /// Whether the row is live after this token (see `MarbleCell.isLive(after:)`).
    var isLiveAfter: Bool
    /// The values the token draws, for the legend of what is visible.
    var values: [Value]
    /// The instant the token stands for, and how many events it holds, for
    /// a row to say what a cut leaves out.
    var time: VirtualTime
    var eventCounts: (values: Int, others: Int)
    var end: Int { column + token.width }

    /// True when some window holds the whole token: a token cut by a
    /// window's edge is not drawn.
    func isWhole(in windows: [ClosedRange<Int>]) -> Bool {
      windows.contains { $0.contains(column) && $0.contains(end - 1) }
    }
  }

  /// One row's tokens, left to right.
  struct Row {
    var tokens: [Placed]
    /// The column of `…` for a row still running when the run was cut short.
    var runningColumn: Int?
    /// Whether the row is live after its last event.
    var isLiveAtEnd: Bool
  }

  let frame: VirtualInterval
  let legend: ValueLegend
  let rows: [Row]
  /// The last column any row or the axis uses.
  let lastColumn: Int
  /// Tokens drawn later than their time because an earlier one took their
  /// place (only with a `scale` too coarse for the events).
  let movedTokens: Int
  /// Values replaced by `~` in overlong groups.
  let leftOutValues: Int
  /// True when some events at different times share a column (a `scale`
  /// that does not divide the event times).
  let mergedInstants: Bool

  var width: Int { lastColumn + 1 }

  /// The values of the tokens drawn whole inside `windows`, in order, so the
  /// legend explains what is on screen and nothing else.
  func visibleValues(in windows: [ClosedRange<Int>]) -> [Value] {
    rows.flatMap { row in
      row.tokens.filter { $0.isWhole(in: windows) }.flatMap(\.values)
    }
  }
  var fitsExactly: Bool { movedTokens == 0 }

  /// Lays `cells` (one array per row) out at `frame`.
  ///
  /// - Parameters:
  ///   - running: per row, whether it is drawn as still running (`…`) when it is live at the end.
  ///   - endTime: when the run ended; the axis reaches it.
  ///   - abandonsWhenInexact: stop at the first moved token; the caller only
  ///     wants exact layouts, and a dense run is slow to lay out in full.
  init(
    cells: [[MarbleCell]], running: Bool, endTime: VirtualTime, frame: VirtualInterval, legend: ValueLegend,
    abandonsWhenInexact: Bool = false
  ) {
    let step = max(frame.nanoseconds, 1)
    var merged = false
    let mergedCells = cells.map { Self.mergedByColumn($0, step: step, merged: &merged) }
    self.init(
      tokens: Tokens(cells: mergedCells, legend: legend), running: running, endTime: endTime, frame: frame,
      abandonsWhenInexact: abandonsWhenInexact, mergedInstants: merged)
  }

  /// Places tokens made once (see `Tokens`) at `frame`, which must keep
  /// their instants apart (`Tokens.keepsInstantsApart`) unless they were
  /// merged for it; `mergedInstants` says whether they were.
  init(
    tokens: Tokens, running: Bool, endTime: VirtualTime, frame: VirtualInterval, abandonsWhenInexact: Bool = false,
    mergedInstants: Bool = false
  ) {
    var placed = tokens.rows.map { row in
      var placed: [Placed] = []
      placed.reserveCapacity(row.count)
      return placed
    }
    let placing = tokens.place(
      step: max(frame.nanoseconds, 1), running: running, endTime: endTime, abandonsWhenInexact: abandonsWhenInexact
    ) { row, index, column in
      let cell = tokens.rows[row][index]
      placed[row].append(
        Placed(
          column: column, token: cell.token, isLiveAfter: cell.isLiveAfter, values: cell.values, time: cell.time,
          eventCounts: cell.eventCounts))
    }
    self.init(frame: frame, legend: tokens.legend, tokens: placed, placing: placing, mergedInstants: mergedInstants)
  }

  /// A layout of `tokens` (per row, left to right) placed as `placing` says.
  init(frame: VirtualInterval, legend: ValueLegend, tokens: [[Placed]], placing: Placing, mergedInstants: Bool) {
    self.frame = frame
    self.legend = legend
    self.rows = zip(tokens, placing.rows).map {
      Row(tokens: $0, runningColumn: $1.runningColumn, isLiveAtEnd: $1.isLiveAtEnd)
    }
    self.lastColumn = placing.lastColumn
    self.movedTokens = placing.movedTokens
    self.leftOutValues = placing.leftOutValues
    self.mergedInstants = mergedInstants
  }

  /// The column of `time`, kept far enough from `Int.max` that adding a
  /// token's width cannot overflow (a timer clamped to the end of time).
  static func column(of time: VirtualTime, step: Int) -> Int {
    min(max(time.nanoseconds, 0) / step, Int.max / 4)
  }

  /// Joins cells that fall into the same column, which happens only when the
  /// frame does not divide their times: they then share one frame, as a group.
  private static func mergedByColumn(_ cells: [MarbleCell], step: Int, merged: inout Bool) -> [MarbleCell] {
    // The common case, a frame that divides every time, shares the row as it
    // is: copying a long run's million cells cost more than laying them out.
    let apart = cells.indices.dropFirst().allSatisfy {
      cells[$0 - 1].time.nanoseconds / step != cells[$0].time.nanoseconds / step
    }
    if apart { return cells }
    var result: [MarbleCell] = []
    for cell in cells {
      if let last = result.last?.time, last.nanoseconds / step == cell.time.nanoseconds / step {
        result[result.count - 1].append(contentsOf: cell)
        merged = true
      } else {
        result.append(cell)
      }
    }
    return result
  }
}
