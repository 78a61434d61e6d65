import StreamCore

/// The text of one cell in a text diagram: `2`, `|`, `(2 4 6 |)`.
struct MarbleToken: Hashable {
  var parts: [StyledText]

  /// The mark of a value a stage dropped for want of demand.
  static let dropMark = "\u{00D7}"

  /// The mark of a task going on after an `await` (a task row's value):
  /// plain ASCII, so it is drawn as itself, never given a legend letter.
  static let taskResume = "o"

  /// The most values a group shows before the rest are replaced by `~`.
  static let maxGroupValues = 6

  /// Builds the token of `cell`, writing values through `legend`. Returns the
  /// token and how many values it left out of an overlong group.
  static func make(_ cell: MarbleCell, legend: ValueLegend) -> (token: MarbleToken, leftOut: Int) {
    let valueCount = cell.valueCount
    // An overlong group keeps its first values and its last one, so it still
    // shows how it starts and where it ends; `~` stands for the rest.
    let hidden = valueCount > maxGroupValues ? (maxGroupValues - 1)..<(valueCount - 1) : 0..<0
    var symbols: [StyledText] = []
    var kept = 0
    // A resubscription in the instant the row ended (`retry`) keeps its `^`:
    // it is the one mark that tells a second attempt from the first.
    for kind in cell.events {
      if case .value = kind {
        // The cell holds no value it will not draw, save its `~` (the first hidden).
        let valueIndex = cell.valueIndex(ofKept: kept)
        kept += 1
        if hidden.contains(valueIndex) {
          if valueIndex == hidden.lowerBound { symbols.append(StyledText("~", .elided)) }
          continue
        }
      }
      symbols.append(symbol(for: kind, legend: legend))
    }
    let leftOut = hidden.count
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
    case .dropped: return StyledText(dropMark, .dropped)
    // Never drawn: cells hold no demand.
    case .requested: return StyledText("")
    }
  }

  var width: Int { parts.width }
  var text: String { parts.map(\.text).joined() }

  /// True for a single value, which needs a gap before another value.
  var isBareValue: Bool { parts.count == 1 && parts[0].style == .value }
}
