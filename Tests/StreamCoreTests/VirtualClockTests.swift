import OpenCombine
import Testing

@testable import StreamCore

@Suite struct VirtualClockTests {
  @Test func actionsAtTheSameInstantRunFirstInFirstOut() {
    let clock = VirtualClock()
    var order: [String] = []
    clock.schedule(after: .milliseconds(100)) { order.append("a") }
    clock.schedule(after: .milliseconds(50)) { order.append("early") }
    clock.schedule(after: .milliseconds(100)) { order.append("b") }
    clock.schedule { order.append("now") }
    #expect(clock.run() == .idle)
    #expect(order == ["now", "early", "a", "b"])
    #expect(clock.now == .milliseconds(100))
  }

  @Test func scheduleWithoutDelayQueuesInsteadOfRunningInline() {
    let clock = VirtualClock()
    var ran = false
    clock.schedule { ran = true }
    #expect(!ran)
    clock.run()
    #expect(ran)
  }

  @Test func runStopsAtTheHorizonWithWorkLeft() {
    let clock = VirtualClock()
    var fired: [VirtualTime] = []
    let timer = clock.schedule(after: .milliseconds(100), interval: .milliseconds(100)) { fired.append(clock.now) }
    #expect(clock.run(until: .milliseconds(350)) == .horizon)
    #expect(fired == [.milliseconds(100), .milliseconds(200), .milliseconds(300)])
    #expect(clock.now == .milliseconds(350))
    timer.cancel()
    #expect(clock.run() == .idle)
    #expect(fired.count == 3)
  }

  @Test func repeatingTimersKeepTheirOrderAtSharedInstants() {
    let clock = VirtualClock()
    var order: [String] = []
    let first = clock.schedule(after: .milliseconds(10), interval: .milliseconds(10)) { order.append("A") }
    let second = clock.schedule(after: .milliseconds(10), interval: .milliseconds(10)) { order.append("B") }
    clock.run(until: .milliseconds(30))
    #expect(order == ["A", "B", "A", "B", "A", "B"])
    first.cancel()
    second.cancel()
  }

  @Test func shouldStopEndsTheRun() {
    let clock = VirtualClock()
    var count = 0
    let timer = clock.schedule(after: .zero, interval: .milliseconds(1)) { count += 1 }
    clock.shouldStop = { count >= 5 }
    #expect(clock.run() == .stopped)
    #expect(count == 5)
    timer.cancel()
  }

  @Test func pastDatesRunAsSoonAsPossible() {
    let clock = VirtualClock()
    clock.advance(to: .milliseconds(500))
    var at: VirtualTime?
    clock.schedule(after: .milliseconds(100)) { at = clock.now }
    clock.run()
    #expect(at == .milliseconds(500))
  }

  @Test func openCombineDebounceRunsOnTheVirtualClock() {
    let clock = VirtualClock()
    let recorder = Recorder(clock: clock)
    let subject = PassthroughSubject<Value, StreamError>()
    let channel = recorder.channel(label: "debounce 300ms", pipeline: 0, stage: 1, isOutput: true)
    let cancellable = subject.debounce(for: .milliseconds(300), scheduler: clock).probe(channel)
      .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
    for (ms, text) in [(0, "i"), (100, "ip"), (450, "iph")] {
      clock.schedule(after: .milliseconds(ms)) { subject.send(.string(text)) }
    }
    clock.schedule(after: .milliseconds(900)) { subject.send(completion: .finished) }
    clock.run()
    let marbles = channel.timeline.marbleEvents.map(\.description)
    #expect(marbles == ["t=0ms  subscribed", "t=400ms  value \"ip\"", "t=750ms  value \"iph\"", "t=900ms  finished"])
    cancellable.cancel()
  }

  @Test func budgetStopsASynchronousRunawaySource() {
    let clock = VirtualClock()
    let recorder = Recorder(clock: clock, maxEvents: 100)
    let channel = recorder.channel(label: "range", pipeline: 0, stage: 0, isOutput: true)
    var received = 0
    let cancellable = (1...Int.max).lazy.map { Value.int($0) }.publisher
      .setFailureType(to: StreamError.self).probe(channel).sink(
        receiveCompletion: { _ in }, receiveValue: { _ in received += 1 })
    #expect(recorder.stopCause == .budget(100))
    #expect(received < 100)
    cancellable.cancel()
  }
}

@Suite struct VirtualClockLaneTests {
  @Test func scheduleFirstRunsBeforeOrdinaryActionsOfTheSameInstant() {
    let clock = VirtualClock()
    var order: [String] = []
    clock.schedule(after: .milliseconds(250)) { order.append("send") }
    clock.scheduleFirst(at: .milliseconds(250)) { order.append("subscribe") }
    clock.schedule(after: .milliseconds(100)) { order.append("earlier") }
    clock.run()
    #expect(order == ["earlier", "subscribe", "send"])
  }
}
