import StreamCore

/// A pasted test's assertions (issue 32) as lines of text, each led by the
/// virtual time it ran at: what every renderer shows after the log.
enum AssertionText {
  /// `assertions:` and one line per assertion (`  400ms  ✓ line 20  XCTAssertEqual(received, ["sw"])`),
  /// or nothing when the run made none.
  static func lines(_ assertions: [AssertionResult]) -> [String] {
    guard !assertions.isEmpty else { return [] }
    let times = assertions.map { Milliseconds.text($0.time) + "ms" }
    let width = times.map(\.count).max() ?? 0
    return ["assertions:"]
      + zip(times, assertions).map { time, assertion in
        "  " + String(repeating: " ", count: width - time.count) + time + "  " + assertion.sentence
      }
  }
}
