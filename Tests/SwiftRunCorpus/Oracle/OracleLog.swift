/// Every line the snippet printed, each stamped with the virtual time it was printed at.
final class OracleLog {
  nonisolated(unsafe) static var shared = OracleLog()

  private(set) var lines: [String] = []
  private var partial = ""

  private var isClosed = false

  func write(_ text: String) {
    guard !isClosed else { return }
    partial += text
    while let newline = partial.firstIndex(of: "\n") {
      lines.append("\(OracleLog.stamp(OracleClock.shared.now)): \(partial[..<newline])")
      partial = String(partial[partial.index(after: newline)...])
    }
  }

  /// Ends the recording: what is printed after it is not the snippet's.
  func close() {
    if !partial.isEmpty { write("\n") }
    isClosed = true
  }

  /// The lines, with a last line that had no newline yet.
  func finish() -> [String] {
    if !partial.isEmpty { write("\n") }
    return lines
  }

  /// `250ms`, or `0.5ms` for a time that is not a whole millisecond.
  static func stamp(_ nanoseconds: Int) -> String {
    if nanoseconds % 1_000_000 == 0 { return "\(nanoseconds / 1_000_000)ms" }
    return "\(Double(nanoseconds) / 1_000_000)ms"
  }
}

/// Swift's `print`, writing to the oracle's log instead of standard output.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
  var text = ""
  for (index, item) in items.enumerated() {
    if index > 0 { text += separator }
    text += String(describing: item)
  }
  OracleLog.shared.write(text + terminator)
}
