import OpenCombine
import Testing

@testable import StreamCore

/// StreamCore's replaceEmpty exists because OpenCombine 0.14.0's (like
/// Apple's) asks upstream for `.unlimited` whatever its subscriber asked for
/// and passes every element on: `just 0 | replaceEmpty 9 | retry 1 | zip { just 1 }`
/// delivered `0` to a retry with no demand, which trapped. This one keeps to
/// the demand; otherwise it behaves as OpenCombine's ReplaceEmptyTests say.
@Suite struct ExactReplaceEmptyTests {
  typealias Input = ManualPublisher<Int, StreamError>

  @Test func forwardsTheSubscribersDemandInsteadOfAskingForEverything() {
    let upstream = Input()
    let sink = TrackingSubscriber<Int, StreamError>(initialDemand: .max(1))
    upstream.exactReplaceEmpty(with: 9).subscribe(sink)
    #expect(upstream.requests == [.max(1)])
    sink.request(.max(2))
    #expect(upstream.requests == [.max(1), .max(2)])
  }

  @Test func passesElementsOfANonEmptyStreamThrough() {
    let sink = TrackingSubscriber<Int, StreamError>()
    [1, 2].publisher.setFailureType(to: StreamError.self).exactReplaceEmpty(with: 9).subscribe(sink)
    #expect(sink.trace == ["subscribed", "1", "2", "finished"])
  }

  @Test func replacesAnEmptyStream() {
    let sink = TrackingSubscriber<Int, StreamError>()
    Empty<Int, StreamError>().exactReplaceEmpty(with: 9).subscribe(sink)
    #expect(sink.trace == ["subscribed", "9", "finished"])
  }

  @Test func theReplacementWaitsForDemand() {
    // OpenCombine's testUpstreamCompletesEmptyBeforeDownstreamRequests, checked against Apple.
    let upstream = Input()
    let sink = TrackingSubscriber<Int, StreamError>(initialDemand: .none)
    upstream.exactReplaceEmpty(with: 9).subscribe(sink)
    upstream.send(completion: .finished)
    #expect(sink.trace == ["subscribed"])
    sink.request(.max(1))
    #expect(sink.trace == ["subscribed", "9", "finished"])
  }

  @Test func aFailureIsNotReplaced() {
    let upstream = Input()
    let sink = TrackingSubscriber<Int, StreamError>()
    upstream.exactReplaceEmpty(with: 9).subscribe(sink)
    upstream.send(completion: .failure(StreamError("boom")))
    #expect(sink.trace == ["subscribed", "failed(boom)"])
  }

  @Test func cancellingWhileTheReplacementIsDeliveredSuppressesTheCompletion() {
    var sink: TrackingSubscriber<Int, StreamError>!
    sink = TrackingSubscriber { _ in
      sink.cancel()
      return .none
    }
    Empty<Int, StreamError>().exactReplaceEmpty(with: 9).subscribe(sink)
    #expect(sink.trace == ["subscribed", "9"])
  }

  @Test func cancellingCancelsUpstream() {
    let upstream = Input()
    let sink = TrackingSubscriber<Int, StreamError>()
    upstream.exactReplaceEmpty(with: 9).subscribe(sink)
    sink.cancel()
    upstream.send(1)
    #expect(upstream.isCancelled)
    #expect(sink.trace == ["subscribed"])
  }
}
