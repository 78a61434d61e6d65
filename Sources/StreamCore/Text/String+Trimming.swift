/// Trimming as Foundation's `trimmingCharacters(in:)` does it with
/// `.whitespaces` and `.whitespacesAndNewlines`, in plain Swift: the
/// `streamlab` executable links only FoundationEssentials, which has no
/// `CharacterSet` (full Foundation brings ICU and CoreFoundation and slows
/// every start: docs/benchmarks.md, "Start-up").
///
/// Like Foundation, these work on Unicode scalars: a space followed by a
/// combining mark loses the space.
extension StringProtocol {
  /// The text without leading and trailing spaces and tabs (Unicode general
  /// category Zs and U+0009, Foundation's `.whitespaces`).
  public func trimmingWhitespace() -> String {
    trimming(where: Self.isWhitespace)
  }

  /// The text without leading and trailing whitespace and line breaks
  /// (Foundation's `.whitespacesAndNewlines`: categories Zs, Zl and Zp,
  /// U+0009 to U+000D and U+0085).
  public func trimmingWhitespaceAndNewlines() -> String {
    trimming(where: { Self.isWhitespace($0) || Self.isNewline($0) })
  }

  private func trimming(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
    let scalars = String(self).unicodeScalars
    guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
    let last = scalars.lastIndex(where: { !isTrimmed($0) })!
    return String(String.UnicodeScalarView(scalars[first...last]))
  }

  private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
  }

  private static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A...0x0D, 0x85: return true
    default:
      let category = scalar.properties.generalCategory
      return category == .lineSeparator || category == .paragraphSeparator
    }
  }
}
