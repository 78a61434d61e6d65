import StreamCore

extension RunResult {
  /// The most events per row the diagram of an interrupted run draws.
  ///
  /// A run stopped by Ctrl-C may have recorded a million events, and drawing
  /// them takes far longer than the student wants to wait after pressing it.
  /// A diagram too long for the terminal shows only its start and its end,
  /// so the first and last events of each row draw the same picture at once.
  static let eventsDrawnAfterInterrupt = 500

  /// This run with each row cut to its first and last `count / 2` events,
  /// and a note saying so; unchanged when no row is longer.
  func keepingEndsOfRows(_ count: Int) -> RunResult {
    let total = rows.reduce(0) { $0 + $1.events.count }
    guard rows.contains(where: { $0.events.count > count }) else { return self }
    var cut = self
    cut.rows = rows.map { row in
      var row = row
      if row.events.count > count {
        // Appended into a new row: `prefix + suffix` would be a slice of the
        // whole row, rebuilt (millions of events) at each of its inserts.
        var ends = TimelineEvents()
        ends.reserveCapacity(count)
        ends.append(contentsOf: row.events.prefix(count / 2))
        ends.append(contentsOf: row.events.suffix(count - count / 2))
        row.events = ends
      }
      return row
    }
    cut.notes.append(
      "after Ctrl-C the diagram was drawn from the first and last \(count / 2) events of each row; "
        + "the run recorded \(total) in all")
    return cut
  }
}
