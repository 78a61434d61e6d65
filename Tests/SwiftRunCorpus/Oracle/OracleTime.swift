import OpenCombine

typealias TimeInterval = Double

/// A span of virtual time in nanoseconds: the `Stride` of every stand-in scheduler.
///
/// Literals are seconds, as for Dispatch's and RunLoop's strides
/// (`debounce(for: 0.3, …)` is 300 ms).
struct OracleStride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable,
  ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, CustomStringConvertible
{
  var nanoseconds: Int

  init(nanoseconds: Int) { self.nanoseconds = nanoseconds }
  init(_ interval: DispatchTimeInterval) { self.nanoseconds = interval.nanoseconds }
  init(floatLiteral value: Double) { self.nanoseconds = Int((value * 1e9).rounded()) }
  init(integerLiteral value: Int) { self.nanoseconds = value * 1_000_000_000 }
  init?<T: BinaryInteger>(exactly source: T) {
    guard let value = Int(exactly: source) else { return nil }
    self.nanoseconds = value * 1_000_000_000
  }

  static func seconds(_ s: Int) -> Self { .init(nanoseconds: s * 1_000_000_000) }
  static func seconds(_ s: Double) -> Self { .init(nanoseconds: Int((s * 1e9).rounded())) }
  static func milliseconds(_ ms: Int) -> Self { .init(nanoseconds: ms * 1_000_000) }
  static func microseconds(_ us: Int) -> Self { .init(nanoseconds: us * 1_000) }
  static func nanoseconds(_ ns: Int) -> Self { .init(nanoseconds: ns) }

  var magnitude: Int { Swift.abs(nanoseconds) }
  var timeInterval: TimeInterval { Double(nanoseconds) / 1e9 }
  var description: String { "\(timeInterval)" }

  static func < (a: Self, b: Self) -> Bool { a.nanoseconds < b.nanoseconds }
  static func + (a: Self, b: Self) -> Self { .init(nanoseconds: a.nanoseconds + b.nanoseconds) }
  static func - (a: Self, b: Self) -> Self { .init(nanoseconds: a.nanoseconds - b.nanoseconds) }
  static func * (a: Self, b: Self) -> Self { .init(nanoseconds: a.nanoseconds * b.nanoseconds / 1_000_000_000) }
  static func += (a: inout Self, b: Self) { a = a + b }
  static func -= (a: inout Self, b: Self) { a = a - b }
  static func *= (a: inout Self, b: Self) { a = a * b }
}

/// Dispatch's time interval (`.milliseconds(300)`).
enum DispatchTimeInterval: Equatable {
  case seconds(Int)
  case milliseconds(Int)
  case microseconds(Int)
  case nanoseconds(Int)
  case never

  var nanoseconds: Int {
    switch self {
    case .seconds(let s): return s * 1_000_000_000
    case .milliseconds(let ms): return ms * 1_000_000
    case .microseconds(let us): return us * 1_000
    case .nanoseconds(let ns): return ns
    case .never: return Int.max / 2
    }
  }
}

/// Dispatch's point in time, on the virtual clock.
struct DispatchTime: Comparable, Hashable {
  var uptimeNanoseconds: Int

  init(uptimeNanoseconds: Int) { self.uptimeNanoseconds = uptimeNanoseconds }

  static func now() -> DispatchTime { DispatchTime(uptimeNanoseconds: OracleClock.shared.now) }
  static let distantFuture = DispatchTime(uptimeNanoseconds: Int.max / 2)

  static func < (a: Self, b: Self) -> Bool { a.uptimeNanoseconds < b.uptimeNanoseconds }
  static func + (time: Self, interval: DispatchTimeInterval) -> Self {
    .init(uptimeNanoseconds: time.uptimeNanoseconds + interval.nanoseconds)
  }
  static func + (time: Self, seconds: Double) -> Self {
    .init(uptimeNanoseconds: time.uptimeNanoseconds + Int((seconds * 1e9).rounded()))
  }
  static func - (time: Self, interval: DispatchTimeInterval) -> Self {
    .init(uptimeNanoseconds: time.uptimeNanoseconds - interval.nanoseconds)
  }
}

/// Foundation's `Date` on the virtual clock: virtual time 0 is the reference
/// date 1970-01-01 00:00:00 UTC, so `Date().timeIntervalSince1970` is the
/// virtual time in seconds.
struct Date: Comparable, Hashable, CustomStringConvertible {
  var timeIntervalSince1970: TimeInterval

  init() { self.timeIntervalSince1970 = Double(OracleClock.shared.now) / 1e9 }
  init(timeIntervalSince1970: TimeInterval) { self.timeIntervalSince1970 = timeIntervalSince1970 }
  init(timeIntervalSinceNow: TimeInterval) {
    self.init(timeIntervalSince1970: Date().timeIntervalSince1970 + timeIntervalSinceNow)
  }

  static var now: Date { Date() }
  static let distantFuture = Date(timeIntervalSince1970: 64_092_211_200)

  var timeIntervalSinceNow: TimeInterval { timeIntervalSince1970 - Date().timeIntervalSince1970 }
  func timeIntervalSince(_ other: Date) -> TimeInterval { timeIntervalSince1970 - other.timeIntervalSince1970 }
  func addingTimeInterval(_ interval: TimeInterval) -> Date {
    Date(timeIntervalSince1970: timeIntervalSince1970 + interval)
  }

  static func < (a: Self, b: Self) -> Bool { a.timeIntervalSince1970 < b.timeIntervalSince1970 }
  static func + (date: Self, interval: TimeInterval) -> Self { date.addingTimeInterval(interval) }
  static func - (date: Self, interval: TimeInterval) -> Self { date.addingTimeInterval(-interval) }

  /// Foundation's format: `1970-01-01 00:00:01 +0000` (whole seconds).
  var description: String {
    let total = Int(timeIntervalSince1970.rounded(.down))
    let (days, daySeconds) = total.quotientAndRemainder(dividingBy: 86_400)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    // Only the first days of 1970 are reachable within the oracle's horizon.
    return
      "1970-01-\(two(days + 1)) \(two(daySeconds / 3600)):\(two(daySeconds / 60 % 60)):\(two(daySeconds % 60)) +0000"
  }
}
