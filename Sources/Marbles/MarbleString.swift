import StreamCore

/// The marble string of one row, to be fed back as `marbles "…" frame F`.
///
/// It follows streamlab's marble grammar: `-` is one frame, a value is one
/// frame, a group `( )` of same-instant events is one frame, `|` finishes,
/// `#` fails. So a row drawn in the text diagram as `i-ip------iph--|` (where
/// `ip` covers two columns of time) is fed back as `i-'ip'------'iph'--------|`.
///
/// Only what a source can do is written: values, finishing and failing. A
/// subscription (`^`), a cancellation (`!`) and "still running" (`…`) are the
/// subscriber's doing or the run's, so they are left out, and a row that has
/// not ended is written without a terminal (the source stays open).
public enum MarbleString {
  /// The row at `frame`, or nil when no marble string reproduces it exactly:
  /// an event falls between frames, a value is neither an Int nor a string
  /// the grammar can spell, or events follow a terminal (a `retry`'s resubscription).
  public static func render(_ timeline: Timeline, frame: VirtualInterval) -> String? {
    guard frame.nanoseconds > 0 else { return nil }
    let cells = timeline.marbleCells.compactMap { cell -> MarbleCell? in
      let events = cell.events.filter { $0 != .subscribed && $0 != .cancelled }
      return events.isEmpty ? nil : MarbleCell(time: cell.time, events: events)
    }
    var text = ""
    var nextFrame = 0
    var ended = false
    for cell in cells {
      guard !ended, cell.time.nanoseconds % frame.nanoseconds == 0 else { return nil }
      let index = cell.time.nanoseconds / frame.nanoseconds
      // Gaps this long are not a row anyone would type; refuse rather than
      // build a string of millions of dashes.
      guard index - nextFrame <= 100_000 else { return nil }
      text += String(repeating: "-", count: index - nextFrame)
      var symbols: [String] = []
      for kind in cell.events {
        guard !ended else { return nil }
        switch kind {
        case .value(let value):
          guard let symbol = symbol(for: value) else { return nil }
          symbols.append(symbol)
        case .finished:
          symbols.append("|")
          ended = true
        case .failed:
          symbols.append("#")
          ended = true
        default:
          return nil
        }
      }
      if text.isEmpty, symbols.count == 1, symbols[0].first?.isNumber == true {
        // A digit opening the string starts a time literal when letters
        // follow it (`5s` is five seconds); quoted, it is only the number.
        symbols[0] = "'\(symbols[0])'"
      }
      text += symbols.count == 1 ? symbols[0] : "(" + symbols.joined(separator: " ") + ")"
      nextFrame = index + 1
    }
    return text
  }

  /// The row as a source to paste back: `marbles "-a---b-|" frame 100ms`.
  public static func statement(_ timeline: Timeline, frame: VirtualInterval) -> String? {
    render(timeline, frame: frame).map { "marbles \(Value.string($0)) frame \(frame)" }
  }

  /// A value as the marble grammar spells it: a digit or a letter alone,
  /// anything longer in quotes. Nil for values a marble string cannot make.
  static func symbol(for value: Value) -> String? {
    let text: String
    switch value {
    case .int(let number):
      text = String(number)
      if number >= 0 && number <= 9 { return text }
    case .string(let string):
      // `'12'` reads back as the number 12, so a string of digits cannot be written.
      guard Int(string) == nil else { return nil }
      text = string
      if string.count == 1, let character = string.first, character.isLetter, character.isASCII { return text }
    default:
      return nil
    }
    guard !text.isEmpty, !text.contains("'") else { return nil }
    return "'\(text)'"
  }
}
