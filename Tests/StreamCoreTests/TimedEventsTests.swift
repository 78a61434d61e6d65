import OpenCombine
import Testing

@testable import StreamCore

@Suite struct TimedEventsTests {
  static let typing = [
    TimedEvent(.zero, .value(.string("i"))), TimedEvent(.milliseconds(100), .value(.string("ip"))),
    TimedEvent(.milliseconds(450), .value(.string("iph"))), TimedEvent(.milliseconds(900), .finished),
  ]

  @Test func offsetsCountFromEachSubscription() {
    let clock = VirtualClock()
    let source = TimedEvents(Self.typing, on: clock)
    let early = TrackingSubscriber<Value, StreamError>(clock: clock)
    let late = TrackingSubscriber<Value, StreamError>(clock: clock)
    source.subscribe(early)
    clock.schedule(after: .milliseconds(200)) { source.subscribe(late) }
    clock.run()
    #expect(early.timedTrace == ["0ms subscribed", "0ms \"i\"", "100ms \"ip\"", "450ms \"iph\"", "900ms finished"])
    #expect(late.timedTrace == ["200ms subscribed", "200ms \"i\"", "300ms \"ip\"", "650ms \"iph\"", "1100ms finished"])
  }

  @Test func eventsAtTheSameOffsetKeepTheirOrder() {
    let clock = VirtualClock()
    let sink = TrackingSubscriber<Value, StreamError>(clock: clock)
    let events = [
      TimedEvent(.milliseconds(100), .value(.int(1))), TimedEvent(.milliseconds(100), .value(.int(2))),
      TimedEvent(.milliseconds(100), .failed("boom")),
    ]
    TimedEvents(events, on: clock).subscribe(sink)
    clock.run()
    #expect(sink.timedTrace == ["0ms subscribed", "100ms 1", "100ms 2", "100ms failed(boom)"])
  }

  @Test func aValueWithoutDemandIsDroppedButCompletionStillArrives() {
    let clock = VirtualClock()
    var dropped: [Value] = []
    let sink = TrackingSubscriber<Value, StreamError>(initialDemand: .max(1), clock: clock)
    TimedEvents(Self.typing, on: clock) { dropped.append($0) }.subscribe(sink)
    clock.run()
    #expect(sink.timedTrace == ["0ms subscribed", "0ms \"i\"", "900ms finished"])
    #expect(dropped == [.string("ip"), .string("iph")])
  }

  @Test func cancellingWithdrawsPendingSends() {
    let clock = VirtualClock()
    let sink = TrackingSubscriber<Value, StreamError>(clock: clock)
    TimedEvents(Self.typing, on: clock).subscribe(sink)
    clock.schedule(after: .milliseconds(150)) { sink.cancel() }
    #expect(clock.run() == .idle)
    #expect(clock.now == .milliseconds(150))
    #expect(sink.values == [.string("i"), .string("ip")])
  }

  @Test func nothingFollowsACompletion() {
    let clock = VirtualClock()
    let sink = TrackingSubscriber<Value, StreamError>(clock: clock)
    let events = [TimedEvent(.milliseconds(100), .finished), TimedEvent(.milliseconds(200), .value(.int(1)))]
    TimedEvents(events, on: clock).subscribe(sink)
    clock.run()
    #expect(sink.timedTrace == ["0ms subscribed", "100ms finished"])
    #expect(clock.now == .milliseconds(100))
  }

  @Test func timerSendsZeroThenFinishes() {
    let clock = VirtualClock()
    let sink = TrackingSubscriber<Value, StreamError>(clock: clock)
    TimedEvents.timer(after: .milliseconds(500), on: clock).map { value -> Value in
      guard case .int(let number) = value else { return value }
      return .int(number + 1)
    }.subscribe(sink)
    clock.run()
    #expect(sink.timedTrace == ["0ms subscribed", "500ms 1", "500ms finished"])
  }

  @Test func replaysAMarbleDiagram() throws {
    let clock = VirtualClock()
    let sink = TrackingSubscriber<Value, StreamError>(clock: clock)
    TimedEvents(try MarbleDiagram("-1-2-#", frame: .milliseconds(50)).events, on: clock).subscribe(sink)
    clock.run()
    #expect(sink.timedTrace == ["0ms subscribed", "50ms 1", "150ms 2", "250ms failed(error)"])
  }
}
