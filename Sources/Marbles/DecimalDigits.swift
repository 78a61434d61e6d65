/// Numbers written in decimal straight into memory: the digits of every
/// event and every JSON number of a long run.
///
/// The digits are counted first (from the number's bit width, with one
/// comparison) and then made from the last two at a time, so a number costs
/// one division per two digits and no copy.
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
    let count = digitCount(magnitude)
    var end = start + count
    var rest = magnitude
    // "00010203…99": the two digits of every number below 100, made once
    // by the compiler.
    let pairs = pairDigits.utf8Start
    while rest >= 100 {
      let pair = Int(rest % 100) &* 2
      rest /= 100
      end -= 2
      end[0] = pairs[pair]
      end[1] = pairs[pair &+ 1]
    }
    if rest >= 10 {
      let pair = Int(rest) &* 2
      end -= 2
      end[0] = pairs[pair]
      end[1] = pairs[pair &+ 1]
    } else {
      end -= 1
      end[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
    }
    return count
  }

  /// How many decimal digits `magnitude` has (1 for zero).
  @inline(__always)
  static func digitCount(_ magnitude: UInt) -> Int {
    // log10(2) ≈ 1233 / 4096: from the bit width, the digit count or one
    // less; one comparison with the power of ten tells which. Setting the
    // lowest bit changes no count (a power of ten above 1 is even) and
    // gives zero its one digit.
    let value = magnitude | 1
    let bits = UInt.bitWidth &- value.leadingZeroBitCount
    let guess = (bits &* 1233) >> 12
    return guess &+ (value >= powerOfTen(guess) ? 1 : 0)
  }

  /// 10 to the `exponent`, 0 through 19 (a switch the compiler makes a table of).
  @inline(__always)
  private static func powerOfTen(_ exponent: Int) -> UInt {
    switch exponent {
    case 0: return 1
    case 1: return 10
    case 2: return 100
    case 3: return 1000
    case 4: return 10000
    case 5: return 100_000
    case 6: return 1_000_000
    case 7: return 10_000_000
    case 8: return 100_000_000
    case 9: return 1_000_000_000
    case 10: return 10_000_000_000
    case 11: return 100_000_000_000
    case 12: return 1_000_000_000_000
    case 13: return 10_000_000_000_000
    case 14: return 100_000_000_000_000
    case 15: return 1_000_000_000_000_000
    case 16: return 10_000_000_000_000_000
    case 17: return 100_000_000_000_000_000
    case 18: return 1_000_000_000_000_000_000
    default: return 10_000_000_000_000_000_000
    }
  }

  /// "00010203…99": the two digits of every number below 100, constant data.
  private static var pairDigits: StaticString {
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
  }
}
