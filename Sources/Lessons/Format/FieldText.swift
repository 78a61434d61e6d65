/// The value of one field or demo as written in the file, possibly spread over
/// continuation lines, with enough bookkeeping to turn an offset inside the
/// value back into a line and column of the file.
public struct FieldText: Hashable, CustomStringConvertible {
  /// One line's share of the value.
  public struct Piece: Hashable {
    public var line: Int
    /// The column of the piece's first character in its line.
    public var column: Int
    /// Where the piece starts inside `FieldText.text`, in UTF-8 bytes.
    public var offset: Int
    public var text: String
  }

  /// The value, continuation lines joined by `\n` (programs) or a space (prose).
  public var text: String
  public var pieces: [Piece]

  public init(text: String, pieces: [Piece]) {
    self.text = text
    self.pieces = pieces
  }

  /// A value made of pieces, joined with `separator`.
  init(pieces raw: [(line: Int, column: Int, text: String)], separator: String) {
    var text = ""
    var pieces: [Piece] = []
    for (index, piece) in raw.enumerated() {
      if index > 0 { text += separator }
      pieces.append(Piece(line: piece.line, column: piece.column, offset: text.utf8.count, text: piece.text))
      text += piece.text
    }
    self.init(text: text, pieces: pieces)
  }

  public var description: String { text }

  /// A program's lines with the indentation its continuation lines had in
  /// the file, less the shallowest one's: Swift written across lines, to show.
  public var indentedLines: [String] {
    let shallowest = pieces.dropFirst().map(\.column).min() ?? 1
    return pieces.enumerated().map { index, piece in
      index == 0 ? piece.text : String(repeating: " ", count: max(0, piece.column - shallowest)) + piece.text
    }
  }

  /// Where the value starts in the file.
  public var start: FilePosition {
    guard let first = pieces.first else { return FilePosition(line: 1, column: 1) }
    return FilePosition(line: first.line, column: first.column)
  }

  /// The file position of a UTF-8 offset into `text`. Offsets that fall on a
  /// joining separator or past the end land at the end of the piece before.
  public func position(atOffset offset: Int) -> FilePosition {
    guard var piece = pieces.first else { return start }
    for candidate in pieces where candidate.offset <= offset { piece = candidate }
    let local = max(0, min(offset - piece.offset, piece.text.utf8.count))
    let prefix = String(decoding: Array(piece.text.utf8)[0..<local], as: UTF8.self)
    return FilePosition(line: piece.line, column: piece.column + prefix.count)
  }
}
