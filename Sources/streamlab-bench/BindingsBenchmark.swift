import Foundation
import StreamLang

/// `streamlab-bench bindings [repetitions]`: the playground given thousands
/// of `let` bindings, as a whole process (issue 26: 10,000 of them took
/// 10.4 s and 2.3 GB, growing with the square of their number).
///
/// Each row pipes a session into the built `streamlab` (the playground read
/// from standard input, as `streamlab < session.txt` runs it): `:load` of the
/// bindings, then one pipeline that uses the last of them. Two forms:
///
/// - chain: `let a0 = just 1`, `let a1 = a0 | map x + 1`, …, each binding
///   using the one before, and the pipeline `aN | map x + 1`, which builds
///   and runs all N+1 stages;
/// - flat: `let a0 = just 0`, `let a1 = just 1`, …, none using another, and
///   the pipeline `aN | map x + 1`.
///
/// One program holds at most 10,000 statements (`ProgramLimits`), so a size
/// above it is loaded as files of at most 8,000 bindings, one after another,
/// in the same session: 16,000 is two files of 8,000, the second using the
/// first's names. The 10,000 row is the documented limit in one file.
///
/// With $STREAMLAB_BASELINE_BINARY (an earlier build, say main's) every row
/// up to $STREAMLAB_BASELINE_MAX bindings (default 8,000: main needs 1.5 GB
/// there and the square of that beyond) runs on it too, in turn, under the
/// same load of the machine. "×2" is the time of a size over the time of half
/// that size: 2.0 is linear, 4.0 quadratic.
enum BindingsBenchmark {
  static let doublings = [1_000, 2_000, 4_000, 8_000, 16_000]
  static let limitRow = 10_000
  static let bindingsPerFile = 8_000

  enum Form: String, CaseIterable {
    case chain, flat

    func binding(_ index: Int) -> String {
      switch self {
      case .chain: return index == 0 ? "let a0 = just 1" : "let a\(index) = a\(index - 1) | map x + 1"
      case .flat: return "let a\(index) = just \(index)"
      }
    }
  }

  struct Row {
    let form: Form
    let bindings: Int
    let session: String
    var runs: [ProcessRun] = []
    var baselineRuns: [ProcessRun] = []

    var best: Double { runs.map(\.seconds).min() ?? 0 }
    var bestCPU: Double { runs.map(\.cpuSeconds).min() ?? 0 }
    var peak: Int { runs.map(\.peakBytes).min() ?? 0 }
    var baselineBest: Double? { baselineRuns.map(\.seconds).min() }
    var baselineBestCPU: Double? { baselineRuns.map(\.cpuSeconds).min() }
    var baselinePeak: Int? { baselineRuns.map(\.peakBytes).min() }
    var failedStatus: Int32? { (runs + baselineRuns).map(\.status).first { $0 != 0 } }
  }

  static func measure(repetitions: Int, binary: String, baseline: String?) {
    let environment = ProcessInfo.processInfo.environment
    let baselineMax = environment["STREAMLAB_BASELINE_MAX"].flatMap { Int($0) } ?? 8_000
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "streamlab-bench-bindings-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    var rows: [Row] = []
    for form in Form.allCases {
      for size in (doublings + [limitRow]).sorted() {
        rows.append(Row(form: form, bindings: size, session: writeSession(form, size, in: directory)))
      }
    }
    print("streamlab-bench bindings: \(binary) < session (:load of the bindings, then one pipeline)")
    print(
      "\(repetitions) repetitions per row, rows taking turns; best wall time, best CPU time (user + system),"
        + " smallest peak resident memory")
    for _ in 0..<max(repetitions, 1) {
      for index in rows.indices {
        guard let run = ProcessRun.run(binary, [], input: rows[index].session, quiet: true) else {
          print("could not start \(binary): build it first (swift build -c release --product streamlab)")
          return
        }
        rows[index].runs.append(run)
        if let baseline, rows[index].bindings <= baselineMax,
          let run = ProcessRun.run(baseline, [], input: rows[index].session, quiet: true)
        {
          rows[index].baselineRuns.append(run)
        }
      }
    }
    print(table(rows, baseline: baseline))
  }

  /// Writes the bindings as files of at most `bindingsPerFile` and the
  /// session that loads them; returns the session's path.
  private static func writeSession(_ form: Form, _ size: Int, in directory: URL) -> String {
    var session: [String] = []
    var start = 0
    while start < size {
      let end = size == limitRow ? size : min(start + bindingsPerFile, size)
      let file = directory.appendingPathComponent("\(form)-\(size)-\(start).txt")
      let text = (start..<end).map(form.binding).joined(separator: "\n") + "\n"
      try? Data(text.utf8).write(to: file)
      session.append(":load \(file.path)")
      start = end
    }
    session.append("a\(size - 1) | map x + 1")
    let path = directory.appendingPathComponent("\(form)-\(size)-session.txt")
    try? Data((session.joined(separator: "\n") + "\n").utf8).write(to: path)
    return path.path
  }

  private static func table(_ rows: [Row], baseline: String?) -> String {
    let hasBaseline = rows.contains { $0.baselineBest != nil }
    var lines: [String] = []
    for form in Form.allCases {
      lines.append("")
      lines.append(
        form == .chain
          ? "chain: let a0 = just 1; let aK = aK-1 | map x + 1; …; then aN | map x + 1"
          : "flat: let aK = just K; …; then aN | map x + 1")
      lines.append(
        TextColumns.pad("bindings", 10) + TextColumns.pad("files", 6, right: true)
          + TextColumns.pad("best", 11, right: true) + TextColumns.pad("×2", 7, right: true)
          + TextColumns.pad("cpu", 10, right: true) + TextColumns.pad("×2", 7, right: true)
          + TextColumns.pad("peak memory", 13, right: true)
          + (hasBaseline
            ? TextColumns.pad("baseline", 12, right: true) + TextColumns.pad("×2", 7, right: true)
              + TextColumns.pad("its cpu", 10, right: true) + TextColumns.pad("its peak", 12, right: true) : ""))
      let formRows = rows.filter { $0.form == form }
      for row in formRows {
        let half = formRows.first { $0.bindings * 2 == row.bindings && doublings.contains(row.bindings) }
        var line =
          TextColumns.pad(row.bindings.withThousandsSeparators, 10)
          + TextColumns.pad(String(files(row.bindings)), 6, right: true)
          + TextColumns.pad(TextColumns.milliseconds(row.best), 11, right: true)
          + TextColumns.pad(half.map { String(format: "%.2f", row.best / $0.best) } ?? "", 7, right: true)
          + TextColumns.pad(TextColumns.milliseconds(row.bestCPU), 10, right: true)
          + TextColumns.pad(half.map { String(format: "%.2f", row.bestCPU / $0.bestCPU) } ?? "", 7, right: true)
          + TextColumns.pad(TextColumns.megabytes(Double(row.peak)), 13, right: true)
        if hasBaseline {
          if let before = row.baselineBest, let beforeCPU = row.baselineBestCPU, let beforePeak = row.baselinePeak {
            let halfBefore = half?.baselineBest.map { String(format: "%.2f", before / $0) } ?? ""
            line +=
              TextColumns.pad(TextColumns.milliseconds(before), 12, right: true)
              + TextColumns.pad(halfBefore, 7, right: true)
              + TextColumns.pad(TextColumns.milliseconds(beforeCPU), 10, right: true)
              + TextColumns.pad(TextColumns.megabytes(Double(beforePeak)), 12, right: true)
          } else {
            line += TextColumns.pad("not run", 12, right: true)
          }
        }
        // Piped, the playground exits 1 when an input failed: main refuses
        // a chain of more than 199 lets (the stage limit counted each `let`).
        if let status = row.failedStatus { line += "  (an input failed: exit status \(status >> 8))" }
        lines.append(line)
      }
    }
    if let baseline, hasBaseline { lines.append("\nbaseline: \(baseline)") }
    return lines.joined(separator: "\n")
  }

  private static func files(_ size: Int) -> Int {
    size == limitRow ? 1 : (size + bindingsPerFile - 1) / bindingsPerFile
  }
}
