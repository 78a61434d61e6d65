import OpenCombine
import Testing

@testable import StreamCore

@Suite struct CombineLatestTests {
  typealias Ints = ManualPublisher<Int, StreamError>
  typealias Strings = ManualPublisher<String, StreamError>

  @Test func emitsNothingUntilEveryInputHasEmitted() {
    let (a, b) = (Ints(), Strings())
    let sink = TrackingSubscriber<(Int, String), StreamError>()
    a.combineLatest(b).subscribe(sink)
    a.send(1)
    a.send(2)
    #expect(sink.trace == ["subscribed"])
    b.send("x")
    a.send(3)
    b.send("y")
    #expect(sink.trace == ["subscribed", "(2, \"x\")", "(3, \"x\")", "(3, \"y\")"])
  }

  @Test func demandIsForwardedToEveryInput() {
    let (a, b) = (Ints(), Strings())
    let sink = TrackingSubscriber<(Int, String), StreamError>(initialDemand: .max(2))
    a.combineLatest(b).subscribe(sink)
    sink.request(.max(1))
    #expect(a.requests == [.max(2), .max(1)])
    #expect(b.requests == [.max(2), .max(1)])
  }

  @Test func aSubscriberThatAsksForOneGetsOne() {
    let (a, b) = (Ints(), Ints())
    let sink = TrackingSubscriber<(Int, Int), StreamError>(initialDemand: .max(1))
    a.combineLatest(b).subscribe(sink)
    a.send(1)
    b.send(10)
    a.send(2)
    b.send(20)
    #expect(sink.trace == ["subscribed", "(1, 10)"])
    // New demand does not replay the latest pair; the next element does.
    sink.request(.max(1))
    #expect(sink.values.count == 1)
    a.send(3)
    #expect(sink.trace == ["subscribed", "(1, 10)", "(3, 20)"])
  }

  @Test func demandReturnedForATupleGoesToTheInputThatCausedIt() {
    let (a, b) = (Ints(), Ints())
    let sink = TrackingSubscriber<(Int, Int), StreamError>(initialDemand: .max(1)) { _ in .max(1) }
    a.combineLatest(b).subscribe(sink)
    a.send(1)
    #expect(b.send(2) == .max(1))
    #expect(a.send(3) == .max(1))
    #expect(sink.values.count == 2)
  }

  @Test func finishesOnlyWhenEveryInputFinished() {
    let (a, b) = (Ints(), Ints())
    let sink = TrackingSubscriber<(Int, Int), StreamError>()
    a.combineLatest(b).subscribe(sink)
    a.send(1)
    a.send(completion: .finished)
    b.send(2)
    b.send(3)
    #expect(sink.trace == ["subscribed", "(1, 2)", "(1, 3)"])
    b.send(completion: .finished)
    #expect(sink.trace == ["subscribed", "(1, 2)", "(1, 3)", "finished"])
  }

  @Test func anInputThatFinishesEmptyMeansNoTupleEver() {
    let (a, b) = (Ints(), Ints())
    let sink = TrackingSubscriber<(Int, Int), StreamError>()
    a.combineLatest(b).subscribe(sink)
    a.send(completion: .finished)
    b.send(1)
    #expect(sink.trace == ["subscribed"])
    b.send(completion: .finished)
    #expect(sink.trace == ["subscribed", "finished"])
  }

  @Test func inputsThatCompleteWhileSubscribingFinishAfterTheSubscription() {
    let sink = TrackingSubscriber<(Int, Int), StreamError>()
    Empty<Int, StreamError>().combineLatest(Empty<Int, StreamError>()).subscribe(sink)
    #expect(sink.trace == ["subscribed", "finished"])
  }

  @Test func aFailureCancelsTheOtherInputsAndFailsOnce() {
    let (a, b, c) = (Ints(), Ints(), Ints())
    let sink = TrackingSubscriber<(Int, Int, Int), StreamError>()
    a.combineLatest(b, c).subscribe(sink)
    a.send(1)
    b.send(completion: .failure(StreamError("boom")))
    #expect(a.isCancelled && c.isCancelled && !b.isCancelled)
    a.send(2)
    c.send(3)
    c.send(completion: .failure(StreamError("again")))
    #expect(sink.trace == ["subscribed", "failed(boom)"])
  }

  @Test(arguments: [2, 3, 4])
  func cancellingCancelsEveryInput(count: Int) {
    let inputs = (0..<4).map { _ in Ints() }
    let sink = TrackingSubscriber<String, StreamError>()
    let (a, b, c, d) = (inputs[0], inputs[1], inputs[2], inputs[3])
    switch count {
    case 2: a.combineLatest(b) { "\($0)\($1)" }.subscribe(sink)
    case 3: a.combineLatest(b, c) { "\($0)\($1)\($2)" }.subscribe(sink)
    default: a.combineLatest(b, c, d) { "\($0)\($1)\($2)\($3)" }.subscribe(sink)
    }
    sink.cancel()
    #expect(inputs.prefix(count).allSatisfy { $0.isCancelled })
    for (index, input) in inputs.enumerated() { input.send(index) }
    #expect(sink.trace == ["subscribed"])
  }

  @Test func combinesThreeAndFourInputs() {
    let (a, b, c, d) = (Ints(), Ints(), Ints(), Ints())
    let three = TrackingSubscriber<(Int, Int, Int), StreamError>()
    let four = TrackingSubscriber<(Int, Int, Int, Int), StreamError>()
    a.combineLatest(b, c).subscribe(three)
    let (e, f, g, h) = (Ints(), Ints(), Ints(), Ints())
    e.combineLatest(f, g, h).subscribe(four)
    for (index, input) in [a, b, c, d, e, f, g, h].enumerated() { input.send(index) }
    a.send(9)
    h.send(9)
    #expect(three.trace == ["subscribed", "(0, 1, 2)", "(9, 1, 2)"])
    #expect(four.trace == ["subscribed", "(4, 5, 6, 7)", "(4, 5, 6, 9)"])
  }

  @Test func transformAppliesToEachTuple() {
    let (a, b) = (Ints(), Ints())
    let sink = TrackingSubscriber<Int, StreamError>()
    a.combineLatest(b) { $0 * $1 }.subscribe(sink)
    a.send(2)
    b.send(3)
    a.send(4)
    #expect(sink.values == [6, 12])
  }

  @Test func anElementArrivingWhileATupleIsDeliveredOnlyUpdatesTheLatest() {
    let (a, b) = (Ints(), Ints())
    var nested = true
    let sink = TrackingSubscriber<(Int, Int), StreamError> { _ in
      if nested {
        nested = false
        a.send(5)
      }
      return .none
    }
    a.combineLatest(b).subscribe(sink)
    a.send(1)
    b.send(2)
    #expect(sink.trace == ["subscribed", "(1, 2)"])
    b.send(3)
    #expect(sink.trace == ["subscribed", "(1, 2)", "(5, 3)"])
  }

  @Test func demandRequestedInsideReceiveKeepsTuplesFlowing() {
    let (a, b) = (Ints(), Ints())
    var sink: TrackingSubscriber<(Int, Int), StreamError>!
    sink = TrackingSubscriber(initialDemand: .max(1)) { _ in
      sink.request(.max(1))
      return .none
    }
    a.combineLatest(b).subscribe(sink)
    a.send(1)
    b.send(2)
    a.send(3)
    #expect(sink.values.count == 2)
    #expect(a.requests == [.max(1), .max(1), .max(1)])
  }

  @Test func combinesMarbleStreamsOnTheClock() throws {
    let clock = VirtualClock()
    let a = TimedEvents(try MarbleDiagram("-a---b-|").events, on: clock)
    let b = TimedEvents(try MarbleDiagram("--1-2---|").events, on: clock)
    let sink = TrackingSubscriber<(Value, Value), StreamError>(clock: clock)
    a.combineLatest(b).subscribe(sink)
    clock.run()
    #expect(
      sink.timedTrace == [
        "0ms subscribed", "200ms (\"a\", 1)", "400ms (\"a\", 2)", "500ms (\"b\", 2)", "800ms finished",
      ])
  }
}
