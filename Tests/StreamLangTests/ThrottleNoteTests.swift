import StreamCore
import Testing

@testable import StreamLang

/// `throttle` asks its upstream for every value before its own subscriber
/// has asked for any, and drops what comes while nobody has asked
/// (OpenCombine's Apple-checked `ThrottleTests.testNoDemandReceivesNoValues`):
/// a source that sends at once loses its values, and a note says why, as
/// debounce's dropped value gets one.
@Suite struct ThrottleNoteTests {
  private func notes(of program: String) throws -> [String] {
    let (result, diagnostics) = runProgram(program)
    return try #require(result, "\(diagnostics)").notes
  }

  @Test func aThrottledJustSendsOnlyTheCompletionAndANoteSaysWhy() throws {
    let (result, diagnostics) = runProgram("just 1 | throttle 200ms")
    let run = try #require(result, "\(diagnostics)")
    let output = try #require(run.rows.last)
    #expect(output.events.map(\.kind).filter { if case .value = $0 { true } else { false } }.isEmpty)
    #expect(output.events.contains { $0.kind == .finished })
    let note = try #require(run.notes.first { $0.hasPrefix("throttle dropped 1 at 0ms") }, "notes: \(run.notes)")
    #expect(note.contains("before its own subscriber has asked for any"))
  }

  @Test func aSequenceNamesEveryValueItLost() throws {
    #expect(try notes(of: "just 1, 2, 3 | throttle 200ms").contains { $0.hasPrefix("throttle dropped 1, 2, 3 at 0ms") })
  }

  @Test(arguments: [
    "events 0ms:1, 100ms:2, 300ms:| | throttle 200ms",
    "interval 100ms | take 3 | throttle 250ms latest: false",
    "subject 0ms:1, 100ms:| | throttle 200ms",
  ])
  func aSourceWhoseValuesComeLaterGetsNoNote(program: String) throws {
    #expect(try notes(of: program).allSatisfy { !$0.hasPrefix("throttle dropped") })
  }
}
