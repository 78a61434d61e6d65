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
  public static func seconds(_ s: Double) -> VirtualInterval {
    VirtualInterval(nanoseconds: Int((s * 1_000_000_000).rounded()))
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
