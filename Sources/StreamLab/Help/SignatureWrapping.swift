/// Wraps a Swift declaration for a terminal of a given width where a Swift
/// programmer would break it: after a parameter's comma, before `->`, before
/// `where` and before a trailing `//` comment, never inside a type such as
/// `Publishers.FlatMap<P, Self>` (a break there reads as two types).
enum SignatureWrapping {
  /// `declaration` as lines of at most `width` characters where it can, the
  /// first after `indent`, the others after `indent` and four more spaces.
  static func lines(of declaration: String, width: Int, indent: String) -> [String] {
    let continuation = indent + "    "
    var lines: [String] = []
    var current = indent
    for piece in pieces(of: declaration) {
      let isLineStart = current == indent || current == continuation
      if !isLineStart, current.count + piece.count > width {
        lines.append(trailingSpacesRemoved(current))
        current = continuation + piece.drop { $0 == " " }
      } else {
        current += piece
      }
    }
    lines.append(trailingSpacesRemoved(current))
    return lines
  }

  /// The declaration cut where a line may break; joined, they give it back.
  /// Commas inside `<…>` do not count, so generic arguments stay together,
  /// nor does a closure parameter's `->` inside `(…)`.
  static func pieces(of declaration: String) -> [String] {
    var pieces: [String] = []
    var current = ""
    var angleDepth = 0
    var parenDepth = 0
    let characters = Array(declaration)
    for (index, character) in characters.enumerated() {
      let rest = characters[index...]
      let breaksBefore = [" -> ", " where ", "  //"].contains { rest.starts(with: $0) }
      if breaksBefore, !current.isEmpty, angleDepth == 0, parenDepth == 0 {
        pieces.append(current)
        current = ""
      }
      current.append(character)
      switch character {
      case "(": parenDepth += 1
      case ")": parenDepth = max(0, parenDepth - 1)
      case "<": angleDepth += 1
      case ">" where index > 0 && characters[index - 1] != "-": angleDepth = max(0, angleDepth - 1)
      case "," where angleDepth == 0:
        pieces.append(current)
        current = ""
      default: break
      }
    }
    if !current.isEmpty { pieces.append(current) }
    return pieces
  }

  private static func trailingSpacesRemoved(_ line: String) -> String {
    String(line.reversed().drop { $0 == " " }.reversed())
  }
}
