import OpenCombine
import Testing

@testable import StreamCore

/// The subscriber at the end of a run's pipelines behaves as `sink` does.
@Suite struct RunSubscriberTests {
  @Test func asksForEverythingOnceSubscribedAndWantsNoMorePerValue() {
    let upstream = ManualPublisher<Value, StreamError>()
    let subscriber = RunSubscriber()
    upstream.subscribe(subscriber)
    #expect(upstream.requests == [.unlimited])
    #expect(upstream.send(.int(1)) == .none)
    #expect(!upstream.isCancelled)
  }

  @Test func cancellingCancelsTheSubscriptionOnce() {
    let upstream = ManualPublisher<Value, StreamError>()
    let subscriber = RunSubscriber()
    upstream.subscribe(subscriber)
    subscriber.cancel()
    #expect(upstream.isCancelled)
  }

  @Test func aSecondSubscriptionIsCancelledAndTheFirstKept() {
    let first = ManualPublisher<Value, StreamError>()
    let second = ManualPublisher<Value, StreamError>()
    let subscriber = RunSubscriber()
    first.subscribe(subscriber)
    second.subscribe(subscriber)
    #expect(second.isCancelled)
    #expect(second.requests.isEmpty)
    #expect(!first.isCancelled)
    subscriber.cancel()
    #expect(first.isCancelled)
  }

  @Test func afterTheCompletionNothingIsCancelledAndANewSubscriptionIsRefused() {
    let upstream = ManualPublisher<Value, StreamError>()
    let subscriber = RunSubscriber()
    upstream.subscribe(subscriber)
    upstream.send(completion: .finished)
    subscriber.cancel()
    #expect(!upstream.isCancelled)
    let late = ManualPublisher<Value, StreamError>()
    late.subscribe(subscriber)
    #expect(late.isCancelled)
    #expect(late.requests.isEmpty)
  }
}
