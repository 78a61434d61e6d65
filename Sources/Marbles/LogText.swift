import StreamCore

/// The run's log (`print`, `handleEvents`) as lines of text, each led by its
/// virtual time: the form every renderer shows after the diagram, and graded
/// reports give as the answer's output.
public enum LogText {
  /// `log:` followed by one line per entry, or nothing when the log is empty.
  static func lines(_ log: [LogLine]) -> [String] {
    guard !log.isEmpty else { return [] }
    return ["log:"] + entries(log).map { "  " + $0 }
  }

  /// One line per entry, its time right-aligned: `300ms  p: receive value: (1)`.
  public static func entries(_ log: [LogLine]) -> [String] {
    let times = log.map { Milliseconds.text($0.time) + "ms" }
    let width = times.map(\.count).max() ?? 0
    return zip(times, log).map { time, line in
      String(repeating: " ", count: width - time.count) + time + "  " + line.text
    }
  }
}
