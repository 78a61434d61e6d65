/// One replacement of a UTF-8 byte range of a file's text.
///
/// Edits work on bytes, not Characters, because Swift treats `\r\n` as one
/// Character: byte ranges are the only way to promise that every byte outside
/// the edit stays exactly as it was.
struct FileEdit {
  var range: Range<Int>
  var replacement: String

  /// `text` with every edit applied. Edits must not overlap.
  static func apply(_ edits: [FileEdit], to text: String) -> String {
    var bytes = Array(text.utf8)
    for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      let lower = max(0, min(edit.range.lowerBound, bytes.count))
      let upper = max(lower, min(edit.range.upperBound, bytes.count))
      bytes.replaceSubrange(lower..<upper, with: Array(edit.replacement.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The line ending the file already uses, so inserted lines match it.
  static func lineEnding(of text: String) -> String {
    let bytes = Array(text.utf8)
    guard let firstNewline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return "\n" }
    return firstNewline > 0 && bytes[firstNewline - 1] == UInt8(ascii: "\r") ? "\r\n" : "\n"
  }
}
