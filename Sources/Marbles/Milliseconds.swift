import StreamCore

/// Virtual time written as a number of milliseconds, exactly: `250`, `0.02`,
/// `1500`. Integer arithmetic, so no binary-fraction noise such as `0.020000000000000004`.
enum Milliseconds {
  static func text(_ nanoseconds: Int) -> String {
    let sign = nanoseconds < 0 ? "-" : ""
    let magnitude = nanoseconds.magnitude
    let whole = magnitude / 1_000_000
    let fraction = magnitude % 1_000_000
    guard fraction > 0 else { return sign + String(whole) }
    var digits = String(fraction)
    digits = String(repeating: "0", count: 6 - digits.count) + digits
    while digits.hasSuffix("0") { digits.removeLast() }
    return "\(sign)\(whole).\(digits)"
  }

  static func text(_ time: VirtualTime) -> String { text(time.nanoseconds) }
}
