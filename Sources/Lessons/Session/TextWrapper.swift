/// Wraps prose paragraphs to a terminal width.
public enum TextWrapper {
  /// The paragraph's lines re-flowed to at most `width` characters per line
  /// (a single longer word stays whole). A paragraph with an indented line is
  /// preformatted — a table or a code sample — and is kept exactly as written.
  public static func wrap(_ lines: [String], width: Int) -> [String] {
    if lines.contains(where: { $0.first == " " || $0.first == "\t" }) { return lines }
    let words = lines.flatMap { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }) }
    let width = max(width, 10)
    var result: [String] = []
    var current = ""
    for word in words {
      if current.isEmpty {
        current = String(word)
      } else if current.count + 1 + word.count <= width {
        current += " " + word
      } else {
        result.append(current)
        current = String(word)
      }
    }
    if !current.isEmpty { result.append(current) }
    return result
  }

  /// One string re-flowed as a single paragraph.
  public static func wrap(_ text: String, width: Int) -> String {
    wrap([text], width: width).joined(separator: "\n")
  }
}
