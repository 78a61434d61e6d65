import StreamLang

/// One node of a parsed program replaced by the text of another node: how a
/// change made on the syntax tree becomes a program that can be run. Everything
/// outside `range` keeps the text the author wrote.
struct SourceSplice: Hashable {
  /// UTF-8 offsets of the replaced node in the original text.
  var range: SourceRange
  /// The printed replacement node.
  var replacement: String

  func applied(to text: String) -> String {
    let bytes = Array(text.utf8)
    let start = min(max(0, range.start), bytes.count)
    let end = min(max(start, range.end), bytes.count)
    return String(decoding: bytes[..<start], as: UTF8.self) + replacement
      + String(decoding: bytes[end...], as: UTF8.self)
  }
}
