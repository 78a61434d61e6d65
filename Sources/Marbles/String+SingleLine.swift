extension String {
  /// The text on one line: a label typed over several lines (a `{ … }` block)
  /// would otherwise break a diagram's rows apart.
  var singleLine: String {
    guard contains(where: { $0.isNewline || $0 == "\t" }) else { return self }
    return split(whereSeparator: { $0.isNewline || $0 == "\t" || $0 == " " }).joined(separator: " ")
  }

  func trimmingTrailingSpaces() -> String {
    String(reversed().drop { $0 == " " }.reversed())
  }

  func trimmingLeadingSpaces() -> String {
    String(drop { $0 == " " })
  }
}
