/// Numbers written in decimal straight into memory: the digits of every
/// event and every JSON number of a long run.
///
/// Digits are written first to last in groups of up to eight (a group of
/// eight is two independent groups of four, each two pairs looked up in a
/// table), so a long number costs a few multiplications that do not wait
/// on one another, instead of a chain of one division per digit; and there
/// is nothing to count or copy first.
enum DecimalDigits {
  /// `UInt.max` has 20 digits.
  static let mostDigits = 20

  /// The longest `write(_:at:)` of an `Int`: a sign and 19 digits (`Int.min`).
  static let longestInt = 20

  /// Writes `number` as `String(number)` would at `start`; returns how many bytes.
  @inline(__always)
  static func write(_ number: Int, at start: UnsafeMutablePointer<UInt8>) -> Int {
    guard number < 0 else { return write(digitsOf: UInt(bitPattern: number), at: start) }
    start.pointee = UInt8(ascii: "-")
    return 1 + write(digitsOf: number.magnitude, at: start + 1)
  }

  /// Writes the decimal digits of `magnitude` at `start`; returns how many
  /// (at most `mostDigits`).
  @inline(__always)
  static func write(digitsOf magnitude: UInt, at start: UnsafeMutablePointer<UInt8>) -> Int {
    let end: UnsafeMutablePointer<UInt8>
    if magnitude < 100_000_000 {
      end = upToEight(magnitude, at: start)
    } else if magnitude < 10_000_000_000_000_000 {
      let high = magnitude / 100_000_000
      end = eight(magnitude - high &* 100_000_000, at: upToEight(high, at: start))
    } else {
      let high = magnitude / 10_000_000_000_000_000
      let rest = magnitude - high &* 10_000_000_000_000_000
      let middle = rest / 100_000_000
      end = eight(rest - middle &* 100_000_000, at: eight(middle, at: upToEight(high, at: start)))
    }
    return end - start
  }

  /// How many decimal digits `magnitude` has (1 for zero).
  static func digitCount(_ magnitude: UInt) -> Int {
    var count = 1
    var rest = magnitude
    while rest >= 10 {
      rest /= 10
      count += 1
    }
    return count
  }

  /// The digits of `number` (below 10^8) without leading zeros; returns where they end.
  @inline(__always)
  private static func upToEight(_ number: UInt, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
    guard number >= 10_000 else { return upToFour(number, at: start) }
    let high = number / 10_000
    return four(number - high &* 10_000, at: upToFour(high, at: start))
  }

  /// The digits of `number` (below 10^4) without leading zeros.
  @inline(__always)
  private static func upToFour(_ number: UInt, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
    if number < 10 {
      start.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: number)
      return start + 1
    }
    if number < 100 { return pair(number, at: start) }
    let high = number / 100
    if number < 1000 {
      start.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: high)
      return pair(number - high &* 100, at: start + 1)
    }
    return pair(number - high &* 100, at: pair(high, at: start))
  }

  /// Exactly eight digits of `number` (below 10^8), with leading zeros.
  @inline(__always)
  private static func eight(_ number: UInt, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
    let high = number / 10_000
    return four(number - high &* 10_000, at: four(high, at: start))
  }

  /// Exactly four digits of `number` (below 10^4), with leading zeros.
  @inline(__always)
  private static func four(_ number: UInt, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
    let high = number / 100
    return pair(number - high &* 100, at: pair(high, at: start))
  }

  /// Exactly two digits of `number` (below 100).
  @inline(__always)
  private static func pair(_ number: UInt, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
    let pairs = pairDigits.utf8Start + Int(number) &* 2
    start[0] = pairs[0]
    start[1] = pairs[1]
    return start + 2
  }

  /// "00010203…99": the two digits of every number below 100, constant data.
  private static var pairDigits: StaticString {
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
  }
}
