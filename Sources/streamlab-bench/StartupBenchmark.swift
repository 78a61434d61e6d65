import Foundation

/// Start-up, whole process: `streamlab eval 'just 1'` many times, next to the
/// floor any process pays on this machine (`true`, and a static Swift "hello
/// world" when STREAMLAB_HELLO_BINARY names one), so the figure says how much
/// of it is streamlab's own; with STREAMLAB_BASELINE_BINARY (say, main's
/// release build) its `--version` and `eval 'just 1'` too, as "before" rows.
/// Rows take turns run by run, after a few warm-up runs, and report the
/// fastest, the median and the mean: on a shared machine the mean follows
/// the load, the median and the fastest say more about the binary.
enum StartupBenchmark {
  struct Row {
    let name: String
    let path: String
    let arguments: [String]
  }

  static func rows(binary: String, environment: [String: String]) -> [Row] {
    var rows = [Row(name: "true (any process)", path: "/bin/true", arguments: [])]
    if let hello = environment["STREAMLAB_HELLO_BINARY"] {
      rows.append(Row(name: "Swift hello world", path: hello, arguments: []))
    }
    if let baseline = environment["STREAMLAB_BASELINE_BINARY"] {
      rows += streamlabRows(binary: baseline, label: "before: ")
    }
    return rows + streamlabRows(binary: binary, label: "")
  }

  private static func streamlabRows(binary: String, label: String) -> [Row] {
    [
      Row(name: "\(label)streamlab --version", path: binary, arguments: ["--version"]),
      Row(name: "\(label)streamlab eval 'just 1'", path: binary, arguments: ["eval", "just 1"]),
    ]
  }

  /// The table, or a line saying which program could not be started.
  static func table(rows: [Row], runs: Int, warmup: Int = 5) -> String {
    var seconds = Array(repeating: [Double](), count: rows.count)
    var peaks = Array(repeating: Int.max, count: rows.count)
    for round in 0..<(warmup + max(runs, 1)) {
      for (index, row) in rows.enumerated() {
        guard let run = ProcessRun.run(row.path, row.arguments), run.status == 0 else {
          return "start-up\n  could not run \(row.path) \(row.arguments.joined(separator: " ")) successfully"
        }
        guard round >= warmup else { continue }
        seconds[index].append(run.seconds)
        peaks[index] = min(peaks[index], run.peakBytes)
      }
    }
    var lines = [
      "start-up: \(max(runs, 1)) runs each after \(warmup) warm-up runs, taking turns",
      TextColumns.pad("row", 34) + TextColumns.pad("fastest", 11, right: true)
        + TextColumns.pad("median", 11, right: true) + TextColumns.pad("mean", 11, right: true)
        + TextColumns.pad("peak memory", 13, right: true),
    ]
    for (index, row) in rows.enumerated() {
      let sorted = seconds[index].sorted()
      let mean = sorted.reduce(0, +) / Double(sorted.count)
      lines.append(
        TextColumns.pad(row.name, 34)
          + TextColumns.pad(TextColumns.milliseconds(sorted.first ?? 0), 11, right: true)
          + TextColumns.pad(TextColumns.milliseconds(sorted[sorted.count / 2]), 11, right: true)
          + TextColumns.pad(TextColumns.milliseconds(mean), 11, right: true)
          + TextColumns.pad(TextColumns.megabytes(Double(peaks[index])), 13, right: true))
    }
    return lines.joined(separator: "\n")
  }
}
