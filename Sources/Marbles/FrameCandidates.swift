import StreamCore

/// The frames (time per column) worth trying for one diagram, best first.
///
/// Only frames that divide every event time are candidates, so each event
/// sits exactly on a frame and a row fed back as `marbles "…" frame F`
/// reproduces its times. Among those, "round" frames (1, 2, 2.5, 5 × 10ⁿ) read
/// best on the axis.
struct FrameCandidates {
  /// Candidates in the order to try them.
  let ordered: [VirtualInterval]
  /// The greatest common divisor of the event times; zero when every event is at 0.
  let commonDivisor: Int

  /// - Parameters:
  ///   - times: every instant that holds an event.
  ///   - span: the time the diagram must reach.
  ///   - columns: the columns available, used only when no event is after 0.
  init(times: [VirtualTime], span: VirtualTime, columns: Int) {
    self.init(commonDivisor: times.reduce(0) { Self.gcd($0, $1.nanoseconds) }, span: span, columns: columns)
  }

  /// - Parameter divisor: the greatest common divisor of every instant that
  ///   holds an event (`gcd` folded over them), for a caller that walks the
  ///   instants without gathering them.
  init(commonDivisor divisor: Int, span: VirtualTime, columns: Int) {
    commonDivisor = divisor
    guard divisor > 0 else {
      // Nothing happens after 0: any frame is exact, so pick one that makes
      // the span (a horizon, say) fit, and 100ms, RxJS's habit, when there is no span.
      let needed = span.nanoseconds / max(columns - 2, 1)
      let frame = Self.roundValues().first { $0 >= needed && $0 >= 100_000_000 } ?? 100_000_000
      ordered = [VirtualInterval(nanoseconds: frame)]
      return
    }
    var frames = Self.roundValues().filter { $0 <= divisor && divisor % $0 == 0 }
    if !frames.contains(divisor) { frames.append(divisor) }
    // At least five columns across the span, so a lone late event is not
    // drawn as `-(0 |)`; otherwise the coarsest exact frame, which keeps a
    // student's `-a---b-|` at frame 100ms looking exactly as typed.
    let cap = max(span.nanoseconds / 5, 1)
    let fine = frames.filter { $0 <= cap }.sorted(by: >)
    let coarse = frames.filter { $0 > cap }.sorted(by: <)
    ordered = (fine + coarse).map { VirtualInterval(nanoseconds: $0) }
  }

  /// 1, 2, 2.5, 5 × 10ⁿ nanoseconds, ascending, up to what `Int` holds.
  static func roundValues() -> [Int] {
    var values: [Int] = []
    var power = 1
    while true {
      for (multiplier, divisor) in [(1, 1), (2, 1), (5, 2), (5, 1)] {
        let (scaled, overflow) = power.multipliedReportingOverflow(by: multiplier)
        if !overflow, scaled % divisor == 0 { values.append(scaled / divisor) }
      }
      let (next, overflow) = power.multipliedReportingOverflow(by: 10)
      if overflow { break }
      power = next
    }
    return Array(Set(values)).sorted()
  }

  static func gcd(_ a: Int, _ b: Int) -> Int {
    var (x, y) = (a.magnitude, b.magnitude)
    while y != 0 { (x, y) = (y, x % y) }
    return x > UInt(Int.max) ? Int.max : Int(x)
  }
}
