import StreamCore

extension TextLayout {
  /// Every row's tokens under one legend, made once and then placed at as
  /// many frames as the layout tries.
  ///
  /// A token depends on its cell and the legend, never on the frame, unless
  /// the frame puts two instants in one column (then they merge into one
  /// group). Making them per try cost most of the text diagram of a long run:
  /// a million instants were made into tokens ten times over.
  struct Tokens {
    /// One cell's token and what the layout needs to know about it.
    struct Cell: PlaceableCell {
      var time: VirtualTime
      var token: MarbleToken
      /// Values of an overlong group replaced by `~`.
      var leftOut: Int
      /// The values the token draws.
      var values: [Value]
      /// Whether the row is live after this cell.
      var isLiveAfter: Bool
      /// The token's width and `isBareValue`, worked out once: a width
      /// counts characters, which placing a million tokens ten times felt.
      var width: Int
      var isBareValue: Bool
      /// The events the token stands for (see `MarbleCell.eventCounts`).
      var eventCounts: (values: Int, others: Int)
    }

    let legend: ValueLegend
    let rows: [[Cell]]

    init(cells: [[MarbleCell]], legend: ValueLegend) {
      self.legend = legend
      rows = cells.map { rowCells in
        var live = true
        return rowCells.map { cell in
          let (token, leftOut) = MarbleToken.make(cell, legend: legend)
          live = cell.isLive(after: live)
          return Cell(
            time: cell.time, token: token, leftOut: leftOut, values: cell.drawnValues, isLiveAfter: live,
            width: token.width, isBareValue: token.isBareValue, eventCounts: cell.eventCounts)
        }
      }
    }

    /// True when no two neighbouring cells of a row fall into one column at
    /// `step`: the tokens can then be placed as they are, unmerged.
    func keepsInstantsApart(step: Int) -> Bool {
      rows.allSatisfy { row in
        row.indices.dropFirst().allSatisfy { row[$0 - 1].time.nanoseconds / step != row[$0].time.nanoseconds / step }
      }
    }
  }
}

extension TextLayout.Tokens {
  /// Places every token left to right at `step` (see `TextLayout.place`).
  func place(
    step: Int, running: Bool, endTime: VirtualTime, abandonsWhenInexact: Bool,
    visit: (_ row: Int, _ index: Int, _ column: Int) -> Void
  ) -> TextLayout.Placing {
    TextLayout.place(
      rows: rows, step: step, running: running, endTime: endTime, abandonsWhenInexact: abandonsWhenInexact
    ) { row, index, _, column in visit(row, index, column) }
  }

  /// The values of the tokens drawn whole inside `windows` at `step`, in
  /// order: `TextLayout.visibleValues` without making the layout.
  func visibleValues(in windows: [ClosedRange<Int>], step: Int, running: Bool, endTime: VirtualTime) -> [Value] {
    var values: [Value] = []
    _ = place(step: step, running: running, endTime: endTime, abandonsWhenInexact: false) { row, index, column in
      let cell = rows[row][index]
      let end = column + cell.width
      if windows.contains(where: { $0.contains(column) && $0.contains(end - 1) }) { values += cell.values }
    }
    return values
  }
}
