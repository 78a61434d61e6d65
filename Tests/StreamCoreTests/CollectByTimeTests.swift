import OpenCombine
import Testing

@testable import StreamCore

@Suite struct CollectByTimeTests {
  /// One collect-by-time scenario: upstream sends at given times, downstream
  /// subscribes with some demand, and the arrays come out at given times.
  struct Case: CustomTestStringConvertible {
    var name: String
    var count: Int?
    var sends: [(Int, TimedEvent.Kind)]
    var expected: [String]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "windows are timed from the subscription",
      sends: [(100, .value(.int(1))), (200, .value(.int(2))), (400, .value(.int(3))), (700, .finished)],
      expected: ["0ms subscribed", "300ms [1, 2]", "600ms [3]", "700ms finished"]),
    Case(
      name: "an empty window emits nothing",
      sends: [(100, .value(.int(1))), (1000, .finished)],
      expected: ["0ms subscribed", "300ms [1]", "1000ms finished"]),
    Case(
      name: "finishing emits the partial window first",
      sends: [(100, .value(.int(1))), (200, .value(.int(2))), (250, .finished)],
      expected: ["0ms subscribed", "250ms [1, 2]", "250ms finished"]),
    Case(
      name: "a failure discards the partial window",
      sends: [(100, .value(.int(1))), (250, .failed("boom"))],
      expected: ["0ms subscribed", "250ms failed(boom)"]),
    Case(
      name: "a full buffer goes out at once and restarts the window",
      count: 2,
      sends: [(100, .value(.int(1))), (150, .value(.int(2))), (200, .value(.int(3))), (500, .finished)],
      expected: ["0ms subscribed", "150ms [1, 2]", "450ms [3]", "500ms finished"]),
    Case(
      name: "by count, a window that does not fill waits for the timer",
      count: 3,
      sends: [(100, .value(.int(1))), (200, .value(.int(2))), (350, .value(.int(3))), (700, .finished)],
      expected: ["0ms subscribed", "300ms [1, 2]", "600ms [3]", "700ms finished"]),
  ]

  @Test(arguments: cases)
  func collects(_ scenario: Case) {
    let clock = VirtualClock()
    let upstream = ManualPublisher<Value, StreamError>()
    let sink = TrackingSubscriber<[Value], StreamError>(clock: clock)
    schedule(scenario.sends, into: upstream, on: clock)
    upstream.collect(strategy(scenario.count, clock)).subscribe(sink)
    clock.run()
    #expect(sink.timedTrace == scenario.expected)
  }

  @Test func byTimeKeepsOneElementRequestedUpstream() {
    let clock = VirtualClock()
    let upstream = ManualPublisher<Int, StreamError>()
    let sink = TrackingSubscriber<[Int], StreamError>(initialDemand: .max(3))
    upstream.collect(.byTime(clock, .milliseconds(300))).subscribe(sink)
    #expect(upstream.requests == [.max(1)])
    #expect(upstream.send(1) == .max(1))
  }

  @Test func byTimeEmitsAWindowOnlyWhenDownstreamHasDemand() {
    let clock = VirtualClock()
    let upstream = ManualPublisher<Value, StreamError>()
    let sink = TrackingSubscriber<[Value], StreamError>(initialDemand: .max(1), clock: clock)
    schedule([(100, .value(.int(1))), (400, .value(.int(3))), (500, .value(.int(4)))], into: upstream, on: clock)
    upstream.collect(.byTime(clock, .milliseconds(300))).subscribe(sink)
    clock.schedule(after: .milliseconds(700)) { sink.request(.max(1)) }
    clock.run(until: .milliseconds(1000))
    // The 600ms window finds no demand; its elements wait for the next one.
    #expect(sink.timedTrace == ["0ms subscribed", "300ms [1]", "900ms [3, 4]"])
  }

  @Test func byTimeOrCountAsksUpstreamForCountPerArray() {
    let clock = VirtualClock()
    let upstream = ManualPublisher<Int, StreamError>()
    let sink = TrackingSubscriber<[Int], StreamError>(initialDemand: .max(2))
    upstream.collect(.byTimeOrCount(clock, .milliseconds(300), 3)).subscribe(sink)
    #expect(upstream.requests == [.max(6)])
    sink.request(.unlimited)
    #expect(upstream.requests == [.max(6), .unlimited])
  }

  @Test func byTimeOrCountDeliversAFullBufferThroughTheScheduler() {
    let clock = VirtualClock()
    let upstream = ManualPublisher<Int, StreamError>()
    let sink = TrackingSubscriber<[Int], StreamError>(initialDemand: .max(1)) { _ in .max(1) }
    upstream.collect(.byTimeOrCount(clock, .milliseconds(300), 2)).subscribe(sink)
    upstream.send(1)
    #expect(upstream.send(2) == .none)
    #expect(sink.values.isEmpty)
    clock.run(until: .zero)
    #expect(sink.values == [[1, 2]])
    // The array's returned demand comes back as a request for `count` more.
    #expect(upstream.requests == [.max(2), .max(2)])
  }

  @Test func cancellingStopsTheTimerAndCancelsUpstream() {
    let clock = VirtualClock()
    let upstream = ManualPublisher<Int, StreamError>()
    let sink = TrackingSubscriber<[Int], StreamError>()
    upstream.collect(.byTime(clock, .milliseconds(300))).subscribe(sink)
    upstream.send(1)
    clock.schedule(after: .milliseconds(250)) { sink.cancel() }
    #expect(clock.run() == .idle)
    #expect(upstream.isCancelled)
    #expect(clock.now == .milliseconds(250))
    upstream.send(2)
    upstream.send(completion: .finished)
    clock.run()
    #expect(sink.trace == ["subscribed"])
  }

  @Test func cancellingInsideReceiveEndsEverything() {
    let clock = VirtualClock()
    let upstream = ManualPublisher<Int, StreamError>()
    var sink: TrackingSubscriber<[Int], StreamError>!
    sink = TrackingSubscriber { _ in
      sink.cancel()
      return .none
    }
    upstream.collect(.byTimeOrCount(clock, .milliseconds(300), 1)).subscribe(sink)
    upstream.send(1)
    upstream.send(2)
    clock.run()
    #expect(sink.trace == ["subscribed", "[1]"])
    #expect(upstream.isCancelled)
    upstream.send(completion: .finished)
    clock.run()
    #expect(sink.trace == ["subscribed", "[1]"])
  }

  private func strategy(_ count: Int?, _ clock: VirtualClock) -> Publishers.TimeGroupingStrategy<VirtualClock> {
    guard let count else { return .byTime(clock, .milliseconds(300)) }
    return .byTimeOrCount(clock, .milliseconds(300), count)
  }

  private func schedule(
    _ sends: [(Int, TimedEvent.Kind)], into upstream: ManualPublisher<Value, StreamError>, on clock: VirtualClock
  ) {
    for (milliseconds, kind) in sends {
      clock.schedule(after: .milliseconds(milliseconds)) {
        switch kind {
        case .value(let value): upstream.send(value)
        case .finished: upstream.send(completion: .finished)
        case .failed(let message): upstream.send(completion: .failure(StreamError(message)))
        }
      }
    }
  }
}
