import Foundation

/// A whole-process row of the benchmark: the built `streamlab` binary run
/// on one command line, start-up, parsing, running, drawing and writing
/// included, as a student or a script runs it.
struct ProcessBenchmark {
  let name: String
  let arguments: [String]
}

/// The runs of one whole-process row, and of the same command line on the
/// baseline binary when there is one.
struct ProcessMeasurement {
  let benchmark: ProcessBenchmark
  var runs: [ProcessRun] = []
  var baselineRuns: [ProcessRun] = []

  var bestSeconds: Double { runs.map(\.seconds).min() ?? 0 }
  var baselineBestSeconds: Double? { baselineRuns.map(\.seconds).min() }
  var baselinePeakBytes: Int? { baselineRuns.map(\.peakBytes).min() }
  var medianSeconds: Double {
    let sorted = runs.map(\.seconds).sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
  }
  /// The smallest peak: like the best time, the run least disturbed.
  var peakBytes: Int { runs.map(\.peakBytes).min() ?? 0 }
  var outputBytes: Int { runs.last?.outputBytes ?? 0 }
  /// Output written per second of the best run, whole process.
  var bytesPerSecond: Double { bestSeconds > 0 ? Double(outputBytes) / bestSeconds : 0 }
  var failedStatus: Int32? { runs.map(\.status).first { $0 != 0 } }
}

/// Whole-process rows that take turns, as in-process rows do. With a
/// baseline binary (an earlier build), each row runs on both in turn, so the
/// ratio compares runs made under the same load of the machine.
struct ProcessBenchmarkGroup {
  let title: String
  let binary: String
  var baseline: String? = nil
  let rows: [ProcessBenchmark]

  /// Nil when a binary could not be started.
  func measure(repetitions: Int) -> [ProcessMeasurement]? {
    var measurements = rows.map { ProcessMeasurement(benchmark: $0) }
    for _ in 0..<max(repetitions, 1) {
      for index in measurements.indices {
        let arguments = measurements[index].benchmark.arguments
        guard let run = ProcessRun.run(binary, arguments) else { return nil }
        measurements[index].runs.append(run)
        guard let baseline else { continue }
        guard let baselineRun = ProcessRun.run(baseline, arguments) else { return nil }
        measurements[index].baselineRuns.append(baselineRun)
      }
    }
    return measurements
  }

  static func table(title: String, measurements: [ProcessMeasurement]) -> String {
    var lines = [title]
    lines.append(
      TextColumns.pad("row", 34) + TextColumns.pad("best", 11, right: true)
        + TextColumns.pad("median", 11, right: true) + TextColumns.pad("peak memory", 13, right: true)
        + TextColumns.pad("written", 12, right: true) + TextColumns.pad("written/s", 12, right: true)
        + (measurements.contains { $0.baselineBestSeconds != nil }
          ? TextColumns.pad("baseline", 11, right: true) + TextColumns.pad("its peak", 11, right: true)
            + TextColumns.pad("time ×", 8, right: true) : ""))
    for measurement in measurements {
      var line =
        TextColumns.pad(measurement.benchmark.name, 34)
        + TextColumns.pad(TextColumns.milliseconds(measurement.bestSeconds), 11, right: true)
        + TextColumns.pad(TextColumns.milliseconds(measurement.medianSeconds), 11, right: true)
        + TextColumns.pad(TextColumns.megabytes(Double(measurement.peakBytes)), 13, right: true)
        + TextColumns.pad(TextColumns.megabytes(Double(measurement.outputBytes)), 12, right: true)
        + TextColumns.pad(TextColumns.megabytes(measurement.bytesPerSecond), 12, right: true)
      if let before = measurement.baselineBestSeconds, let beforePeak = measurement.baselinePeakBytes {
        line +=
          TextColumns.pad(TextColumns.milliseconds(before), 11, right: true)
          + TextColumns.pad(TextColumns.megabytes(Double(beforePeak)), 11, right: true)
          + TextColumns.pad(String(format: "%.2f", measurement.bestSeconds / before), 8, right: true)
      }
      if let status = measurement.failedStatus { line += "  (exit status \(status))" }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }
}
