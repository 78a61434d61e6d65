/// What a piece of diagram text is, so that colour can be added after the
/// layout has been measured in plain characters.
enum TextStyle {
  case plain
  case value
  case finished
  case failed
  /// `^`, `!`: the subscriber's own acts.
  case lifecycle
  /// `…` and `~`: what the diagram could not show.
  case elided
  /// `×`: a value dropped for want of demand, drawn dim beside what was sent.
  case dropped
  case output
  case axis

  /// The ANSI SGR code, or nil for text that stays uncoloured.
  private var code: String? {
    switch self {
    case .plain: return nil
    case .value: return "36"
    case .finished: return "32"
    case .failed: return "31"
    case .lifecycle: return "33"
    case .elided: return "35"
    case .dropped: return "2"
    case .output: return "1"
    case .axis: return "2"
    }
  }

  /// `text` wrapped in this style's escape codes when `color` is on.
  func apply(to text: String, color: Bool) -> String {
    guard color, let code, !text.isEmpty else { return text }
    return "\u{1B}[\(code)m\(text)\u{1B}[0m"
  }
}
