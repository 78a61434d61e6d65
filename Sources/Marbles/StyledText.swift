/// A run of characters drawn in one style.
struct StyledText: Hashable {
  var text: String
  var style: TextStyle

  init(_ text: String, _ style: TextStyle = .plain) {
    self.text = text
    self.style = style
  }
}

extension Array where Element == StyledText {
  /// Columns taken on screen. Values are drawn in ASCII (others get legend
  /// letters), but labels and headers are the student's text, CJK and emoji included.
  var width: Int { reduce(0) { $0 + $1.text.terminalColumns } }

  func rendered(color: Bool) -> String {
    map { $0.style.apply(to: $0.text, color: color) }.joined()
  }

  func trimmedTrailingSpaces() -> [StyledText] {
    var result = self
    while let last = result.last {
      // A plain loop: `reversed().drop(while:).reversed()` instantiated
      // generic types whose conformance lookups were a visible part of
      // `eval 'just 1'`'s start-up (docs/benchmarks.md, "Start-up").
      var trimmed = last.text
      while trimmed.last == " " { trimmed.removeLast() }
      if trimmed.isEmpty {
        result.removeLast()
        continue
      }
      result[result.count - 1].text = trimmed
      break
    }
    return result
  }
}
