import StreamCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A span of virtual time as a student types it on the command line or after
/// `:horizon`: `20s`, `250ms`, `1.5s`, `20us`.
public struct DurationText: Equatable {
  public var interval: VirtualInterval

  /// Parses a number followed by `s`, `ms`, `us` or `ns`; nil for anything
  /// else, for negative spans and for spans too long for the clock.
  public init?(_ text: String) {
    let trimmed = text.trimmingWhitespace()
    let units: [(String, Double)] = [("ms", 1e6), ("us", 1e3), ("µs", 1e3), ("ns", 1), ("s", 1e9)]
    guard let (suffix, scale) = units.first(where: { trimmed.hasSuffix($0.0) }),
      let number = Double(trimmed.dropLast(suffix.count)), number.isFinite, number >= 0
    else { return nil }
    let nanoseconds = (number * scale).rounded()
    // Half of Int.max leaves room for adding the horizon to a start time.
    guard nanoseconds < Double(Int.max / 2) else { return nil }
    interval = VirtualInterval(nanoseconds: Int(nanoseconds))
  }
}
