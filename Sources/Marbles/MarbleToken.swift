import StreamCore

/// The text of one cell in a text diagram: `2`, `|`, `(2 4 6 |)`.
struct MarbleToken: Hashable {
  var parts: [StyledText]

  /// The most values a group shows before the rest are replaced by `~`.
  static let maxGroupValues = 6

  /// Builds the token of `cell`, writing values through `legend`. Returns the
  /// token and how many values it left out of an overlong group.
  static func make(_ cell: MarbleCell, legend: ValueLegend) -> (token: MarbleToken, leftOut: Int) {
    // A resubscription in the instant the row ended (`retry`) needs no `^`:
    // the events after it show the row is live again.
    var events: [TimelineEvent.Kind] = []
    for kind in cell.events {
      if kind == .subscribed, let last = events.last, last.isTerminal {
        continue
      }
      events.append(kind)
    }
    var symbols = events.map { symbol(for: $0, legend: legend) }
    var leftOut = 0
    let valueIndices = events.indices.filter {
      if case .value = events[$0] { return true }
      return false
    }
    if valueIndices.count > maxGroupValues {
      // Keep the first values and the last one, so the group still shows how
      // it starts and where it ends.
      let hidden = valueIndices[(maxGroupValues - 1)..<(valueIndices.count - 1)]
      leftOut = hidden.count
      let keep = Set(events.indices).subtracting(hidden)
      var shortened: [StyledText] = []
      for index in events.indices {
        if keep.contains(index) {
          shortened.append(symbols[index])
        } else if index == hidden.first {
          shortened.append(StyledText("~", .elided))
        }
      }
      symbols = shortened
    }
    guard symbols.count > 1 else { return (MarbleToken(parts: symbols), leftOut) }
    var parts = [StyledText("(")]
    for (offset, symbol) in symbols.enumerated() {
      if offset > 0 { parts.append(StyledText(" ")) }
      parts.append(symbol)
    }
    parts.append(StyledText(")"))
    return (MarbleToken(parts: parts), leftOut)
  }

  private static func symbol(for kind: TimelineEvent.Kind, legend: ValueLegend) -> StyledText {
    switch kind {
    case .value(let value): return StyledText(legend.token(for: value), .value)
    case .finished: return StyledText("|", .finished)
    case .failed: return StyledText("#", .failed)
    case .subscribed: return StyledText("^", .lifecycle)
    case .cancelled: return StyledText("!", .lifecycle)
    // Never drawn: cells hold marble events only.
    case .requested, .dropped: return StyledText("")
    }
  }

  var width: Int { parts.width }
  var text: String { parts.map(\.text).joined() }

  /// True for a single value, which needs a gap before another value.
  var isBareValue: Bool { parts.count == 1 && parts[0].style == .value }
}
