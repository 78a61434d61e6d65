import StreamCore
import Testing

@testable import Marbles

/// Digits written straight into memory read as `String(number)`.
@Suite struct DecimalDigitsTests {
  /// Every power of ten and its neighbours, where the digit count changes.
  static let magnitudes: [UInt] =
    [0, 1, 9, UInt.max, UInt.max - 1, UInt(Int.max), UInt(Int.max) + 1]
    + (1...19).flatMap { exponent -> [UInt] in
      let power = (0..<exponent).reduce(UInt(1)) { product, _ in product * 10 }
      return [power - 1, power, power + 1]
    }

  @Test func digitsAndTheirCountAreStringsDigits() {
    // And numbers of every width between them, from a seeded generator.
    var random = SplitMix64(seed: 16)
    let widths = (0..<10_000).map { index in random.next() >> UInt64(index % 64) }
    for magnitude in Self.magnitudes + widths.map(UInt.init) {
      let written = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DecimalDigits.mostDigits) { buffer in
        let count = DecimalDigits.write(digitsOf: magnitude, at: buffer.baseAddress!)
        return String(decoding: buffer[..<count], as: UTF8.self)
      }
      #expect(written == String(magnitude))
      #expect(DecimalDigits.digitCount(magnitude) == String(magnitude).count)
    }
  }

  @Test(arguments: [0, -1, 9, -10, 99, -100, 1_000_000, Int.max, Int.min, Int.min + 1])
  func signedNumbersAreStringsDigits(number: Int) {
    let written = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DecimalDigits.longestInt) { buffer in
      let count = DecimalDigits.write(number, at: buffer.baseAddress!)
      return String(decoding: buffer[..<count], as: UTF8.self)
    }
    #expect(written == String(number))
  }
}
