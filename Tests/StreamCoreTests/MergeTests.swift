import OpenCombine
import Testing

@testable import StreamCore

@Suite struct MergeTests {
  typealias Input = ManualPublisher<Int, StreamError>

  @Test func interleavesValuesAndFinishesWhenEveryInputFinished() {
    let (a, b) = (Input(), Input())
    let sink = TrackingSubscriber<Int, StreamError>()
    a.merge(with: b).subscribe(sink)
    a.send(1)
    b.send(2)
    a.send(completion: .finished)
    #expect(sink.trace == ["subscribed", "1", "2"])
    b.send(3)
    b.send(completion: .finished)
    #expect(sink.trace == ["subscribed", "1", "2", "3", "finished"])
  }

  @Test func unlimitedDemandReachesEveryInput() {
    let (a, b) = (Input(), Input())
    a.merge(with: b).subscribe(TrackingSubscriber<Int, StreamError>())
    #expect(a.requests == [.unlimited])
    #expect(b.requests == [.unlimited])
  }

  @Test func aSubscriberThatAsksForOneGetsOne() {
    let (a, b) = (Input(), Input())
    let sink = TrackingSubscriber<Int, StreamError>(initialDemand: .max(1))
    a.merge(with: b).subscribe(sink)
    // Like Apple's Merge, each input is asked for one value at a time.
    #expect(a.requests == [.max(1)])
    #expect(b.requests == [.max(1)])
    #expect(a.send(1) == .max(1))
    #expect(b.send(2) == .none)
    #expect(sink.values == [1])
  }

  @Test func aValueWaitingForDemandGoesOutOnTheNextRequest() {
    let (a, b) = (Input(), Input())
    let sink = TrackingSubscriber<Int, StreamError>(initialDemand: .max(1))
    a.merge(with: b).subscribe(sink)
    a.send(1)
    b.send(2)
    sink.request(.max(1))
    #expect(sink.values == [1, 2])
    #expect(b.requests == [.max(1), .max(1)])
  }

  @Test func finishingWaitsForBufferedValues() {
    let (a, b) = (Input(), Input())
    let sink = TrackingSubscriber<Int, StreamError>(initialDemand: .max(1))
    a.merge(with: b).subscribe(sink)
    a.send(1)
    b.send(2)
    a.send(completion: .finished)
    b.send(completion: .finished)
    #expect(sink.trace == ["subscribed", "1"])
    sink.request(.max(1))
    #expect(sink.trace == ["subscribed", "1", "2", "finished"])
  }

  @Test func aFailureCancelsTheOtherInputsAndFailsOnce() {
    let (a, b) = (Input(), Input())
    let sink = TrackingSubscriber<Int, StreamError>()
    a.merge(with: b).subscribe(sink)
    a.send(1)
    b.send(completion: .failure(StreamError("boom")))
    #expect(a.isCancelled)
    #expect(!b.isCancelled)
    a.send(2)
    a.send(completion: .failure(StreamError("again")))
    b.send(3)
    #expect(sink.trace == ["subscribed", "1", "failed(boom)"])
  }

  @Test func cancellingCancelsEveryInputAndStopsDelivery() {
    let (a, b, c) = (Input(), Input(), Input())
    let sink = TrackingSubscriber<Int, StreamError>()
    Publishers.MergeMany(a, b, c).subscribe(sink)
    a.send(1)
    sink.cancel()
    #expect([a, b, c].allSatisfy { $0.isCancelled })
    b.send(2)
    c.send(completion: .finished)
    #expect(sink.trace == ["subscribed", "1"])
  }

  @Test func demandRequestedInsideReceiveIsHonoured() {
    let (a, b) = (Input(), Input())
    var sink: TrackingSubscriber<Int, StreamError>!
    sink = TrackingSubscriber(initialDemand: .none) { _ in
      sink.request(.max(1))
      return .none
    }
    a.merge(with: b).subscribe(sink)
    a.send(1)
    b.send(2)
    #expect(sink.values.isEmpty)
    sink.request(.max(1))
    // Each delivered value re-requests one, so both buffered values go out.
    #expect(sink.values == [1, 2])
    a.send(3)
    #expect(sink.values == [1, 2, 3])
  }

  @Test func cancellingInsideReceiveStopsTheFlush() {
    let (a, b) = (Input(), Input())
    var sink: TrackingSubscriber<Int, StreamError>!
    sink = TrackingSubscriber(initialDemand: .none) { _ in
      sink.cancel()
      return .none
    }
    a.merge(with: b).subscribe(sink)
    a.send(1)
    b.send(2)
    sink.request(.max(5))
    #expect(sink.values == [1])
    #expect(a.isCancelled && b.isCancelled)
  }

  @Test func mergeManyMergesAnyNumberOfInputs() {
    let inputs = (0..<4).map { _ in Input() }
    let sink = TrackingSubscriber<Int, StreamError>()
    Publishers.MergeMany(inputs).subscribe(sink)
    for (index, input) in inputs.enumerated().reversed() { input.send(index) }
    for input in inputs { input.send(completion: .finished) }
    #expect(sink.trace == ["subscribed", "3", "2", "1", "0", "finished"])
  }

  @Test func mergeManyOfNothingFinishesWhenAsked() {
    let sink = TrackingSubscriber<Int, StreamError>()
    Publishers.MergeMany([Input]()).subscribe(sink)
    #expect(sink.trace == ["subscribed", "finished"])
  }

  @Test func synchronousInputsRunOneAfterTheOther() {
    let sink = TrackingSubscriber<Int, StreamError>()
    let first = [1, 2].publisher.setFailureType(to: StreamError.self)
    first.merge(with: [3, 4].publisher.setFailureType(to: StreamError.self)).subscribe(sink)
    #expect(sink.trace == ["subscribed", "1", "2", "3", "4", "finished"])
  }

  @Test func mergesTwoMarbleStreamsOnTheClock() throws {
    let clock = VirtualClock()
    let a = TimedEvents(try MarbleDiagram("-a---b-|").events, on: clock)
    let b = TimedEvents(try MarbleDiagram("--1-2---|").events, on: clock)
    let sink = TrackingSubscriber<Value, StreamError>(clock: clock)
    a.merge(with: b).subscribe(sink)
    clock.run()
    #expect(
      sink.timedTrace == [
        "0ms subscribed", "100ms \"a\"", "200ms 1", "400ms 2", "500ms \"b\"", "800ms finished",
      ])
  }
}
