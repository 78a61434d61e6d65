extension String {
  /// The text broken into lines of at most `width` terminal columns, at spaces
  /// only: a word is never split, so one longer than `width` gets a line of
  /// its own. Lines after the first start with `indent`, which counts toward
  /// the width.
  public func wrappedAtSpaces(width: Int, indent: String = "") -> [String] {
    var lines: [String] = []
    var line = ""
    for word in split(separator: " ") {
      if !line.isEmpty && line.terminalColumns + 1 + word.terminalColumns > width {
        lines.append(line)
        line = indent
      }
      line += (line.isEmpty || line == indent ? "" : " ") + word
    }
    if !line.isEmpty && line != indent { lines.append(line) }
    return lines
  }
}
