/// Makes text safe for machine-readable reports: no terminal escape sequences
/// (even when colour was forced on), no other control characters but newline and tab.
enum PlainText {
  static func sanitized(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      if scalar == "\u{1B}" {
        skipEscapeSequence(&scalars)
        continue
      }
      if scalar == "\n" || scalar == "\t"
        || scalar.value >= 0x20 && scalar.value != 0x7F
          && !(0x80...0x9F).contains(scalar.value)
      {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// Consumes the rest of an escape sequence: CSI (`ESC [ … final`), OSC
  /// (`ESC ] … BEL` or `ESC \`), or a two-character escape.
  private static func skipEscapeSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
    guard let introducer = scalars.next() else { return }
    switch introducer {
    case "[":
      while let scalar = scalars.next() {
        if (0x40...0x7E).contains(scalar.value) { return }
      }
    case "]":
      var previous: Unicode.Scalar?
      while let scalar = scalars.next() {
        if scalar == "\u{07}" || (previous == "\u{1B}" && scalar == "\\") { return }
        previous = scalar
      }
    default:
      return
    }
  }
}
