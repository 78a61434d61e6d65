import StreamCore
import Testing

@testable import StreamLab

@Suite struct TraceLogTests {
  /// `just 1,2 | prefix 1` as Apple's Combine runs it: `prefix` passes the
  /// sink's unlimited demand up, sends 1, then at once finishes downstream
  /// and cancels upstream, so 2 is never sent.
  @Test func printsEachStageLikeCombinesPrint() {
    let ms = VirtualTime.milliseconds
    let source = Timeline(
      label: "just 1,2", pipeline: 0, stage: 0,
      events: [
        TimelineEvent(time: ms(0), kind: .subscribed),
        TimelineEvent(time: ms(0), kind: .requested(.unlimited)),
        TimelineEvent(time: ms(0), kind: .value(.int(1))),
        TimelineEvent(time: ms(0), kind: .cancelled),
      ])
    let output = Timeline(
      label: "prefix 1", pipeline: 0, stage: 1, isOutput: true,
      events: [
        TimelineEvent(time: ms(0), kind: .subscribed),
        TimelineEvent(time: ms(0), kind: .requested(.unlimited)),
        TimelineEvent(time: ms(0), kind: .value(.int(1))),
        TimelineEvent(time: ms(0), kind: .finished),
      ])
    let result = RunResult(pipelines: [ShownPipeline(source: "just 1,2 | prefix 1")], rows: [source, output])
    #expect(
      TraceLog(result: result).text == """
        pipeline 1: just 1,2 | prefix 1
          just 1,2
            0ms  receive subscription
            0ms  request unlimited
            0ms  receive value: (1)
            0ms  receive cancel
          prefix 1
            0ms  receive subscription
            0ms  request unlimited
            0ms  receive value: (1)
            0ms  receive finished
        """)
  }

  @Test func showsTimingFailuresDropsAndWhyTheRunStopped() {
    let row = Timeline(
      label: "subject 100ms:1, 1200ms:#\"boom\"", pipeline: 0, stage: 0, isOutput: true,
      events: [
        TimelineEvent(time: .milliseconds(250), kind: .subscribed),
        TimelineEvent(time: .milliseconds(1200), kind: .failed("boom")),
      ])
    let result = RunResult(
      pipelines: [ShownPipeline(source: "s", subscribeAt: .milliseconds(250))], rows: [row],
      stop: .horizon(.milliseconds(10_000)))
    #expect(
      TraceLog(result: result).text == """
        pipeline 1: s @250ms
          subject 100ms:1, 1200ms:#"boom"
             250ms  receive subscription
            1200ms  receive error: ("boom")
        (the run stopped at the horizon, 10000ms)
        """)
  }

  @Test func aRunawayRowShowsItsStartAndEnd() {
    let events =
      [TimelineEvent(time: .zero, kind: .subscribed)]
      + (1...500).map { TimelineEvent(time: .milliseconds($0), kind: .value(.int($0 - 1))) }
    let row = Timeline(label: "interval 1ms", pipeline: 0, stage: 0, isOutput: true, events: events)
    let result = RunResult(pipelines: [ShownPipeline(source: "interval 1ms")], rows: [row], stop: .interrupted)
    let lines = TraceLog(result: result).text.split(separator: "\n")
    #expect(lines.count == 1 + 1 + 100 + 1 + 20 + 1)
    #expect(lines[101] == "     99ms  receive value: (98)")
    #expect(lines[102] == "    … 381 more events …")
    #expect(lines[103] == "    481ms  receive value: (480)")
    #expect(lines.last == "(the run was interrupted at 0ms)")
  }
}
