import OpenCombine
import StreamCore

/// `interval 1ms | prefix 100_000 | map x*2 | debounce 0.5ms` on the virtual
/// clock, built two ways. The debounce is shorter than the period, so every
/// tick goes through it and every tick costs the clock two actions.
///
/// Both use `exactPrefix`, Apple's `prefix` as the DSL's `take` runs it: it
/// finishes with tick 100,000 itself, so debounce drops that pending value
/// and every row ends on 199,996. (OpenCombine's own `prefix` finishes only
/// at the next tick, which let the last value through: 199,998.)
enum VirtualTimePipeline {
  static let count = 100_000
  static let period = VirtualInterval.milliseconds(1)
  static let quiet = VirtualInterval.microseconds(500)

  /// Plain OpenCombine on Ints: a repeating clock action feeds a subject.
  static func handWritten() -> Int {
    let clock = VirtualClock()
    let ticks = PassthroughSubject<Int, Never>()
    var tick = 0
    let timer = clock.schedule(after: clock.now.advanced(by: period), interval: period) {
      ticks.send(tick)
      tick += 1
    }
    var last = 0
    let cancellable = ticks.exactPrefix(count).map { $0 * 2 }.debounce(for: quiet, scheduler: clock)
      .sink(receiveCompletion: { _ in timer.cancel() }, receiveValue: { last = $0 })
    clock.run()
    cancellable.cancel()
    return last
  }

  /// As the builder wires it: StreamCore's `Interval`, Value elements,
  /// erased stages and a probe after every stage.
  static func streamCore() -> Int {
    let clock = VirtualClock()
    let recorder = Recorder(clock: clock, maxEvents: .max)
    func probe(_ publisher: AnyValuePublisher, _ label: String, _ stage: Int) -> AnyValuePublisher {
      publisher.probe(recorder.channel(label: label, pipeline: 0, stage: stage, isOutput: stage == 3))
        .eraseToAnyPublisher()
    }
    let interval = probe(Interval(every: period, on: clock).eraseToAnyPublisher(), "interval 1ms", 0)
    let taken = probe(interval.exactPrefix(count).eraseToAnyPublisher(), "prefix \(count)", 1)
    let doubled = probe(
      taken.map { value in
        guard case .int(let number) = value else { return value }
        return .int(number &* 2)
      }.eraseToAnyPublisher(), "map x*2", 2)
    let debounced = probe(doubled.debounce(for: quiet, scheduler: clock).eraseToAnyPublisher(), "debounce 0.5ms", 3)
    var last = 0
    let cancellable = debounced.sink(
      receiveCompletion: { _ in },
      receiveValue: { value in if case .int(let number) = value { last = number } })
    clock.run()
    cancellable.cancel()
    return last
  }
}
