import Dispatch
import StreamCore
import Testing

@testable import StreamLab

/// Ctrl-C in the session: it stops a run, the run's diagram is still drawn
/// (from the ends of long rows), and the drawing itself can be walked away from.
@Suite struct InterruptedRunTests {
  /// A flag the test raises, as the SIGINT handler raises the shell's.
  final class Flag: @unchecked Sendable {
    var isRaised = false
    var clears = 0
  }

  @Test func ctrlCStopsARunThatCannotFinishAndTheBindingsStay() {
    let flag = Flag()
    var settings = ReplSettings()
    settings.horizon = .seconds(100_000)
    settings.maxEvents = .max
    var session = ReplSession(
      settings: settings, isInterrupted: { flag.isRaised },
      clearInterrupt: {
        flag.isRaised = false
        flag.clears += 1
      })
    #expect(session.submit("let kept = just 42") == ReplReply(text: "bound kept"))
    // Raised before the run: it stops at its first look at the flag, and
    // nothing else could have stopped 100 million ticks with no budget.
    flag.isRaised = true
    let reply = session.submit("interval 1ms | map x + 1")
    #expect(!reply.isError)
    #expect(reply.text.contains("stopped by Ctrl-C at "))
    #expect(flag.clears == 1)
    #expect(session.submit("kept | map x + 1").text.contains("43"))
  }

  @Test func theWorkIsAbandonedWhenTheInterruptIsRaised() {
    let release = DispatchSemaphore(value: 0)
    var polls = 0
    // Work that cannot finish until the test lets it.
    let result = InterruptibleWork.run(
      isInterrupted: {
        polls += 1
        return polls >= 3
      },
      {
        release.wait()
        return "drawn"
      })
    #expect(result == nil)
    release.signal()
  }

  @Test func workThatFinishesGivesItsResult() {
    #expect(InterruptibleWork.run(isInterrupted: { false }, { 6 * 7 }) == 42)
  }

  @Test func longRowsAreCutToTheirFirstAndLastEvents() {
    let events = (0..<10).map { TimelineEvent(time: .milliseconds($0), kind: .value(.int($0))) }
    let result = RunResult(
      pipelines: [ShownPipeline(source: "s")],
      rows: [Timeline(label: "s", pipeline: 0, stage: 0, isOutput: true, events: events)])
    let cut = result.keepingEndsOfRows(4)
    #expect(cut.rows[0].events.map(\.time) == [0, 1, 8, 9].map { VirtualTime.milliseconds($0) })
    #expect(
      cut.notes == [
        "after Ctrl-C the diagram was drawn from the first and last 2 events of each row; "
          + "the run recorded 10 in all"
      ])
    #expect(result.keepingEndsOfRows(10) == result)
  }
}
