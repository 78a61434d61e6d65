import StreamCore

/// Issue 32's assertions row: under a pasted test's other rows, on the same
/// time axis, `✓` where an assertion passed and `✗` where one failed; the
/// `assertions:` list after the diagram says which is which.
extension RunResult {
  /// The same run with an `assertions` row after its other rows, when it made any.
  var withAssertionRows: RunResult {
    guard !assertions.isEmpty else { return self }
    var result = self
    let events = assertions.map { TimelineEvent(time: $0.time, kind: .value(.string($0.mark))) }
    var row = Timeline(label: "assertions", pipeline: -1, stage: 0, events: events)
    row.assertions = assertions
    result.rows.append(row)
    return result
  }
}

extension Array where Element == StyledText {
  /// An assertions row's marbles: its marks alone, with no line between them
  /// and no `…` after them, since an assertion is an instant, not a stream.
  func assertionMarbles() -> [StyledText] {
    filter { $0.text != "\u{2026}" }.map { part in
      guard part.style == .lifecycle || part.text.allSatisfy({ $0 == "-" }) else { return part }
      return StyledText(String(part.text.map { $0 == "-" ? " " : $0 }), part.style)
    }.trimmedTrailingSpaces()
  }
}
