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
