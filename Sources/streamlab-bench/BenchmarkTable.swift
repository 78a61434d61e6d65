import Foundation

/// The printed result of one benchmark group: one line per row with its
/// best and median times, its events per second (from the best run), and
/// its slowdown against the first (hand-written) row, best against best.
struct BenchmarkTable {
  let title: String
  let measurements: [Measurement]

  var text: String {
    var lines = ["\(title)"]
    lines.append(
      pad("row", 34) + pad("events", 10, right: true) + pad("best", 11, right: true)
        + pad("median", 11, right: true) + pad("events/s", 14, right: true) + pad("vs first", 10, right: true)
        + "  checksum")
    let baseline = measurements.first?.bestSeconds ?? 1
    for measurement in measurements {
      let ratio = measurement.bestSeconds / baseline
      lines.append(
        pad(measurement.benchmark.name, 34) + pad("\(measurement.benchmark.events)", 10, right: true)
          + pad(milliseconds(measurement.bestSeconds), 11, right: true)
          + pad(milliseconds(measurement.medianSeconds), 11, right: true)
          + pad(String(format: "%.2fM", measurement.eventsPerSecond / 1e6), 14, right: true)
          + pad(String(format: "%.2f×", ratio), 10, right: true) + "  \(measurement.checksum)")
    }
    // The rows are meant to be the same computation: say so, or say loudly that they are not.
    let checksums = Set(measurements.map(\.checksum))
    if checksums.count == 1, let checksum = checksums.first {
      lines.append("every row computed the same result: checksum \(checksum)")
    } else {
      lines.append("THE ROWS DISAGREE: checksums \(checksums.sorted()); they do not compute the same thing")
    }
    return lines.joined(separator: "\n")
  }

  private func milliseconds(_ seconds: Double) -> String { TextColumns.milliseconds(seconds) }

  private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    TextColumns.pad(text, width, right: right)
  }
}
