import StreamCore

/// Virtual time written as a number of milliseconds, exactly: `250`, `0.02`,
/// `1500`. Integer arithmetic, so no binary-fraction noise such as `0.020000000000000004`.
enum Milliseconds {
  static func text(_ nanoseconds: Int) -> String {
    TextOutput.string { write(nanoseconds, to: $0) }
  }

  static func text(_ time: VirtualTime) -> String { text(time.nanoseconds) }

  /// `text(_:)` written straight into `output`.
  static func write(_ nanoseconds: Int, to output: TextOutput) {
    if nanoseconds < 0 { output.write("-") }
    let magnitude = nanoseconds.magnitude
    output.write(digitsOf: magnitude / 1_000_000, minimumCount: 1)
    var fraction = magnitude % 1_000_000
    guard fraction > 0 else { return }
    var digits = 6
    while fraction % 10 == 0 {
      fraction /= 10
      digits -= 1
    }
    output.write(".")
    output.write(digitsOf: fraction, minimumCount: digits)
  }
}
