import OpenCombine
import Testing

@testable import StreamCore

@Suite struct ScriptedSubjectTests {
  @Test func aLateSubscriberMissesEarlierSends() {
    let clock = VirtualClock()
    let sends = [
      TimedEvent(.milliseconds(100), .value(.int(1))), TimedEvent(.milliseconds(250), .value(.int(2))),
      TimedEvent(.milliseconds(400), .finished),
    ]
    let subject = ScriptedSubject(passthrough: sends, on: clock)
    let early = TrackingSubscriber<Value, StreamError>(clock: clock)
    let late = TrackingSubscriber<Value, StreamError>(clock: clock)
    subject.publisher().subscribe(early)
    clock.schedule(after: .milliseconds(200)) { subject.publisher().subscribe(late) }
    clock.run()
    #expect(early.timedTrace == ["0ms subscribed", "100ms 1", "250ms 2", "400ms finished"])
    #expect(late.timedTrace == ["200ms subscribed", "250ms 2", "400ms finished"])
  }

  @Test func currentGivesEachSubscriberTheValueItHoldsThenLaterSends() {
    let clock = VirtualClock()
    let sends = [TimedEvent(.milliseconds(100), .value(.int(1))), TimedEvent(.milliseconds(300), .value(.int(2)))]
    let subject = ScriptedSubject(current: .int(0), sends: sends, on: clock)
    let first = TrackingSubscriber<Value, StreamError>(clock: clock)
    let second = TrackingSubscriber<Value, StreamError>(clock: clock)
    clock.schedule(after: .milliseconds(50)) { subject.publisher().subscribe(first) }
    clock.schedule(after: .milliseconds(200)) { subject.publisher().subscribe(second) }
    clock.run()
    #expect(first.timedTrace == ["50ms subscribed", "50ms 0", "100ms 1", "300ms 2"])
    #expect(second.timedTrace == ["200ms subscribed", "200ms 1", "300ms 2"])
  }

  @Test func sendsAfterACompletionAreIgnored() {
    let clock = VirtualClock()
    let sends = [
      TimedEvent(.milliseconds(100), .failed("boom")), TimedEvent(.milliseconds(200), .value(.int(5))),
      TimedEvent(.milliseconds(300), .finished),
    ]
    let subject = ScriptedSubject(passthrough: sends, on: clock)
    let sink = TrackingSubscriber<Value, StreamError>(clock: clock)
    subject.publisher().subscribe(sink)
    clock.run()
    #expect(sink.timedTrace == ["0ms subscribed", "100ms failed(boom)"])
  }

  @Test func aSubscriberWithoutDemandLosesTheValueAndTheLossIsReported() {
    let clock = VirtualClock()
    let sends = (1...3).map { TimedEvent(.milliseconds($0 * 100), .value(.int($0))) }
    let subject = ScriptedSubject(passthrough: sends, on: clock)
    var dropped: [String] = []
    let sink = TrackingSubscriber<Value, StreamError>(initialDemand: .max(1), clock: clock)
    let other = TrackingSubscriber<Value, StreamError>(clock: clock)
    subject.publisher { dropped.append("\(clock.now) \($0)") }.subscribe(sink)
    subject.publisher().subscribe(other)
    clock.schedule(after: .milliseconds(250)) { sink.request(.max(1)) }
    clock.run()
    #expect(sink.values == [.int(1), .int(3)])
    #expect(dropped == ["200ms 2"])
    #expect(other.values == [.int(1), .int(2), .int(3)])
  }

  @Test func aCancelledSubscriberIsNoLongerReported() {
    let clock = VirtualClock()
    let subject = ScriptedSubject(passthrough: [TimedEvent(.milliseconds(100), .value(.int(1)))], on: clock)
    var dropped: [Value] = []
    let sink = TrackingSubscriber<Value, StreamError>(initialDemand: .none)
    subject.publisher { dropped.append($0) }.subscribe(sink)
    sink.cancel()
    clock.run()
    #expect(dropped.isEmpty)
  }
}

/// `published 0, 100ms:1`: OpenCombine's real `@Published` property.
@Suite struct PublishedPropertyTests {
  @Test func aSubscriberGetsTheCurrentValueThenEachAssignment() {
    let clock = VirtualClock()
    let sends = [TimedEvent(.milliseconds(100), .value(.int(1))), TimedEvent(.milliseconds(300), .value(.int(2)))]
    let property = ScriptedSubject(published: .int(0), sends: sends, on: clock)
    let early = TrackingSubscriber<Value, StreamError>(clock: clock)
    let late = TrackingSubscriber<Value, StreamError>(clock: clock)
    clock.schedule(after: .milliseconds(50)) { property.publisher().subscribe(early) }
    clock.schedule(after: .milliseconds(200)) { property.publisher().subscribe(late) }
    clock.run()
    #expect(early.timedTrace == ["50ms subscribed", "50ms 0", "100ms 1", "300ms 2"])
    #expect(late.timedTrace == ["200ms subscribed", "200ms 1", "300ms 2"])
  }

  @Test func aSubscriberReceivesTheNewValueWhileThePropertyStillHoldsTheOldOne() throws {
    let clock = VirtualClock()
    let sends = [TimedEvent(.milliseconds(100), .value(.int(1)))]
    let property = ScriptedSubject(published: .int(0), sends: sends, on: clock)
    property.publisher().subscribe(TrackingSubscriber<Value, StreamError>(clock: clock))
    clock.run()
    let seen = try #require(property.willSetSeen)
    #expect(seen.time == .zero.advanced(by: .milliseconds(100)))
    #expect(seen.received == .int(1))
    #expect(seen.propertyHeld == .int(0))
  }

  @Test func subjectsReportNoWillSetTiming() {
    let clock = VirtualClock()
    let subject = ScriptedSubject(current: .int(0), sends: [TimedEvent(.milliseconds(100), .value(.int(1)))], on: clock)
    subject.publisher().subscribe(TrackingSubscriber<Value, StreamError>(clock: clock))
    clock.run()
    #expect(subject.willSetSeen == nil)
  }
}
