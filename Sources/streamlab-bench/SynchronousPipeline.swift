import OpenCombine
import StreamCore

/// `range 1...1_000_000 | map x*2 | filter x%3==0 | scan 0, acc+x`, built
/// by hand on Ints and through StreamCore on Values.
///
/// How the range is fed matters as much as anything downstream: OpenCombine's
/// `Publishers.Sequence` walks a `ClosedRange` or a lazy sequence through
/// unspecialised generic code, several times slower per element than an
/// array. So each side is measured with both kinds of source.
enum SynchronousPipeline {
  static let count = 1_000_000

  /// How the numbers enter the pipeline.
  enum Source {
    /// `(1...n).publisher` (StreamCore: a lazy map of the range to Values).
    case range
    /// An array built first (StreamCore: `[Value]`, as `just 1,2,3` is built).
    case array
  }

  /// Plain OpenCombine on Ints: the floor StreamCore is measured against.
  static func handWritten(_ source: Source) -> Int {
    var last = 0
    // Each chain is spelled out rather than passed through a generic helper:
    // that is how hand-written code looks, and it lets the compiler
    // specialise the whole chain (a generic helper measured 30% slower).
    switch source {
    case .range:
      _ = (1...count).publisher.map { $0 * 2 }.filter { $0 % 3 == 0 }.scan(0, +).sink { last = $0 }
    case .array:
      let numbers: [Int] = Array(1...count)
      _ = numbers.publisher.map { $0 * 2 }.filter { $0 % 3 == 0 }.scan(0, +).sink { last = $0 }
    }
    return last
  }

  /// As the builder wires it: Value elements, every stage erased to
  /// `AnyPublisher<Value, StreamError>`, and a recording probe after every stage.
  static func streamCore(_ source: Source) -> Int {
    let clock = VirtualClock()
    let recorder = Recorder(clock: clock, maxEvents: .max)
    func probe(_ publisher: AnyValuePublisher, _ label: String, _ stage: Int) -> AnyValuePublisher {
      publisher.probe(recorder.channel(label: label, pipeline: 0, stage: stage, isOutput: stage == 3))
        .eraseToAnyPublisher()
    }
    let values: AnyValuePublisher
    switch source {
    case .range:
      values = Publishers.Sequence<LazyMapSequence<ClosedRange<Int>, Value>, StreamError>(
        sequence: (1...count).lazy.map(Value.int)
      ).eraseToAnyPublisher()
    case .array:
      values = Publishers.Sequence<[Value], StreamError>(sequence: (1...count).map(Value.int)).eraseToAnyPublisher()
    }
    let range = probe(values, "range 1...\(count)", 0)
    let doubled = probe(
      range.map { value in value.intValue.map { .int($0 &* 2) } ?? value }.eraseToAnyPublisher(), "map x*2", 1)
    let filtered = probe(doubled.filter { ($0.intValue ?? 1) % 3 == 0 }.eraseToAnyPublisher(), "filter x%3==0", 2)
    let summed = probe(
      filtered.scan(Value.int(0)) { acc, value in .int((acc.intValue ?? 0) &+ (value.intValue ?? 0)) }
        .eraseToAnyPublisher(), "scan 0, acc+x", 3)
    var last = 0
    let cancellable = summed.sink(receiveCompletion: { _ in }, receiveValue: { last = $0.intValue ?? 0 })
    clock.run()
    cancellable.cancel()
    return last
  }
}

extension Value {
  /// The number in an `.int`, nil for anything else.
  fileprivate var intValue: Int? {
    if case .int(let number) = self { return number }
    return nil
  }
}
