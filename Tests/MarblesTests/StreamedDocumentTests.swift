import StreamCore
import StreamLang
import Testing

@testable import Marbles

/// `--format json` and `--format events` are written as they are produced;
/// what arrives, chunk by chunk, is exactly the document as one String.
@Suite struct StreamedDocumentTests {
  /// Everything `write` handed to its output, and in how many chunks.
  static func streamed(capacity: Int, _ write: (TextOutput) -> Void) -> (text: String, chunks: Int) {
    var bytes: [UInt8] = []
    var chunks = 0
    let output = TextOutput(capacity: capacity) { chunk in
      bytes.append(contentsOf: chunk)
      chunks += 1
    }
    write(output)
    output.finish()
    return (String(decoding: bytes, as: UTF8.self), chunks)
  }

  @Test(arguments: DocumentGoldenTests.programs.map(\.name))
  func streamedJSONIsTheGoldenDocumentWhateverTheBufferSize(name: String) throws {
    let program = try #require(DocumentGoldenTests.programs.first { $0.name == name }?.program)
    let result = try DocumentGoldenTests.run(program)
    let whole = TimelineJSON.encode(result)
    for capacity in [64, 100, 1 << 16] {
      #expect(Self.streamed(capacity: capacity) { TimelineJSON.write(result, to: $0) }.text == whole)
    }
  }

  @Test(arguments: DocumentGoldenTests.programs.map(\.name))
  func streamedEventListIsTheGoldenDocumentWhateverTheBufferSize(name: String) throws {
    let program = try #require(DocumentGoldenTests.programs.first { $0.name == name }?.program)
    let result = try DocumentGoldenTests.run(program)
    for includeDemand in [false, true] {
      let whole = EventList.render(result, includeDemand: includeDemand)
      #expect(
        Self.streamed(capacity: 64) { EventList.write(result, includeDemand: includeDemand, to: $0) }.text == whole)
    }
  }

  @Test func aLongRunReachesTheOutputInChunksOfTheBufferSize() throws {
    let result = try DocumentGoldenTests.run("range 1...10000 | map x * 2")
    let (text, chunks) = Self.streamed(capacity: 4096) { TimelineJSON.write(result, to: $0) }
    // 20,000 values at about 40 bytes each: hundreds of chunks, none held whole.
    #expect(text.utf8.count > 20_000 * 30)
    #expect(chunks >= text.utf8.count / 4096)
    #expect(text == TimelineJSON.encode(result))
  }

  @Test(arguments: [0, 7, -7, 10, 999_999, 1_000_000, Int.max, Int.min])
  func numbersAreWrittenAsStringWritesThem(number: Int) {
    #expect(TextOutput.string { $0.write(number) } == String(number))
  }

  @Test(arguments: [
    (0, "0"), (1, "0.000001"), (20_000, "0.02"), (250_000, "0.25"), (20_000_000, "20"), (-1_500_000, "-1.5"),
    (1_000_001, "1.000001"),
  ])
  func millisecondsAreWrittenExactly(nanoseconds: Int, expected: String) {
    #expect(Milliseconds.text(nanoseconds) == expected)
  }

  @Test func aPieceLargerThanTheBufferArrivesWholeAndInOrder() {
    let long = String(repeating: "é", count: 300)
    let (text, _) = Self.streamed(capacity: 64) { output in
      output.write("a")
      output.write(long)
      output.write("b")
    }
    #expect(text == "a" + long + "b")
  }
}
