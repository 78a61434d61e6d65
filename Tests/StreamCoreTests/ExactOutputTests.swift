import OpenCombine
import Testing

@testable import StreamCore

@Suite struct ExactOutputTests {
  @Test func prefixFinishesAndCancelsRightAfterTheLastElement() {
    let upstream = ManualPublisher<Int, Never>()
    let subscriber = TrackingSubscriber<Int, Never>()
    upstream.exactPrefix(2).subscribe(subscriber)
    upstream.send(1)
    #expect(subscriber.trace == ["subscribed", "1"])
    upstream.send(2)
    #expect(subscriber.trace == ["subscribed", "1", "2", "finished"])
    #expect(upstream.isCancelled)
    upstream.send(3)
    #expect(subscriber.trace == ["subscribed", "1", "2", "finished"])
  }

  @Test func outputAtSkipsEarlierElementsAskingForReplacements() {
    let upstream = ManualPublisher<String, Never>()
    let subscriber = TrackingSubscriber<String, Never>(initialDemand: .max(1))
    upstream.exactOutput(at: 2).subscribe(subscriber)
    #expect(upstream.send("a") == .max(1))
    #expect(upstream.send("b") == .max(1))
    #expect(upstream.send("c") == .none)
    #expect(subscriber.trace == ["subscribed", "c", "finished"])
    #expect(upstream.isCancelled)
  }

  @Test func demandPassesThroughUnchanged() {
    let upstream = ManualPublisher<Int, Never>()
    let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1)) { _ in .max(2) }
    upstream.exactPrefix(5).subscribe(subscriber)
    #expect(upstream.requests == [.max(1)])
    #expect(upstream.send(1) == .max(2))
  }

  @Test func completionBeforeTheRangeEndsPassesThrough() {
    let upstream = ManualPublisher<Int, Never>()
    let subscriber = TrackingSubscriber<Int, Never>()
    upstream.exactPrefix(3).subscribe(subscriber)
    upstream.send(1)
    upstream.send(completion: .finished)
    #expect(subscriber.trace == ["subscribed", "1", "finished"])
  }

  @Test func prefixZeroEndsAtTheFirstElement() {
    let upstream = ManualPublisher<Int, Never>()
    let subscriber = TrackingSubscriber<Int, Never>()
    upstream.exactPrefix(0).subscribe(subscriber)
    upstream.send(1)
    #expect(subscriber.trace == ["subscribed", "finished"])
    #expect(upstream.isCancelled)
  }

  @Test func cancelReachesUpstream() {
    let upstream = ManualPublisher<Int, Never>()
    let subscriber = TrackingSubscriber<Int, Never>()
    upstream.exactPrefix(3).subscribe(subscriber)
    subscriber.cancel()
    #expect(upstream.isCancelled)
  }

  @Test func takeOnAnIntervalFinishesWithItsLastTick() {
    let clock = VirtualClock()
    let subscriber = TrackingSubscriber<Value, StreamError>(clock: clock)
    Interval(every: .milliseconds(100), on: clock).exactPrefix(3).subscribe(subscriber)
    clock.run(until: .milliseconds(1_000))
    #expect(subscriber.timedTrace == ["0ms subscribed", "100ms 0", "200ms 1", "300ms 2", "300ms finished"])
  }
}
