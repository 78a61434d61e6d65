import OpenCombine
import Testing

@testable import StreamCore

/// StreamCore's `prefix(untilOutputFrom:)` exists because OpenCombine
/// 0.14.0's (and Apple's) finishes a subscriber that has no subscription yet
/// when the trigger sends before upstream's subscription arrives
/// (`interval 100ms | prefix untilOutputFrom { just 1 }`).
@Suite struct ExactPrefixUntilOutputTests {
  typealias Input = ManualPublisher<Int, StreamError>

  @Test func aTriggerThatSendsAtOnceFinishesAfterTheSubscription() {
    let upstream = Input()
    let sink = TrackingSubscriber<Int, StreamError>()
    upstream.exactPrefix(untilOutputFrom: Just(0)).subscribe(sink)
    #expect(sink.trace == ["subscribed", "finished"])
    #expect(upstream.isCancelled)
  }

  @Test func passesElementsUntilTheTriggerSendsThenCancelsUpstream() {
    // OpenCombine's testBasicBehavior.
    let upstream = Input()
    let trigger = ManualPublisher<String, Never>()
    let sink = TrackingSubscriber<Int, StreamError>()
    upstream.exactPrefix(untilOutputFrom: trigger).subscribe(sink)
    #expect(trigger.requests == [.max(1)])
    upstream.send(1)
    upstream.send(2)
    trigger.send("stop")
    upstream.send(3)
    upstream.send(completion: .finished)
    #expect(sink.trace == ["subscribed", "1", "2", "finished"])
    #expect(upstream.isCancelled)
  }

  @Test func aTriggerEndingWithoutAnElementChangesNothing() {
    // OpenCombine's testTerminatorFinishesWithoutProducingValues.
    let upstream = Input()
    let trigger = ManualPublisher<String, Never>()
    let sink = TrackingSubscriber<Int, StreamError>()
    upstream.exactPrefix(untilOutputFrom: trigger).subscribe(sink)
    trigger.send(completion: .finished)
    upstream.send(1)
    #expect(sink.trace == ["subscribed", "1"])
    #expect(!upstream.isCancelled)
  }

  @Test func upstreamFinishingCancelsTheTrigger() {
    // OpenCombine's testUpstreamCompletion.
    let upstream = Input()
    let trigger = ManualPublisher<String, Never>()
    let sink = TrackingSubscriber<Int, StreamError>()
    upstream.exactPrefix(untilOutputFrom: trigger).subscribe(sink)
    upstream.send(completion: .finished)
    #expect(trigger.isCancelled)
    #expect(sink.trace == ["subscribed", "finished"])
  }

  @Test func cancellingCancelsUpstreamAndTheTrigger() {
    // OpenCombine's testCancellation.
    let upstream = Input()
    let trigger = ManualPublisher<String, Never>()
    let sink = TrackingSubscriber<Int, StreamError>()
    upstream.exactPrefix(untilOutputFrom: trigger).subscribe(sink)
    sink.cancel()
    #expect(upstream.isCancelled)
    #expect(trigger.isCancelled)
  }
}

/// StreamCore's `drop(untilOutputFrom:)` exists because OpenCombine
/// 0.14.0's (and Apple's) forwards every completion it gets, from both
/// sides, and values after them: `just 1,2 | drop untilOutputFrom { empty }`
/// finished twice.
@Suite struct ExactDropUntilOutputTests {
  typealias Input = ManualPublisher<Int, StreamError>

  @Test func anOtherPublisherThatFinishesAtOnceFinishesOnce() {
    let sink = TrackingSubscriber<Int, StreamError>()
    [1, 2].publisher.setFailureType(to: StreamError.self)
      .exactDrop(untilOutputFrom: Empty<Void, StreamError>()).subscribe(sink)
    #expect(sink.trace == ["subscribed", "finished"])
  }

  @Test func nothingFollowsTheOtherPublishersCompletion() {
    // OpenCombine's testOtherCompletesBeforeTriggering, where Apple finishes twice then sends 4.
    let upstream = Input()
    let other = ManualPublisher<Void, StreamError>()
    let sink = TrackingSubscriber<Int, StreamError>()
    upstream.exactDrop(untilOutputFrom: other).subscribe(sink)
    upstream.send(1)
    other.send(completion: .finished)
    other.send(completion: .finished)
    upstream.send(4)
    upstream.send(completion: .finished)
    #expect(sink.trace == ["subscribed", "finished"])
    #expect(upstream.isCancelled)
  }

  @Test func upstreamFinishingEndsItAndCancelsTheOtherPublisher() {
    let upstream = Input()
    let other = ManualPublisher<Void, StreamError>()
    let sink = TrackingSubscriber<Int, StreamError>()
    upstream.exactDrop(untilOutputFrom: other).subscribe(sink)
    upstream.send(completion: .finished)
    other.send(completion: .finished)
    #expect(sink.trace == ["subscribed", "finished"])
    #expect(other.isCancelled)
  }

  @Test func dropsElementsUntilTheOtherPublisherSends() {
    // OpenCombine's testDemand: a dropped element uses up one of the demand.
    let upstream = Input()
    let other = ManualPublisher<Void, StreamError>()
    let sink = TrackingSubscriber<Int, StreamError>(initialDemand: .max(4))
    upstream.exactDrop(untilOutputFrom: other).subscribe(sink)
    #expect(other.requests == [.max(1)])
    #expect(upstream.requests == [.max(4)])
    upstream.send(1)
    upstream.send(2)
    other.send(())
    upstream.send(3)
    #expect(sink.trace == ["subscribed", "3"])
    #expect(upstream.requests == [.max(4)])
  }

  @Test func theOtherPublishersFailureAfterTheTriggerIsIgnored() {
    // OpenCombine's testOtherFailsAfterTriggering.
    let upstream = Input()
    let other = ManualPublisher<Void, StreamError>()
    let sink = TrackingSubscriber<Int, StreamError>()
    upstream.exactDrop(untilOutputFrom: other).subscribe(sink)
    other.send(())
    other.send(completion: .failure(StreamError("late")))
    upstream.send(2)
    #expect(sink.trace == ["subscribed", "2"])
  }
}
