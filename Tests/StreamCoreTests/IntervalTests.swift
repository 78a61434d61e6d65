import OpenCombine
import Testing

@testable import StreamCore

@Suite struct IntervalTests {
  @Test func countsFromOnePeriodAfterTheSubscription() {
    let clock = VirtualClock()
    let sink = TrackingSubscriber<Value, StreamError>(clock: clock)
    clock.schedule(after: .milliseconds(250)) {
      Interval(every: .milliseconds(100), on: clock).subscribe(sink)
    }
    #expect(clock.run(until: .milliseconds(560)) == .horizon)
    #expect(sink.timedTrace == ["250ms subscribed", "350ms 0", "450ms 1", "550ms 2"])
  }

  @Test func eachSubscriptionHasItsOwnCount() {
    let clock = VirtualClock()
    let interval = Interval(every: .milliseconds(100), on: clock)
    let first = TrackingSubscriber<Value, StreamError>(clock: clock)
    let second = TrackingSubscriber<Value, StreamError>(clock: clock)
    interval.subscribe(first)
    clock.schedule(after: .milliseconds(150)) { interval.subscribe(second) }
    clock.run(until: .milliseconds(300))
    #expect(first.values == [.int(0), .int(1), .int(2)])
    #expect(second.timedTrace == ["150ms subscribed", "250ms 0"])
  }

  @Test func aTickWithoutDemandIsDroppedAndReported() {
    let clock = VirtualClock()
    var dropped: [String] = []
    let sink = TrackingSubscriber<Value, StreamError>(initialDemand: .max(2), clock: clock)
    Interval(every: .milliseconds(100), on: clock) { dropped.append("\(clock.now) \($0)") }.subscribe(sink)
    clock.schedule(after: .milliseconds(350)) { sink.request(.max(1)) }
    clock.run(until: .milliseconds(500))
    // Ticks keep their own numbers: the one after a drop is 3, not 2.
    #expect(sink.timedTrace == ["0ms subscribed", "100ms 0", "200ms 1", "400ms 3"])
    #expect(dropped == ["300ms 2", "500ms 4"])
  }

  @Test func demandRequestedInsideReceiveCountsForTheNextTick() {
    let clock = VirtualClock()
    var sink: TrackingSubscriber<Value, StreamError>!
    sink = TrackingSubscriber(initialDemand: .max(1), clock: clock) { _ in
      sink.request(.max(1))
      return .none
    }
    Interval(every: .milliseconds(100), on: clock).subscribe(sink)
    clock.run(until: .milliseconds(300))
    #expect(sink.values == [.int(0), .int(1), .int(2)])
  }

  @Test func cancellingStopsTheTimerWithoutMovingTheClock() {
    let clock = VirtualClock()
    let sink = TrackingSubscriber<Value, StreamError>(clock: clock)
    Interval(every: .milliseconds(100), on: clock).subscribe(sink)
    clock.schedule(after: .milliseconds(250)) { sink.cancel() }
    #expect(clock.run() == .idle)
    #expect(clock.now == .milliseconds(250))
    #expect(sink.values == [.int(0), .int(1)])
  }

  @Test func prefixFinishesWhenTheTickAfterItsLastValueComes() {
    let clock = VirtualClock()
    let sink = TrackingSubscriber<Value, StreamError>(clock: clock)
    Interval(every: .milliseconds(100), on: clock).prefix(3).subscribe(sink)
    #expect(clock.run() == .idle)
    // OpenCombine's `prefix` (`output(in:)`) finishes when it receives the
    // element after its range, not on its last element.
    #expect(sink.timedTrace == ["0ms subscribed", "100ms 0", "200ms 1", "300ms 2", "400ms finished"])
  }
}
