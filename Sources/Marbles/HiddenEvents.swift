import StreamCore

/// The events of one row that a cut diagram does not draw, counted so that
/// the row can say in words what it leaves out and where:
/// `… 3 more values 2000–2300ms`. A diagram never drops an event silently.
struct HiddenEvents: Hashable {
  /// Values left out, those of a whole group included.
  var values = 0
  /// Other events left out: `|`, `#`, `^`, `!`, `×`.
  var others = 0
  /// The first and last times of the events left out.
  var first: VirtualTime?
  var last: VirtualTime?

  var isEmpty: Bool { values + others == 0 }

  /// Counts a token not drawn: `values` values and `others` other events at `time`.
  mutating func add(values: Int, others: Int, at time: VirtualTime) {
    guard values + others > 0 else { return }
    self.values += values
    self.others += others
    first = min(first ?? time, time)
    last = max(last ?? time, time)
  }

  /// `… 3 more values 2000–2300ms`, `… 1 more value at 700ms`, or `… 4 more
  /// events …` when some of them are not values; nil when nothing is left out.
  var sentence: String? {
    guard let first, let last, !isEmpty else { return nil }
    let count = values + others
    let noun = others == 0 ? (count == 1 ? "value" : "values") : (count == 1 ? "event" : "events")
    let when =
      first == last ? "at \(Milliseconds.text(first))ms" : "\(Milliseconds.text(first))–\(Milliseconds.text(last))ms"
    return "\u{2026} \(count) more \(noun) \(when)"
  }
}

extension MarbleCell {
  /// The events this cell's token stands for: every value (those an
  /// overlong group writes as `~` too) and every other event.
  var eventCounts: (values: Int, others: Int) {
    let kept = values.count
    return (valueCount, events.count - kept)
  }
}

extension HiddenEvents {
  /// Counts an instant of a long run not drawn, read off its recorded events.
  mutating func add(_ cell: InstantCell, in events: TimelineEvents) {
    var values = 0
    var others = 0
    for position in cell.instant.events where RowInstants.draws(at: position, in: events) {
      if events.intValue(at: position) != nil {
        values += 1
      } else if case .value = events.kind(at: position) {
        values += 1
      } else {
        others += 1
      }
    }
    add(values: values, others: others, at: cell.time)
  }
}
