import OpenCombine
import Testing

@testable import StreamCore

/// The probe between two stages holds the stage in front of it to Combine's
/// contract. Before it did, OpenCombine's zip sent `finished` before its
/// subscription and the next operator trapped ("Received completion before
/// receiving subscription"), killing the process; now such a bug in
/// streamlab stops the run with a message naming the stage, and tests see it
/// in `contractViolations`.
@Suite struct ProbeContractTests {
  typealias Upstream = ManualPublisher<Value, StreamError>

  /// A publisher that breaks the contract on purpose: it sends `events`
  /// before (or instead of) the subscription.
  struct Rude: Publisher {
    typealias Output = Value
    typealias Failure = StreamError
    enum Event {
      case value(Value)
      case finished
      case subscription
    }
    let events: [Event]

    func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == StreamError {
      for event in events {
        switch event {
        case .value(let value): _ = subscriber.receive(value)
        case .finished: subscriber.receive(completion: .finished)
        case .subscription: subscriber.receive(subscription: Subscriptions.empty)
        }
      }
    }
  }

  let recorder = Recorder(clock: VirtualClock())

  private func probed<P: Publisher>(_ publisher: P) -> Publishers.Probe<P> {
    publisher.probe(recorder.channel(label: "zip { just 1 }", pipeline: 0, stage: 1))
  }

  private var violations: [String] { recorder.contractViolations.map(\.message) }

  @Test func aCompletionBeforeTheSubscriptionStopsTheRunAndNeverReachesDownstream() {
    let sink = TrackingSubscriber<Value, StreamError>()
    probed(Rude(events: [.finished, .subscription])).subscribe(sink)
    #expect(sink.trace == [])
    #expect(
      violations == [
        "`zip { just 1 }` sent its completion before its subscription, which breaks Combine's contract"
          + " (a bug in streamlab, not in your program)"
      ])
    #expect(recorder.stopCause == .runtimeError(recorder.contractViolations[0]))
  }

  @Test func aValueBeforeTheSubscriptionIsAViolation() {
    let sink = TrackingSubscriber<Value, StreamError>()
    probed(Rude(events: [.value(.int(1))])).subscribe(sink)
    #expect(sink.trace == [])
    #expect(violations.count == 1)
    #expect(violations.first?.hasPrefix("`zip { just 1 }` sent the value 1 before its subscription") == true)
  }

  @Test func aValueBeyondTheDemandIsAViolationAndCancelsTheStage() {
    let upstream = Upstream()
    let sink = TrackingSubscriber<Value, StreamError>(initialDemand: .max(1))
    probed(upstream).subscribe(sink)
    upstream.send(.int(1))
    upstream.send(.int(2))
    upstream.send(completion: .finished)
    #expect(sink.trace == ["subscribed", "1"])
    #expect(upstream.isCancelled)
    #expect(violations.count == 1)
    #expect(violations.first?.hasPrefix("`zip { just 1 }` sent the value 2 that nobody asked for") == true)
  }

  @Test func aValueAfterTheCompletionIsAViolation() {
    let upstream = Upstream()
    let sink = TrackingSubscriber<Value, StreamError>()
    probed(upstream).subscribe(sink)
    upstream.send(completion: .finished)
    upstream.send(.int(3))
    #expect(sink.trace == ["subscribed", "finished"])
    #expect(violations.first?.hasPrefix("`zip { just 1 }` sent the value 3 after its completion") == true)
  }

  @Test func demandGivenBackOrRequestedInsideReceiveIsCounted() {
    let upstream = Upstream()
    var sink: TrackingSubscriber<Value, StreamError>!
    sink = TrackingSubscriber(initialDemand: .max(1)) { value in
      if value == .int(1) { return .max(1) }
      sink.request(.max(1))
      return .none
    }
    probed(upstream).subscribe(sink)
    for number in 1...3 { upstream.send(.int(number)) }
    #expect(sink.values == [.int(1), .int(2), .int(3)])
    #expect(violations == [])
  }

  @Test func aValueAfterTheSubscriberCancelledIsDroppedQuietly() {
    // Values in flight when a subscriber cancels are allowed by the contract.
    let upstream = Upstream()
    let sink = TrackingSubscriber<Value, StreamError>()
    probed(upstream).subscribe(sink)
    sink.cancel()
    upstream.send(.int(1))
    #expect(sink.trace == ["subscribed"])
    #expect(violations == [])
    #expect(recorder.stopCause == nil)
  }

  @Test func aStoppingRunSubscribesNothingNew() {
    // Without this, `fail "x" | retry 9223372036854775807` resubscribed forever.
    recorder.stop(.interrupted)
    let upstream = Upstream()
    let sink = TrackingSubscriber<Value, StreamError>()
    probed(upstream).subscribe(sink)
    #expect(upstream.isCancelled)
    #expect(sink.trace == [])
  }
}
