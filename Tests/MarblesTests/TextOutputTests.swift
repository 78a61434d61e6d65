import Testing

@testable import Marbles

/// The buffer documents are written through.
@Suite struct TextOutputTests {
  @Test func bytesMadeOnceArriveInOrderAcrossChunks() {
    var bytes: [UInt8] = []
    let output = TextOutput(capacity: 64) { bytes.append(contentsOf: $0) }
    let indent = Array("    ".utf8)
    for number in [-1, 0, Int.min] {
      output.write(indent)
      output.write(number)
      output.write("\n" as StaticString)
    }
    output.write(Array(String(repeating: "é", count: 40).utf8))  // 80 bytes: more than the buffer
    output.finish()
    let expected = "    -1\n    0\n    -9223372036854775808\n" + String(repeating: "é", count: 40)
    #expect(String(decoding: bytes, as: UTF8.self) == expected)
  }

  @Test func theLastByteIsTheLastWrittenAndNothingEmptyChangesIt() {
    let output = TextOutput { _ in }
    #expect(output.lastByte == nil)
    output.write("ends\n")
    #expect(output.lastByte == UInt8(ascii: "\n"))
    output.write([UInt8]())
    output.write("")
    #expect(output.lastByte == UInt8(ascii: "\n"))
    output.finish()
    #expect(output.lastByte == UInt8(ascii: "\n"))
  }
}

extension TextOutputTests {
  @Test(arguments: [
    (UInt(0), 1, "0"), (UInt(7), 1, "7"), (UInt(7), 6, "000007"), (UInt(250), 6, "000250"),
    (UInt(123_456), 3, "123456"),
    (UInt.max, 1, "18446744073709551615"), (UInt.max, 20, "18446744073709551615"),
    (UInt(5), 20, String(repeating: "0", count: 19) + "5"), (UInt(5), 21, String(repeating: "0", count: 20) + "5"),
    (UInt(5), 70, String(repeating: "0", count: 69) + "5"),
  ])
  func digitsArePaddedWithZerosToTheMinimumCount(magnitude: UInt, minimumCount: Int, expected: String) {
    // A 64-byte buffer: the padding of 70 is wider than all of it.
    var bytes: [UInt8] = []
    let output = TextOutput(capacity: 64) { bytes.append(contentsOf: $0) }
    output.write(String(repeating: "x", count: 60))
    output.write(digitsOf: magnitude, minimumCount: minimumCount)
    #expect(output.lastByte == expected.utf8.last)
    output.finish()
    #expect(String(decoding: bytes, as: UTF8.self) == String(repeating: "x", count: 60) + expected)
  }
}
