import OpenCombine
import Testing

@testable import StreamCore

@Suite struct RecorderTests {
  @Test func anInterruptStopsASynchronousRunawaySource() {
    let clock = VirtualClock()
    var polls = 0
    let recorder = Recorder(clock: clock) {
      polls += 1
      return polls > 3
    }
    let channel = recorder.channel(label: "range", pipeline: 0, stage: 0, isOutput: true)
    var received = 0
    let cancellable = (1...Int.max).lazy.map { Value.int($0) }.publisher
      .setFailureType(to: StreamError.self).probe(channel).sink(
        receiveCompletion: { _ in }, receiveValue: { _ in received += 1 })
    #expect(recorder.stopCause == .interrupted)
    // The interrupt is polled every few hundred events, not for each one.
    #expect(received > 0 && received < 2_000)
    #expect(!channel.timeline.hasTerminated)
    cancellable.cancel()
  }

  @Test func theFirstStopCauseWins() {
    let recorder = Recorder(clock: VirtualClock(), maxEvents: 3)
    let channel = recorder.channel(label: "a", pipeline: 0, stage: 0)
    recorder.fail("division by zero", stage: "map x/0", value: .int(1))
    for _ in 0..<5 { channel.record(.value(.int(1))) }
    #expect(recorder.eventCount == 5)
    #expect(recorder.isStopping)
    guard case .runtimeError(let error) = recorder.stopCause else {
      Issue.record("expected a runtime error, got \(String(describing: recorder.stopCause))")
      return
    }
    #expect(error.stage == "map x/0")
  }

  @Test func channelsKeepTheirRowsAndTheSilentOneKeepsNone() {
    let clock = VirtualClock()
    let recorder = Recorder(clock: clock)
    let late = recorder.channel(label: "map x*2", pipeline: 0, stage: 1, isOutput: true)
    let early = recorder.channel(label: "just 1", pipeline: 0, stage: 0)
    early.record(.value(.int(1)))
    clock.advance(to: .milliseconds(5))
    late.record(.value(.int(2)))
    recorder.silentChannel.record(.finished)
    #expect(recorder.timelines.map(\.label) == ["just 1", "map x*2"])
    #expect(late.timeline.events == [TimelineEvent(time: .milliseconds(5), kind: .value(.int(2)))])
    #expect(late.timeline.isOutput)
    #expect(recorder.silentChannel.timeline.events.isEmpty)
    #expect(recorder.eventCount == 3)
  }
}
