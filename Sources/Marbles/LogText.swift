import StreamCore

/// The run's log (`print`, `handleEvents`) as lines of text, each led by its
/// virtual time: the form every renderer shows after the diagram.
enum LogText {
  /// `log:` followed by one line per entry, or nothing when the log is empty.
  static func lines(_ log: [LogLine]) -> [String] {
    guard !log.isEmpty else { return [] }
    let times = log.map { Milliseconds.text($0.time) + "ms" }
    let width = times.map(\.count).max() ?? 0
    return ["log:"]
      + zip(times, log).map { time, line in
        "  " + String(repeating: " ", count: width - time.count) + time + "  " + line.text
      }
  }
}
