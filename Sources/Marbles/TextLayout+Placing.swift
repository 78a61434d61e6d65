import StreamCore

/// What placing a cell's token needs to know of it, whether the token was
/// made (`TextLayout.Tokens.Cell`) or only measured (`InstantCell`).
protocol PlaceableCell {
  var time: VirtualTime { get }
  /// The token's width in columns.
  var width: Int { get }
  /// True for a single value, which needs a gap before another value.
  var isBareValue: Bool { get }
  /// Values of an overlong group replaced by `~`.
  var leftOut: Int { get }
  /// Whether the row is live after this cell.
  var isLiveAfter: Bool { get }
}

extension TextLayout {
  /// What placing the tokens at one frame came to, without the placed tokens.
  struct Placing {
    var movedTokens = 0
    var leftOutValues = 0
    var lastColumn: Int
    /// Per row placed in full: the column of its `…`, and whether it is live at the end.
    var rows: [(runningColumn: Int?, isLiveAtEnd: Bool)] = []
  }

  /// Places every row's tokens left to right at `step`, handing each one's
  /// row, index in the row, cell and column to `visit`: the one place the
  /// columns are worked out, for a layout, for a frame only being tried, and
  /// for a long run whose tokens are only measured.
  ///
  /// - Parameter abandonsWhenInexact: stop at the first moved token (that
  ///   row and the rest are left out of `rows`).
  static func place<Rows: Sequence>(
    rows: Rows, step: Int, running: Bool, endTime: VirtualTime, abandonsWhenInexact: Bool,
    visit: (_ row: Int, _ index: Int, _ cell: Rows.Element.Element, _ column: Int) -> Void
  ) -> Placing where Rows.Element: Sequence, Rows.Element.Element: PlaceableCell {
    let endColumn = column(of: endTime, step: step)
    var placing = Placing(lastColumn: endColumn)
    rowLoop: for (rowIndex, row) in rows.enumerated() {
      var previous: (width: Int, isBareValue: Bool)?
      var previousEnd = 0
      var live = true
      for (index, cell) in row.enumerated() {
        placing.leftOutValues += cell.leftOut
        var column = column(of: cell.time, step: step)
        if let previous {
          // Two values side by side need a dash between them unless both are
          // one character (`12` could be twelve; `-1-2` is what a student types).
          let needsGap =
            previous.isBareValue && cell.isBareValue && !(previous.width == 1 && cell.width == 1)
          let earliest = previousEnd + (needsGap ? 1 : 0)
          if column < earliest {
            column = earliest
            placing.movedTokens += 1
            if abandonsWhenInexact { break rowLoop }
          }
        }
        live = cell.isLiveAfter
        previous = (cell.width, cell.isBareValue)
        previousEnd = column + cell.width
        visit(rowIndex, index, cell, column)
      }
      var runningColumn: Int?
      if running && live {
        // Dashes through the instant the run stopped, then `…`.
        let column = max(endColumn + 1, previous == nil ? 0 : previousEnd)
        runningColumn = column
        placing.lastColumn = max(placing.lastColumn, column)
      }
      if previous != nil { placing.lastColumn = max(placing.lastColumn, previousEnd - 1) }
      placing.rows.append((runningColumn, live))
    }
    return placing
  }
}
