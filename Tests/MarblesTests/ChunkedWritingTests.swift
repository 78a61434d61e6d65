import Synchronization
import Testing

@testable import Marbles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Chunks formatted on two threads reach the output whole and in order.
@Suite struct ChunkedWritingTests {
  /// Chunk `index`'s text: its number and a run of one letter, of a length
  /// that varies; chunk 5 is larger than a slot's buffer (2 MB).
  static func text(ofChunk index: Int) -> String {
    let letter = Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(index % 26)))
    let length = index == 5 ? 3_000_000 : (index * 7_919) % 20_000
    return "<\(index)>" + String(repeating: letter, count: length)
  }

  @Test func chunksArriveInOrderWhicheverThreadFormatsThem() {
    let count = 40
    let written = StreamedDocumentTests.streamed(capacity: 4096) { output in
      ChunkedWriting.write(chunkCount: count, to: output) { index, chunkOutput in
        chunkOutput.write(Self.text(ofChunk: index))
      }
    }
    #expect(written.text == (0..<count).map(Self.text(ofChunk:)).joined())
  }

  @Test func aChunkFinishedBeforeTheOneAheadOfItWaitsForItsTurn() {
    // Whichever thread takes chunk 0 holds it until chunk 1 is formatted,
    // which only the other thread can do: both threads format, and chunk 1
    // is ready before chunk 0.
    let chunkOneIsFormatted = Atomic(false)
    var helperChunks = 0
    let written = StreamedDocumentTests.streamed(capacity: 4096) { output in
      helperChunks = ChunkedWriting.write(chunkCount: 6, to: output) { index, chunkOutput in
        if index == 0 {
          while !chunkOneIsFormatted.load(ordering: .acquiring) { sched_yield() }
        }
        chunkOutput.write(Self.text(ofChunk: index))
        if index == 1 { chunkOneIsFormatted.store(true, ordering: .releasing) }
      }
    }
    #expect(helperChunks >= 1)
    #expect(written.text == (0..<6).map(Self.text(ofChunk:)).joined())
  }

  @Test func aShortListIsNotCutForTwoThreadsAndALongOneIsCutWhole() throws {
    let short = EventList.Part.rows(
      of: EventListSamples.random(seed: 1, rowCount: 3, eventsPerRow: 1_000), includeDemand: false)
    #expect(EventList.twoThreadChunks(of: short) == nil)

    let long = EventList.Part.rows(
      of: EventListSamples.random(seed: 1, rowCount: 3, eventsPerRow: 30_000), includeDemand: false)
    let chunks = try #require(EventList.twoThreadChunks(of: long))
    // 90,000 events: two full chunks and one of 24,464.
    #expect(chunks.map { $0.reduce(0) { $0 + $1.eventCount } } == [32_768, 32_768, 24_464])
    // Cut where a chunk fills, each row's heading still before its lines.
    #expect(chunks.joined().count == long.count + 2)
  }
}
