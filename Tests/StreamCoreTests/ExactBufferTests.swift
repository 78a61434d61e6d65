import OpenCombine
import Testing

@testable import StreamCore

/// StreamCore's buffer exists because OpenCombine 0.14.0's asks upstream for
/// its first demand before its subscriber has the subscription, so an
/// upstream failing right then (`just 1,2 | tryMap fail("x") | buffer 2`)
/// reached the subscriber before `receive(subscription:)`; and a failure
/// arriving while it delivered buffered values went out between them. The
/// rest is OpenCombine's BufferTests, which were checked against Apple.
@Suite struct ExactBufferTests {
  typealias Input = ManualPublisher<Int, StreamError>

  /// An upstream that fails while answering its subscriber's first request.
  struct FailsOnRequest: Publisher {
    typealias Output = Int
    typealias Failure = StreamError

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == StreamError {
      subscriber.receive(subscription: FailingSubscription(subscriber: AnySubscriber(subscriber)))
    }

    final class FailingSubscription: Subscription {
      var subscriber: AnySubscriber<Int, StreamError>?
      init(subscriber: AnySubscriber<Int, StreamError>) { self.subscriber = subscriber }
      func request(_ demand: Subscribers.Demand) {
        let subscriber = self.subscriber
        self.subscriber = nil
        subscriber?.receive(completion: .failure(StreamError("x")))
      }
      func cancel() { subscriber = nil }
    }
  }

  @Test func aFailureWhileUpstreamAnswersTheFirstRequestComesAfterTheSubscription() {
    let sink = TrackingSubscriber<Int, StreamError>(initialDemand: .none)
    FailsOnRequest().exactBuffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest).subscribe(sink)
    #expect(sink.trace == ["subscribed", "failed(x)"])
  }

  @Test func keepFullAsksForTheSizeAndOneMoreForEachElementHandedOn() {
    // OpenCombine's testInitialDemandWithKeepFullPrefetchStrategy and testRequestingFiniteDemand.
    let upstream = Input()
    let sink = TrackingSubscriber<Int, StreamError>(initialDemand: .none)
    upstream.exactBuffer(size: 5, prefetch: .keepFull, whenFull: .dropNewest).subscribe(sink)
    #expect(upstream.requests == [.max(5)])
    for value in 0..<10 { upstream.send(value) }
    sink.request(.max(3))
    sink.request(.max(1))
    #expect(sink.trace == ["subscribed", "0", "1", "2", "3"])
    #expect(upstream.requests == [.max(5), .max(3), .max(1)])
  }

  @Test func byRequestAsksForEverythingOnce() {
    // OpenCombine's testInitialDemandWithByRequestPrefetchStrategy: Apple asks for `.unlimited`.
    let upstream = Input()
    let sink = TrackingSubscriber<Int, StreamError>(initialDemand: .max(1))
    upstream.exactBuffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest).subscribe(sink)
    sink.request(.max(1))
    #expect(upstream.requests == [.unlimited])
  }

  @Test(arguments: [
    (Publishers.BufferingStrategy<StreamError>.dropNewest, ["subscribed", "0", "1", "2", "3"]),
    (.dropOldest, ["subscribed", "5", "6", "7", "8"]),
    (.customError { StreamError("full") }, ["subscribed", "0", "1", "2", "failed(full)"]),
  ])
  func whenFullDecidesWhichElementsAreKept(strategy: Publishers.BufferingStrategy<StreamError>, expected: [String]) {
    // OpenCombine's testRequestingFiniteDemand: ten elements into five places, then 3 and 1 requested.
    let upstream = Input()
    let sink = TrackingSubscriber<Int, StreamError>(initialDemand: .none)
    upstream.exactBuffer(size: 5, prefetch: .byRequest, whenFull: strategy).subscribe(sink)
    for value in 0..<10 { upstream.send(value) }
    #expect(sink.trace == ["subscribed"])
    sink.request(.max(3))
    sink.request(.max(1))
    #expect(sink.trace == expected)
  }

  @Test func aFullBufferThatFailsCancelsUpstream() {
    let upstream = Input()
    let sink = TrackingSubscriber<Int, StreamError>(initialDemand: .none)
    upstream.exactBuffer(size: 1, prefetch: .byRequest, whenFull: .customError { StreamError("full") })
      .subscribe(sink)
    upstream.send(1)
    upstream.send(2)
    #expect(upstream.isCancelled)
  }

  @Test func aFinishWaitsForTheBufferedElementsToBeAskedFor() {
    // OpenCombine's testReceiveValueAfterCompleting(.finished).
    let upstream = Input()
    let sink = TrackingSubscriber<Int, StreamError>(initialDemand: .none)
    upstream.exactBuffer(size: 3, prefetch: .byRequest, whenFull: .dropOldest).subscribe(sink)
    upstream.send(1)
    upstream.send(2)
    upstream.send(completion: .finished)
    #expect(sink.trace == ["subscribed"])
    sink.request(.max(2))
    #expect(sink.trace == ["subscribed", "1", "2"])
    sink.request(.max(1))
    #expect(sink.trace == ["subscribed", "1", "2", "finished"])
  }

  @Test func aFailureReachesASubscriberWithoutDemandAtOnce() {
    // OpenCombine's testReceiveValueAfterCompleting(.failure): the buffered elements are dropped.
    let upstream = Input()
    let sink = TrackingSubscriber<Int, StreamError>(initialDemand: .none)
    upstream.exactBuffer(size: 3, prefetch: .byRequest, whenFull: .dropOldest).subscribe(sink)
    upstream.send(1)
    upstream.send(completion: .failure(StreamError("boom")))
    sink.request(.max(1))
    #expect(sink.trace == ["subscribed", "failed(boom)"])
  }

  @Test func aFailureWhileElementsAreHandedOnComesAfterThem() {
    // OpenCombine's testFailWhileSendingValues, where Apple delivers 1, the failure, then 2 and 3.
    let upstream = Input()
    var failed = false
    let sink = TrackingSubscriber<Int, StreamError>(initialDemand: .none) { _ in
      if !failed {
        failed = true
        upstream.send(completion: .failure(StreamError("oops")))
      }
      return .none
    }
    upstream.exactBuffer(size: 5, prefetch: .byRequest, whenFull: .dropOldest).subscribe(sink)
    for value in 1...5 { upstream.send(value) }
    sink.request(.max(3))
    #expect(sink.trace == ["subscribed", "1", "2", "3", "failed(oops)"])
  }

  @Test func cancellingWhileElementsAreHandedOnStopsThem() {
    let upstream = Input()
    var sink: TrackingSubscriber<Int, StreamError>!
    sink = TrackingSubscriber(initialDemand: .none) { _ in
      sink.cancel()
      return .none
    }
    upstream.exactBuffer(size: 5, prefetch: .byRequest, whenFull: .dropOldest).subscribe(sink)
    for value in 1...3 { upstream.send(value) }
    sink.request(.max(3))
    #expect(sink.trace == ["subscribed", "1"])
    #expect(upstream.isCancelled)
  }

  @Test func unlimitedDemandPassesElementsStraightThrough() {
    // OpenCombine's testRequestingUnlimitedDemand: with keepFull each element asks for one more.
    let upstream = Input()
    let sink = TrackingSubscriber<Int, StreamError>()
    upstream.exactBuffer(size: 5, prefetch: .keepFull, whenFull: .dropOldest).subscribe(sink)
    #expect(upstream.send(0) == .max(1))
    #expect(upstream.send(1) == .max(1))
    #expect(sink.trace == ["subscribed", "0", "1"])
  }
}
