import Foundation

/// One timed row of the benchmark: a name, how many events one run pushes
/// through, and the run itself. The run returns a checksum of its output so
/// the optimiser cannot drop the work and so rows can be checked against
/// each other.
struct Benchmark {
  let name: String
  let events: Int
  let run: () -> Int
}

/// The timings of one benchmark over several repetitions.
struct Measurement {
  let benchmark: Benchmark
  var seconds: [Double] = []
  var checksum = 0

  init(_ benchmark: Benchmark) {
    self.benchmark = benchmark
  }

  var medianSeconds: Double {
    let sorted = seconds.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
  }

  /// The best run: on a machine shared with other work, the run least
  /// disturbed by it is the truest figure.
  var bestSeconds: Double { seconds.min() ?? 0 }

  var eventsPerSecond: Double { Double(benchmark.events) / bestSeconds }

  mutating func runOnce() {
    let start = DispatchTime.now().uptimeNanoseconds
    checksum = benchmark.run()
    seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
  }
}

/// A group of rows that do the same work in different ways; the first row is
/// the baseline every other row is compared with.
struct BenchmarkGroup {
  let title: String
  let rows: [Benchmark]

  /// Runs every row `repetitions` times, taking turns, so a burst of load
  /// from elsewhere hits all rows alike.
  func measure(repetitions: Int) -> [Measurement] {
    var measurements = rows.map(Measurement.init)
    for _ in 0..<max(repetitions, 1) {
      for index in measurements.indices { measurements[index].runOnce() }
    }
    return measurements
  }
}
