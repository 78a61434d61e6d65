/// A line and column in a program's text, with the line it is on, for showing a caret.
public struct SourceLocation: Hashable {
  /// 1-based line number.
  public var line: Int
  /// 1-based column, counted in characters (a tab is one character).
  public var column: Int
  /// The whole line the range starts on, without its newline.
  public var lineText: String
  /// How many characters of the line the range covers; at least 1 so the
  /// caret shows even for an empty range such as "the end of the input".
  public var width: Int

  /// Locates the start of `range` in `text`. Offsets are UTF-8 offsets; one
  /// falling inside a multi-byte character is moved back to that character.
  public init(of range: SourceRange, in text: String) {
    let bytes = Array(text.utf8)
    let start = max(0, min(range.start, bytes.count))
    let end = max(start, min(range.end, bytes.count))
    var lineStart = start
    while lineStart > 0 && bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
    var lineEnd = start
    while lineEnd < bytes.count && bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
    var line = 1
    for byte in bytes[0..<lineStart] where byte == UInt8(ascii: "\n") { line += 1 }
    // Cutting at `start` may split a character; decoding repairs it with U+FFFD,
    // which still counts as one column.
    let before = String(decoding: bytes[lineStart..<start], as: UTF8.self)
    let covered = String(decoding: bytes[start..<min(end, lineEnd)], as: UTF8.self)
    var lineText = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
    if lineText.hasSuffix("\r") { lineText.removeLast() }
    self.line = line
    self.column = before.count + 1
    self.lineText = lineText
    self.width = max(1, covered.count)
  }
}
