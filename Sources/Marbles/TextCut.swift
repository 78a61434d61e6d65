import StreamCore

/// The columns of a text layout that a diagram shows, ` ~ ` between two
/// windows, and what each row leaves out.
///
/// A cut removes only stretches in which no row draws anything, so every
/// event stays on screen. Only a run too dense for the width (more tokens
/// than columns, whatever the frame) keeps its start and its end and cuts
/// through events; each row then says in words how many of its events it
/// leaves out and when (`HiddenEvents`).
struct TextCut {
  /// The column ranges shown, left to right; one when nothing is cut.
  let windows: [ClosedRange<Int>]
  /// Per row, the events no window draws whole.
  let hidden: [HiddenEvents]

  var hidesEvents: Bool { hidden.contains { !$0.isEmpty } }

  /// The cut of `layout`, drawn in `available` columns.
  ///
  /// - Parameter ranks: per row, how much it matters that all its events
  ///   are drawn: 0 for an output, 1 for another row of its own (a source,
  ///   an exercise's expected row), 2 for a row under another (a stage of a
  ///   bound pipeline, an inner stream). When no cut of empty time fits, a
  ///   cut through the events of the rows that matter least is tried before
  ///   one through every row's.
  init(_ layout: TextLayout, available: Int, ranks: [Int]? = nil) {
    let ranks = ranks ?? layout.rows.map { _ in 0 }
    let endLabel = Self.endLabel(lastColumn: layout.lastColumn, frame: layout.frame)
    var windows: [ClosedRange<Int>]?
    for rank in Set(ranks).sorted(by: >) where windows == nil {
      let kept = zip(layout.rows, ranks).filter { $0.1 <= rank }.map(\.0)
      windows =
        Self.emptyStretchWindows(
          occupied: TextLayout.occupiedColumns(of: kept), lastColumn: layout.lastColumn, available: available,
          endLabel: endLabel)?
        .windows
    }
    let chosen = windows ?? Self.headAndTailWindows(lastColumn: layout.lastColumn, available: available)
    self.init(windows: chosen, hidden: layout.hiddenEvents(outside: chosen))
  }

  init(windows: [ClosedRange<Int>], hidden: [HiddenEvents]) {
    self.windows = windows
    self.hidden = hidden
  }

  /// Windows that leave out only columns where no row draws anything
  /// (`occupied`, merged and in order), as few cuts as will do, and the
  /// empty columns kept beside each cut; nil when cutting the empty
  /// stretches does not make the layout fit.
  ///
  /// A cut keeps an empty column on each side, so that ` ~ ` does not touch
  /// a token, and room after the last column for the axis's last label
  /// (`endLabel` columns), when it can; it always keeps the first column
  /// (0 on the axis) and the last.
  static func emptyStretchWindows(
    occupied: [ClosedRange<Int>], lastColumn: Int, available: Int, endLabel: Int
  ) -> (windows: [ClosedRange<Int>], margin: Int)? {
    guard lastColumn + 1 > available else { return ([0...lastColumn], 1) }
    // Fewest cuts first: a margin or a label is not worth another ` ~ `.
    var best: (windows: [ClosedRange<Int>], margin: Int)?
    for margin in [1, 0] {
      for room in [available - endLabel, available] where room >= 4 {
        guard let windows = cutting(occupied: occupied, lastColumn: lastColumn, available: room, margin: margin),
          windows.count < best.map({ $0.windows.count }) ?? .max
        else { continue }
        best = (windows, margin)
      }
    }
    return best
  }

  private static func cutting(
    occupied: [ClosedRange<Int>], lastColumn: Int, available: Int, margin: Int
  ) -> [ClosedRange<Int>]? {
    let needed = lastColumn + 1 - available
    // A cut costs three columns, so only a stretch of four or more is worth it.
    var stretches: [ClosedRange<Int>] = []
    var free = 0
    for span in occupied + [(lastColumn + 1)...(lastColumn + 1)] {
      let start = max(free + margin, 1)
      let end = span.lowerBound - 1 - (span.lowerBound > lastColumn ? max(margin, 1) : margin)
      if end - start + 1 > 3 { stretches.append(start...end) }
      free = max(free, span.upperBound + 1)
    }
    // The longest stretches first: the fewest cuts that make the room.
    var cuts: [ClosedRange<Int>] = []
    var saved = 0
    for stretch in stretches.sorted(by: { ($0.count, $1.lowerBound) > ($1.count, $0.lowerBound) }) {
      guard saved < needed else { break }
      cuts.append(stretch)
      saved += stretch.count - 3
    }
    guard saved >= needed, let last = cuts.popLast() else { return nil }
    // The last cut takes only the columns still wanted, and keeps those
    // right after the event before it.
    cuts.append((last.lowerBound + saved - needed)...last.upperBound)
    var windows: [ClosedRange<Int>] = []
    var start = 0
    for cut in cuts.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      windows.append(start...(cut.lowerBound - 1))
      start = cut.upperBound + 1
    }
    windows.append(start...lastColumn)
    return windows
  }

  /// The columns the axis's last label takes past the end (`4000ms`).
  static func endLabel(lastColumn: Int, frame: VirtualInterval) -> Int {
    let (time, overflow) = lastColumn.multipliedReportingOverflow(by: max(frame.nanoseconds, 1))
    return Milliseconds.text(overflow ? Int.max : time).count + 2
  }

  /// The start and the end of the run with ` ~ ` between: for a run whose
  /// events leave no empty stretch long enough to cut.
  static func headAndTailWindows(lastColumn: Int, available: Int) -> [ClosedRange<Int>] {
    guard lastColumn + 1 > available else { return [0...lastColumn] }
    let usable = max(available - 3, 4)
    let tail = max(usable / 3, 2)
    let head = usable - tail
    return [0...(head - 1), (lastColumn - tail + 1)...lastColumn]
  }

  /// `spans` merged where they overlap or touch, in order.
  static func merged(_ spans: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
    var merged: [ClosedRange<Int>] = []
    for span in spans.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = merged.last, span.lowerBound <= last.upperBound + 1 {
        merged[merged.count - 1] = last.lowerBound...max(last.upperBound, span.upperBound)
      } else {
        merged.append(span)
      }
    }
    return merged
  }
}

extension TextLayout {
  /// The columns some row draws in (a token, or `…`), merged and in order.
  var occupiedColumns: [ClosedRange<Int>] { Self.occupiedColumns(of: rows) }

  static func occupiedColumns(of rows: [Row]) -> [ClosedRange<Int>] {
    TextCut.merged(
      rows.flatMap { row in
        row.tokens.map { $0.column...($0.end - 1) } + (row.runningColumn.map { [$0...$0] } ?? [])
      })
  }

  /// Per row, the events of the tokens no window holds whole.
  func hiddenEvents(outside windows: [ClosedRange<Int>]) -> [HiddenEvents] {
    rows.map { row in
      var hidden = HiddenEvents()
      for placed in row.tokens where !placed.isWhole(in: windows) {
        hidden.add(values: placed.eventCounts.values, others: placed.eventCounts.others, at: placed.time)
      }
      return hidden
    }
  }
}
