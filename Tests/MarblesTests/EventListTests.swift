import StreamCore
import Testing

@testable import Marbles

@Suite struct EventListTests {
  @Test func oneLinePerEventGroupedByRow() {
    #expect(
      EventList.render(TextDiagramTests.typing) == """
        events 0ms:"i", 100ms:"ip", 450ms:"iph", 900ms:|
          t=0ms  subscribed
          t=0ms  value "i"
          t=100ms  value "ip"
          t=450ms  value "iph"
          t=900ms  finished
        debounce 300ms (output)
          t=0ms  subscribed
          t=400ms  value "ip"
          t=750ms  value "iph"
          t=900ms  finished
        """)
  }

  @Test func demandOnlyWhenAskedDropsAlwaysNotesAndStopAtTheEnd() {
    let row = Timeline(
      label: "subject 100ms:1", pipeline: 0, stage: 0, isOutput: true,
      events: [
        TimelineEvent(time: .zero, kind: .subscribed),
        TimelineEvent(time: .zero, kind: .requested(.max(1))),
        TimelineEvent(time: .milliseconds(100), kind: .dropped(.int(1))),
      ])
    let result = RunResult(
      pipelines: [ShownPipeline(source: "subject 100ms:1", subscribeAt: .milliseconds(0))], rows: [row],
      notes: ["a subject drops values nobody asked for"], stop: .horizon(.milliseconds(200)),
      endTime: .milliseconds(200))
    #expect(
      EventList.render(result) == """
        subject 100ms:1 (output)
          t=0ms  subscribed
          t=100ms  dropped 1
        note: a subject drops values nobody asked for
        stopped at the 200ms horizon; \u{2026} marks streams still running
        """)
    #expect(EventList.render(result, includeDemand: true).contains("  t=0ms  request max(1)\n"))
  }

  @Test func severalSubscribersAreHeadedByTheirTiming() {
    let result = RunResult(
      pipelines: [ShownPipeline(source: "s"), ShownPipeline(source: "s", subscribeAt: .milliseconds(200))],
      rows: [
        TimelineFixture.row("s", "100ms:1", output: true),
        TimelineFixture.row("s", "200ms:^, 250ms:2", pipeline: 1, output: true),
      ])
    #expect(
      EventList.render(result) == """
        pipeline 1: s
        s (output)
          t=0ms  subscribed
          t=100ms  value 1
        pipeline 2: s @200ms
        s (output)
          t=200ms  subscribed
          t=250ms  value 2
        """)
  }
}
