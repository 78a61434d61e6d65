import StreamCore
import Testing

@testable import Marbles

/// Event lines written through one pointer (`EventLines`) read exactly as
/// each event's `description` does, for every kind of event.
@Suite struct EventLinesTests {
  @Test func everyKindOfEventIsWrittenAsItsDescriptionReads() {
    let expected = """
      pipeline 1: flatMap { x in x }
      flatMap { x in x } (output)
        t=0ms  subscribed
        t=1ms  value -9223372036854775808
        t=0.25ms  value -7
        t=2000ms  value 9223372036854775807
        t=3ms  value "say \\"hi\\""
        t=3ms  value 1.5
        t=4ms  dropped 4
        t=4.5ms  dropped "x"
        t=5ms  cancelled
        t=6ms  failed "boom"
        ↳ just 1 (inner 1 of `flatMap { x in x }`)
          t=0ms  subscribed  [inner 1]
          t=0ms  value 0  [inner 1]
          t=0ms  finished  [inner 1]
          ↳ just 2 (inner 2 in inner 1 of `flatMap { x in x }`)
            t=10ms  value -10  [inner 2]
            t=1e-06ms  value 2  [inner 2]
      pipeline 2: just 9 @200ms
      just 9 (output)
        t=200ms  value 9
      note: a note

      """
    #expect(EventList.render(EventListSamples.everyKind).hasPrefix(expected))
  }

  @Test func demandLinesAreWrittenOnlyWhenAskedFor() {
    let lines = EventList.render(EventListSamples.everyKind, includeDemand: true).split(separator: "\n")
    #expect(
      lines.filter { $0.contains("request") } == [
        "  t=0ms  request max(3)", "  t=0ms  request unlimited", "  t=0.25ms  request max(2)",
        "    t=0ms  request max(1)  [inner 1]",
      ])
    #expect(!EventList.render(EventListSamples.everyKind).contains("request"))
  }

  @Test(arguments: [64, 100, 1 << 16])
  func everyKindMatchesTheReferenceWriterWhateverTheBufferSize(capacity: Int) {
    for includeDemand in [false, true] {
      let written = StreamedDocumentTests.streamed(capacity: capacity) {
        EventList.write(EventListSamples.everyKind, includeDemand: includeDemand, to: $0)
      }
      #expect(written.text == ReferenceEventList.render(EventListSamples.everyKind, includeDemand: includeDemand))
    }
  }

  @Test(arguments: 1...6)
  func randomRunsMatchTheReferenceWriter(seed: Int) {
    let result = EventListSamples.random(seed: UInt64(seed), rowCount: 6, eventsPerRow: 400)
    for includeDemand in [false, true] {
      let reference = ReferenceEventList.render(result, includeDemand: includeDemand)
      #expect(reference.contains("[inner"))
      for capacity in [64, 1 << 16] {
        let written = StreamedDocumentTests.streamed(capacity: capacity) {
          EventList.write(result, includeDemand: includeDemand, to: $0)
        }
        #expect(written.text == reference)
      }
    }
  }
}

extension EventLinesTests {
  @Test func aLongListWrittenOnTwoThreadsMatchesTheReferenceWriter() throws {
    // 160,000 events, enough to take the two-thread path.
    let result = EventListSamples.random(seed: 7, rowCount: 4, eventsPerRow: 40_000)
    for includeDemand in [false, true] {
      let parts = EventList.Part.rows(of: result, includeDemand: includeDemand)
      try #require(EventList.twoThreadChunks(of: parts) != nil)
      let oneThread = StreamedDocumentTests.streamed(capacity: 1 << 16) { output in
        for part in parts { part.write(to: output) }
      }
      let reference = ReferenceEventList.render(result, includeDemand: includeDemand)
      #expect(reference.hasPrefix(oneThread.text))
      #expect(EventList.render(result, includeDemand: includeDemand) == reference)
      #expect(
        StreamedDocumentTests.streamed(capacity: 64) { EventList.write(result, includeDemand: includeDemand, to: $0) }
          .text == reference)
    }
  }
}
