/// One line of source with a caret and underline under a range of it, cut to
/// a window a terminal can show and with control characters made visible.
///
/// A 100 KB line would otherwise be echoed whole with 100 KB of `~` under it,
/// and raw control bytes (escape sequences from a binary file) would reach
/// the terminal and act there.
public struct CaretLine: Equatable {
  /// How many columns of the line are shown at most, ellipses included,
  /// unless the caller knows the terminal's width.
  public static let maximumWidth = 80
  /// How many columns before the caret a cut line keeps, so the student sees
  /// what leads up to the problem.
  static let contextBeforeCaret = 30

  /// The line as shown: escaped, and cut with `…` where it goes on.
  public var text: String
  /// Spaces (and the line's own tabs) up to the caret, then `^~~~`.
  public var marker: String

  /// - Parameters:
  ///   - line: the whole line, without its newline.
  ///   - column: the caret's 1-based column in characters.
  ///   - width: how many characters the underline covers (at least 1).
  ///   - maximumWidth: the columns the line may take: a terminal narrower
  ///     than the line would wrap it and leave the caret under another character.
  public init(_ line: String, column: Int, width: Int, maximumWidth: Int = CaretLine.maximumWidth) {
    let maximumWidth = max(maximumWidth, 10)
    let contextBeforeCaret = min(Self.contextBeforeCaret, maximumWidth * 3 / 8)
    // Every cell takes a column at least, so no window reaches further than
    // `maximumWidth` characters from the caret: a long line is cut to that
    // before its characters are looked at one by one (the rest is `…`).
    var characters = Array(line)
    var column = column
    let reach = maximumWidth + max(1, width)
    var cutLeft = false
    var cutRight = false
    if characters.count > 2 * reach + 2 {
      let caretIndex = max(0, min(column - 1, characters.count))
      let start = max(0, caretIndex - reach)
      let end = min(characters.count, caretIndex + reach)
      cutLeft = start > 0
      cutRight = end < characters.count
      characters = Array(characters[start..<end])
      column -= start
    }
    let cells = characters.map(Self.shown)
    let caret = max(0, min(column - 1, cells.count))
    let underlineEnd = min(cells.count, caret + max(1, width))
    let total = cells.reduce(0) { $0 + $1.count }
    var lower = 0
    var upper = cells.count
    if total > maximumWidth || cutLeft || cutRight {
      // Room for the line itself once two ellipses are reserved.
      let room = maximumWidth - 2
      lower = caret
      var used = 0
      while lower > 0, used + cells[lower - 1].count <= contextBeforeCaret {
        lower -= 1
        used += cells[lower].count
      }
      upper = caret
      while upper < cells.count, used + cells[upper].count <= room {
        used += cells[upper].count
        upper += 1
      }
      // A caret near the end of the line: show more of what comes before.
      while lower > 0, used + cells[lower - 1].count <= room {
        lower -= 1
        used += cells[lower].count
      }
    }
    let cutBefore = lower > 0 || cutLeft
    let cutAfter = upper < cells.count || cutRight
    text = (cutBefore ? "…" : "") + cells[lower..<upper].joined() + (cutAfter ? "…" : "")
    var marker = cutBefore ? " " : ""
    for cell in cells[lower..<min(caret, upper)] {
      marker += cell == "\t" ? "\t" : String(repeating: " ", count: cell.count)
    }
    let underlined = cells[min(caret, upper)..<max(min(underlineEnd, upper), min(caret, upper))]
    let underlineWidth = max(1, underlined.reduce(0) { $0 + $1.count })
    marker += "^" + String(repeating: "~", count: underlineWidth - 1)
    self.marker = marker
  }

  /// How a character is shown: control characters (other than tab) as
  /// `\u{1B}`, everything else as itself.
  static func shown(_ character: Character) -> String {
    guard character != "\t", character.unicodeScalars.contains(where: Self.isControl) else {
      return String(character)
    }
    return character.unicodeScalars.map { scalar in
      Self.isControl(scalar) ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
    }.joined()
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .control
  }
}

extension String {
  /// The text with control characters (newlines and tabs included) shown as
  /// `\u{…}`, and cut in the middle with `…` beyond `maximumLength`
  /// characters: for one-line messages that quote what a student typed.
  public func escapedForOneLine(maximumLength: Int = 200) -> String {
    var shown = ""
    for character in self {
      shown += character == "\t" ? "\\u{9}" : CaretLine.shown(character)
    }
    guard shown.count > maximumLength else { return shown }
    let half = (maximumLength - 1) / 2
    return String(shown.prefix(half)) + "…" + String(shown.suffix(maximumLength - 1 - half))
  }
}
