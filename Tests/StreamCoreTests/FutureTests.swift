import OpenCombine
import Testing

@testable import StreamCore

@Suite struct FutureTests {
  @Test func futureRunsOnceAndReplaysToLateSubscribers() {
    let clock = VirtualClock()
    let future = Future(fulfillingAfter: .milliseconds(200), on: clock, with: .success(.int(42)))
    let early = TrackingSubscriber<Value, StreamError>(clock: clock)
    let late = TrackingSubscriber<Value, StreamError>(clock: clock)
    future.subscribe(early)
    clock.schedule(after: .milliseconds(300)) { future.subscribe(late) }
    clock.run()
    #expect(early.timedTrace == ["0ms subscribed", "200ms 42", "200ms finished"])
    #expect(late.timedTrace == ["300ms subscribed", "300ms 42", "300ms finished"])
  }

  @Test func futureStartsWhenCreatedNotWhenSubscribed() {
    let clock = VirtualClock()
    let future = Future(fulfillingAfter: .milliseconds(200), on: clock, with: .failure(StreamError("nope")))
    let sink = TrackingSubscriber<Value, StreamError>(clock: clock)
    clock.schedule(after: .milliseconds(150)) { future.subscribe(sink) }
    clock.run()
    #expect(sink.timedTrace == ["150ms subscribed", "200ms failed(nope)"])
  }

  @Test func deferredFutureStartsPerSubscription() {
    let clock = VirtualClock()
    var started = 0
    let deferred = Deferred { () -> Future<Value, StreamError> in
      started += 1
      return Future(fulfillingAfter: .milliseconds(200), on: clock, with: .success(.int(42)))
    }
    let early = TrackingSubscriber<Value, StreamError>(clock: clock)
    let late = TrackingSubscriber<Value, StreamError>(clock: clock)
    deferred.subscribe(early)
    clock.schedule(after: .milliseconds(300)) { deferred.subscribe(late) }
    clock.run()
    #expect(started == 2)
    #expect(early.timedTrace == ["0ms subscribed", "200ms 42", "200ms finished"])
    #expect(late.timedTrace == ["300ms subscribed", "500ms 42", "500ms finished"])
  }
}
