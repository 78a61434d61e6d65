import StreamCore

/// What one row shows at one instant: the drawable events that happened at
/// the same virtual time, in the order they happened.
struct MarbleCell: Hashable {
  var time: VirtualTime
  var events: [TimelineEvent.Kind]

  /// The values among the events, in order.
  var values: [Value] {
    events.compactMap {
      if case .value(let value) = $0 { return value }
      return nil
    }
  }

  /// Whether the row is still live after this instant: a terminal event ends
  /// it, a later subscription (`retry` resubscribing) opens it again.
  func isLive(after wasLive: Bool) -> Bool {
    events.reduce(wasLive) { live, kind in
      kind.isTerminal ? false : kind == .subscribed ? true : live
    }
  }
}

extension Timeline {
  /// The row's marble events grouped by instant, in time order.
  ///
  /// A subscription at 0 is left out: every row starts subscribed, and only a
  /// later one (`^`) tells the student something.
  var marbleCells: [MarbleCell] { cells(of: marbleEvents) }

  /// The cells a diagram draws: the marble events and the values this stage
  /// dropped for want of demand (`×`), which a marble string cannot hold.
  var diagramCells: [MarbleCell] {
    cells(
      of: events.filter {
        if case .dropped = $0.kind { return true }
        return $0.isMarble
      })
  }

  private func cells(of drawn: [TimelineEvent]) -> [MarbleCell] {
    let events = drawn.enumerated()
      .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
      .map(\.element)
      .filter { !($0.kind == .subscribed && $0.time == .zero) }
    var cells: [MarbleCell] = []
    for event in events {
      // Compared without binding the last cell: a binding would keep a second
      // reference to its events and make every append copy them.
      if cells.last?.time == event.time {
        cells[cells.count - 1].events.append(event.kind)
      } else {
        cells.append(MarbleCell(time: event.time, events: [event.kind]))
      }
    }
    return cells
  }
}

extension TimelineEvent.Kind {
  /// True for `finished`, `failed` and `cancelled`.
  var isTerminal: Bool {
    switch self {
    case .finished, .failed, .cancelled: return true
    default: return false
    }
  }
}

extension MarbleCell {
  /// The values a text diagram draws for this cell: all of them, or the
  /// start and the end of an overlong group (the rest become `~`).
  var drawnValues: [Value] {
    let all = values
    guard all.count > MarbleToken.maxGroupValues else { return all }
    return Array(all.prefix(MarbleToken.maxGroupValues - 1)) + [all[all.count - 1]]
  }
}
