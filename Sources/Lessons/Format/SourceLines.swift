/// A file's text cut into lines by UTF-8 offsets, so that edits can replace
/// exact byte ranges and leave every other byte alone (`\r\n` endings included).
struct SourceLines {
  /// One line: where it starts, where its content ends (before `\r\n` or `\n`)
  /// and where the next line starts, all as UTF-8 offsets into the file.
  struct Line {
    var start: Int
    var contentEnd: Int
    var end: Int
  }

  let bytes: [UInt8]
  let lines: [Line]

  init(_ text: String) {
    bytes = Array(text.utf8)
    var lines: [Line] = []
    var start = 0
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "\n") {
        let contentEnd = index > start && bytes[index - 1] == UInt8(ascii: "\r") ? index - 1 : index
        lines.append(Line(start: start, contentEnd: contentEnd, end: index + 1))
        start = index + 1
      }
      index += 1
    }
    if start < bytes.count {
      lines.append(Line(start: start, contentEnd: bytes.count, end: bytes.count))
    }
    self.lines = lines
  }

  var count: Int { lines.count }

  /// The text of 1-based line `number` without its line ending.
  func content(ofLine number: Int) -> String {
    guard number >= 1, number <= lines.count else { return "" }
    let line = lines[number - 1]
    return text(line.start..<line.contentEnd)
  }

  func text(_ range: Range<Int>) -> String {
    let lower = max(0, min(range.lowerBound, bytes.count))
    let upper = max(lower, min(range.upperBound, bytes.count))
    return String(decoding: bytes[lower..<upper], as: UTF8.self)
  }

  /// The 1-based number of the line that holds UTF-8 `offset` (the last line for an offset past the end).
  func line(containingOffset offset: Int) -> Int {
    (lines.firstIndex { offset < $0.end } ?? max(0, lines.count - 1)) + 1
  }

  /// The 1-based character column of a UTF-8 offset inside 1-based line `number`.
  func column(ofOffset offset: Int, inLine number: Int) -> Int {
    guard number >= 1, number <= lines.count else { return 1 }
    let line = lines[number - 1]
    return text(line.start..<max(line.start, min(offset, line.contentEnd))).count + 1
  }
}
