import StreamCore

/// A run as one line per event, `t=500ms  value "iph"`, grouped by row: for
/// screen readers, diffs and students who want every event spelled out.
///
/// `write` streams the lines into a `TextOutput` as it goes, so a long run's
/// list needs no memory of its own; `render` collects the same text.
public enum EventList {
  /// - Parameter includeDemand: also list `request` events (the demand trace).
  public static func render(_ result: RunResult, includeDemand: Bool = false) -> String {
    TextOutput.string { write(result, includeDemand: includeDemand, to: $0) }
  }

  /// The lines of `render`, each but the last followed by a line break.
  public static func write(_ result: RunResult, includeDemand: Bool = false, to output: TextOutput) {
    var lines = LineWriter(output: output)
    let grouped = result.pipelines.count > 1 || result.pipelines.contains { !$0.timing.isEmpty }
    var stageLabels: [[Int]: String] = [:]
    for row in result.rows where row.isStageRow { stageLabels[[row.pipeline, row.stage]] = row.label.singleLine }
    var pipeline: Int?
    for row in result.rows {
      if grouped && row.pipeline != pipeline {
        pipeline = row.pipeline
        let source =
          result.pipelines.indices.contains(row.pipeline)
          ? "\(result.pipelines[row.pipeline].source) \(result.pipelines[row.pipeline].timing)" : ""
        lines.add("pipeline \(row.pipeline + 1): \(source.singleLine)".trimmingTrailingSpaces())
      }
      let indent = String(repeating: "  ", count: row.inner?.depth ?? 0)
      lines.add(indent + heading(of: row, operatorLabel: row.inner.flatMap { stageLabels[[row.pipeline, $0.parent]] }))
      let eventLines = EventLines(
        indent: indent, owner: row.inner.map { "  [inner \($0.number)]" } ?? "", includeDemand: includeDemand)
      eventLines.write(row.events, row.events.indices, to: output)
    }
    for note in result.notes { lines.add("note: \(note)") }
    if let sentence = result.stop.sentence(endTime: result.endTime) { lines.add(sentence) }
    for line in LogText.lines(result.log) { lines.add(line) }
  }

  /// Writes lines one line break apart, with none after the last.
  private struct LineWriter {
    let output: TextOutput
    var isFirst = true

    mutating func startLine() {
      if !isFirst { output.write("\n") }
      isFirst = false
    }

    mutating func add(_ line: String) {
      startLine()
      output.write(line)
    }
  }

  /// A row's heading line: its label, `(output)` on an output row; an inner
  /// row's says what started it, its number and its operator; a shared
  /// upstream's says who shares it.
  static func heading(of row: Timeline, operatorLabel: String?) -> String {
    if let inner = row.inner {
      let owner = operatorLabel.map { " of `\($0)`" } ?? ""
      let outer = inner.nestedIn.map { " in inner \($0)" } ?? ""
      return "↳ \(row.label.singleLine) (inner \(inner.number)\(outer)\(owner))"
    }
    if let shared = row.shared {
      return "\(row.label.singleLine) (shared by \(shared.binding)'s \(shared.subscribers) subscribers)"
    }
    return row.isOutput ? "\(row.label.singleLine) (output)" : row.label.singleLine
  }
}
