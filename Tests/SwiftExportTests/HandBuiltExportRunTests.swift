import StreamCore
import StreamLang
import StreamLangExport
import Testing

/// Exports of hand-built programs, compiled in this target (`Exports/HandBuilt*.swift`)
/// and run on the virtual clock: what each subscriber sees is what Combine
/// does for the program, reasoned out event by event below.
@Suite struct HandBuiltExportRunTests {
  static let subjectProgram = export(
    bind("s", pipeline(.subject([send(100, .value(int(1))), send(250, .value(int(2))), send(400, .finished)]))),
    subscribe(pipeline(bound("s"))),
    subscribe(pipeline(bound("s")), at: 200))

  static let sharedIntervalProgram = export(
    bind("s", pipeline(.interval(period: ms(100)), .prefix(int(4)), .share)),
    subscribe(pipeline(bound("s"))),
    subscribe(pipeline(bound("s")), at: 250))

  static let debouncedSequenceProgram = export(
    subscribe(
      pipeline(.just([int(1), int(2), int(3)]), .map(binary("*", name("x"), int(2))), .debounce(ms(300)))))

  @Test(arguments: [
    ("HandBuiltSubject", subjectProgram), ("HandBuiltSharedInterval", sharedIntervalProgram),
    ("HandBuiltDebouncedSequence", debouncedSequenceProgram),
  ])
  func committedExportIsWhatTheExporterPrints(_ name: String, _ program: SwiftExport) throws {
    let expected = program.harnessSource(functionName: name.prefix(1).lowercased() + name.dropFirst())
    #expect(try ExportFile(name: name + ".swift").committedText(expected: expected) == expected)
  }

  @Test func lateSubscriberToASubjectMissesEarlierSends() {
    let log = SubscriberLog { handBuiltSubject(scheduler: $0, log: $1) }
    #expect(
      log
        == SubscriberLog(lines: [
          ["t=0ms subscribed", "t=100ms value 1", "t=250ms value 2", "t=400ms finished"],
          ["t=200ms subscribed", "t=250ms value 2", "t=400ms finished"],
        ]))
  }

  @Test func sharedIntervalServesTheLateSubscriberFromTheSameTimer() {
    let log = SubscriberLog { handBuiltSharedInterval(scheduler: $0, log: $1) }
    // Apple's `prefix(4)` finishes right after the fourth value (the harness
    // runs it as `exactPrefix`; OpenCombine's own would wait for a fifth tick).
    #expect(
      log
        == SubscriberLog(lines: [
          [
            "t=0ms subscribed", "t=100ms value 0", "t=200ms value 1", "t=300ms value 2", "t=400ms value 3",
            "t=400ms finished",
          ],
          ["t=250ms subscribed", "t=300ms value 2", "t=400ms value 3", "t=400ms finished"],
        ]))
  }

  @Test func debounceDropsThePendingValueWhenTheSequenceFinishes() {
    let log = SubscriberLog { handBuiltDebouncedSequence(scheduler: $0, log: $1) }
    #expect(log == SubscriberLog(lines: [["t=0ms subscribed", "t=0ms finished"]]))
  }
}
