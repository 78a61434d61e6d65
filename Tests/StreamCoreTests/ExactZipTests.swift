import OpenCombine
import Testing

@testable import StreamCore

/// StreamCore's zip exists because OpenCombine 0.14.0's subscribes its inputs
/// before its subscriber holds a subscription and forwards a completion that
/// happens meanwhile: `empty | zip { just 1 } | removeDuplicates` trapped with
/// "Received completion before receiving subscription". These tests pin the
/// order Apple's Combine uses and the rules of OpenCombine's Apple-checked
/// ZipTests (demand forwarding, when zip finishes, failure, cancellation).
@Suite struct ExactZipTests {
  typealias Input = ManualPublisher<Int, StreamError>

  private func joined(_ pair: (Int, Int)) -> String { "\(pair.0)\(pair.1)" }

  @Test func anInputThatFinishesAtOnceFinishesAfterTheSubscription() {
    let sink = TrackingSubscriber<(Int, Int), StreamError>()
    Empty<Int, StreamError>().exactZip(Just(1).setFailureType(to: StreamError.self)).subscribe(sink)
    #expect(sink.trace == ["subscribed", "finished"])
  }

  @Test func anInputThatFailsAtOnceFailsAfterTheSubscriptionAndCancelsTheOthers() {
    let other = Input()
    let sink = TrackingSubscriber<(Int, Int), StreamError>()
    Fail<Int, StreamError>(error: StreamError("x")).exactZip(other).subscribe(sink)
    #expect(sink.trace == ["subscribed", "failed(x)"])
    // The other input was subscribed after zip had failed, so it was cancelled at once.
    #expect(other.isCancelled)
  }

  @Test func aSubscriberThatCancelsOnSubscriptionGetsNoCompletion() {
    var completions: [Subscribers.Completion<StreamError>] = []
    let canceller = AnySubscriber<(Int, Int), StreamError>(
      receiveSubscription: { $0.cancel() }, receiveValue: { _ in .none }, receiveCompletion: { completions.append($0) })
    Empty<Int, StreamError>().exactZip(Input()).subscribe(canceller)
    #expect(completions.isEmpty)
  }

  @Test func pairsFirstInFirstOutAndForwardsDemandToEveryInput() {
    let (a, b) = (Input(), Input())
    let sink = TrackingSubscriber<(Int, Int), StreamError>(initialDemand: .max(2))
    a.exactZip(b).subscribe(sink)
    #expect(a.requests == [.max(2)])
    #expect(b.requests == [.max(2)])
    a.send(1)
    a.send(2)
    b.send(7)
    b.send(8)
    #expect(sink.values.map(joined) == ["17", "28"])
  }

  @Test func demandGivenForATupleGoesBackToTheInputThatCompletedIt() {
    let (a, b) = (Input(), Input())
    let sink = TrackingSubscriber<(Int, Int), StreamError>(initialDemand: .max(1)) { _ in .max(3) }
    a.exactZip(b).subscribe(sink)
    #expect(a.send(1) == .none)
    // b's element completes the tuple: b gets the new demand as its result, a as a request.
    #expect(b.send(2) == .max(3))
    #expect(a.requests == [.max(1), .max(3)])
    #expect(b.requests == [.max(1)])
  }

  @Test func aTupleBeyondTheDemandWaitsForTheNextRequest() {
    // Apple sends such a surplus anyway (OpenCombine's testUpstreamExceedsDemand);
    // Combine's contract, which streamlab's probes enforce, forbids it.
    let (a, b) = (Input(), Input())
    let sink = TrackingSubscriber<(Int, Int), StreamError>(initialDemand: .max(1))
    a.exactZip(b).subscribe(sink)
    a.send(1)
    b.send(1)
    a.send(2)
    b.send(2)
    #expect(sink.values.map(joined) == ["11"])
    sink.request(.max(1))
    #expect(sink.values.map(joined) == ["11", "22"])
  }

  @Test func finishesWhenAnInputFinishedWithNothingQueued() {
    let (a, b, c) = (Input(), Input(), Input())
    let sink = TrackingSubscriber<(Int, Int, Int), StreamError>()
    a.exactZip(b, c).subscribe(sink)
    b.send(completion: .finished)
    #expect(sink.trace == ["subscribed", "finished"])
    #expect(a.isCancelled && c.isCancelled && !b.isCancelled)
  }

  /// Zips `inputs` (two to four) into a subscriber that sees each tuple as one string.
  private func zipped(_ inputs: [Input], into sink: TrackingSubscriber<String, StreamError>) {
    let (a, b) = (inputs[0], inputs[1])
    switch inputs.count {
    case 2: a.exactZip(b) { "\($0)\($1)" }.subscribe(sink)
    case 3: a.exactZip(b, inputs[2]) { "\($0)\($1)\($2)" }.subscribe(sink)
    default: a.exactZip(b, inputs[2], inputs[3]) { "\($0)\($1)\($2)\($3)" }.subscribe(sink)
    }
  }

  @Test(arguments: [(2, 0), (2, 1), (3, 0), (3, 2), (4, 1), (4, 3)])
  func anyInputFinishingWithNothingQueuedFinishesAtOnce(arity: Int, finishing: Int) {
    // OpenCombine's testImmediateFinishWhenOneChildFinishesWithNoSurplus, checked against Apple.
    let inputs = (0..<arity).map { _ in Input() }
    let sink = TrackingSubscriber<String, StreamError>()
    zipped(inputs, into: sink)
    inputs[finishing].send(completion: .finished)
    #expect(sink.trace == ["subscribed", "finished"])
    for (index, input) in inputs.enumerated() { #expect(input.isCancelled == (index != finishing)) }
    for input in inputs { input.send(1) }
    #expect(sink.trace == ["subscribed", "finished"])
  }

  @Test(arguments: [(2, ["01", "56"]), (3, ["012", "567"]), (4, ["0123", "5678"])])
  func everyArityPairsInOrder(arity: Int, tuples: [String]) {
    let inputs = (0..<arity).map { _ in Input() }
    let sink = TrackingSubscriber<String, StreamError>()
    zipped(inputs, into: sink)
    // Input i sends i, then i + 5.
    for (index, input) in inputs.enumerated() {
      input.send(index)
      input.send(index + 5)
    }
    #expect(sink.values == tuples)
  }

  @Test func anInputThatFinishesWithQueuedElementsLetsThemPairFirst() {
    // OpenCombine's testZipCompletesOnlyAfterAllChildrenComplete, checked against Apple.
    let (a, b) = (Input(), Input())
    let sink = TrackingSubscriber<(Int, Int), StreamError>()
    a.exactZip(b).subscribe(sink)
    a.send(1)
    a.send(2)
    a.send(3)
    b.send(10)
    a.send(completion: .finished)
    #expect(sink.trace == ["subscribed", "(1, 10)"])
    b.send(20)
    b.send(30)
    #expect(sink.trace == ["subscribed", "(1, 10)", "(2, 20)", "(3, 30)", "finished"])
    #expect(b.isCancelled)
  }

  @Test func aFailureFailsAtOnceAndCancelsTheOthers() {
    let (a, b, c, d) = (Input(), Input(), Input(), Input())
    let sink = TrackingSubscriber<(Int, Int, Int, Int), StreamError>()
    a.exactZip(b, c, d).subscribe(sink)
    a.send(1)
    c.send(completion: .failure(StreamError("boom")))
    b.send(2)
    d.send(completion: .finished)
    #expect(sink.trace == ["subscribed", "failed(boom)"])
    #expect(a.isCancelled && b.isCancelled && d.isCancelled && !c.isCancelled)
  }

  @Test func cancellingCancelsEveryInputAndStopsDelivery() {
    let (a, b) = (Input(), Input())
    let sink = TrackingSubscriber<(Int, Int), StreamError>()
    a.exactZip(b).subscribe(sink)
    a.send(1)
    sink.cancel()
    b.send(2)
    b.send(completion: .finished)
    #expect(sink.trace == ["subscribed"])
    #expect(a.isCancelled && b.isCancelled)
  }

  @Test func demandRequestedInsideReceiveIsHonouredWithoutReentrantDelivery() {
    let (a, b) = (Input(), Input())
    var sink: TrackingSubscriber<(Int, Int), StreamError>!
    sink = TrackingSubscriber(initialDemand: .max(1)) { _ in
      sink.request(.max(1))
      return .none
    }
    a.exactZip(b).subscribe(sink)
    a.send(1)
    a.send(2)
    b.send(1)
    b.send(2)
    #expect(sink.values.map(joined) == ["11", "22"])
  }

  @Test func synchronousInputsZipToTheShorterOne() {
    let sink = TrackingSubscriber<(Int, Int), StreamError>()
    let letters = [1, 2, 3].publisher.setFailureType(to: StreamError.self)
    letters.exactZip([7, 8].publisher.setFailureType(to: StreamError.self)).subscribe(sink)
    #expect(sink.trace == ["subscribed", "(1, 7)", "(2, 8)", "finished"])
  }
}
