import OpenCombine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A point on the virtual clock, in nanoseconds since the program started.
public struct VirtualTime: Strideable, Hashable, Comparable, CustomStringConvertible {
  public var nanoseconds: Int

  public init(nanoseconds: Int) {
    self.nanoseconds = nanoseconds
  }

  public static let zero = VirtualTime(nanoseconds: 0)

  public static func milliseconds(_ milliseconds: Int) -> VirtualTime {
    VirtualTime(nanoseconds: milliseconds * 1_000_000)
  }

  public func distance(to other: VirtualTime) -> VirtualInterval {
    VirtualInterval(nanoseconds: other.nanoseconds - nanoseconds)
  }

  public func advanced(by interval: VirtualInterval) -> VirtualTime {
    let (sum, overflow) = nanoseconds.addingReportingOverflow(interval.nanoseconds)
    return VirtualTime(nanoseconds: overflow ? (interval.nanoseconds > 0 ? .max : .min) : sum)
  }

  public static func < (lhs: VirtualTime, rhs: VirtualTime) -> Bool {
    lhs.nanoseconds < rhs.nanoseconds
  }

  /// Milliseconds, with a fraction only when the time has one (`250ms`, `0.02ms`).
  public var description: String { VirtualInterval(nanoseconds: nanoseconds).description }
}

/// A span of virtual time, in nanoseconds. This is the clock's `Stride`, so
/// Combine operators accept it: `.debounce(for: .milliseconds(300), scheduler: clock)`.
public struct VirtualInterval: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable,
  ExpressibleByIntegerLiteral, CustomStringConvertible
{
  public var nanoseconds: Int

  public init(nanoseconds: Int) {
    self.nanoseconds = nanoseconds
  }

  public init(integerLiteral value: Int) {
    self.nanoseconds = value
  }

  public init?<T: BinaryInteger>(exactly source: T) {
    guard let value = Int(exactly: source) else { return nil }
    self.nanoseconds = value
  }

  public var magnitude: Int { nanoseconds.magnitude > UInt(Int.max) ? .max : Int(nanoseconds.magnitude) }

  public static func seconds(_ s: Int) -> VirtualInterval { VirtualInterval(nanoseconds: s &* 1_000_000_000) }
  /// Saturates at the largest intervals and reads NaN as zero; callers that
  /// must trap as Swift does check `exactlySeconds` first.
  public static func seconds(_ s: Double) -> VirtualInterval {
    exactlySeconds(s) ?? VirtualInterval(nanoseconds: s.isNaN ? 0 : (s > 0 ? .max : .min))
  }

  /// `s` seconds in whole nanoseconds, or nil when that is not a finite `Int`.
  public static func exactlySeconds(_ s: Double) -> VirtualInterval? {
    let nanoseconds = (s * 1_000_000_000).rounded()
    guard nanoseconds.isFinite, nanoseconds >= -0x1p63, nanoseconds < 0x1p63 else { return nil }
    return VirtualInterval(nanoseconds: Int(nanoseconds))
  }
  public static func milliseconds(_ ms: Int) -> VirtualInterval { VirtualInterval(nanoseconds: ms &* 1_000_000) }
  public static func microseconds(_ us: Int) -> VirtualInterval { VirtualInterval(nanoseconds: us &* 1_000) }
  public static func nanoseconds(_ ns: Int) -> VirtualInterval { VirtualInterval(nanoseconds: ns) }

  public static func + (lhs: VirtualInterval, rhs: VirtualInterval) -> VirtualInterval {
    VirtualInterval(nanoseconds: lhs.nanoseconds &+ rhs.nanoseconds)
  }
  public static func - (lhs: VirtualInterval, rhs: VirtualInterval) -> VirtualInterval {
    VirtualInterval(nanoseconds: lhs.nanoseconds &- rhs.nanoseconds)
  }
  public static func * (lhs: VirtualInterval, rhs: VirtualInterval) -> VirtualInterval {
    VirtualInterval(nanoseconds: lhs.nanoseconds &* rhs.nanoseconds)
  }
  public static func += (lhs: inout VirtualInterval, rhs: VirtualInterval) { lhs = lhs + rhs }
  public static func -= (lhs: inout VirtualInterval, rhs: VirtualInterval) { lhs = lhs - rhs }
  public static func *= (lhs: inout VirtualInterval, rhs: VirtualInterval) { lhs = lhs * rhs }
  public static func < (lhs: VirtualInterval, rhs: VirtualInterval) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

  /// `300ms`, `1500ms`, `0.02ms`: streamlab speaks milliseconds everywhere.
  public var description: String {
    if nanoseconds % 1_000_000 == 0 { return "\(nanoseconds / 1_000_000)ms" }
    return "\(Double(nanoseconds) / 1_000_000)ms"
  }
}
