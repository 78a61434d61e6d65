import StreamCore

/// How one event is written in a marble string, the inverse of `MarbleDiagram`'s reading.
enum MarbleSpelling {
  /// Characters that mean something in a marble string, never a one-character value.
  private static let reserved: Set<Character> = ["-", "|", "#", "(", ")", "'", " ", "\"", "\\"]

  static func text(for kind: TimedEvent.Kind) -> String {
    switch kind {
    case .finished: return "|"
    case .failed: return "#"
    case .value(.int(let number)): return (0...9).contains(number) ? "\(number)" : "'\(number)'"
    case .value(.string(let text)):
      if text.count == 1, let character = text.first, !reserved.contains(character), !character.isNumber {
        return text
      }
      return "'\(text)'"
    case .value(let value): return "'\(value)'"
    }
  }
}
