import StreamCore

/// A run as one line per event, `t=500ms  value "iph"`, grouped by row: for
/// screen readers, diffs and students who want every event spelled out.
public enum EventList {
  /// - Parameter includeDemand: also list `request` events (the demand trace).
  public static func render(_ result: RunResult, includeDemand: Bool = false) -> String {
    var lines: [String] = []
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
        lines.append("pipeline \(row.pipeline + 1): \(source.singleLine)".trimmingTrailingSpaces())
      }
      let indent = String(repeating: "  ", count: row.inner?.depth ?? 0)
      // Every event line of an inner row ends with the row's name, so a
      // line read alone (grep, a diff) still says which inner stream it is.
      let owner = row.inner.map { "  [inner \($0.number)]" } ?? ""
      lines.append(
        indent + heading(of: row, operatorLabel: row.inner.flatMap { stageLabels[[row.pipeline, $0.parent]] }))
      for event in row.events {
        if case .requested = event.kind, !includeDemand { continue }
        lines.append("\(indent)  \(event)\(owner)")
      }
    }
    lines += result.notes.map { "note: \($0)" }
    if let sentence = result.stop.sentence(endTime: result.endTime) { lines.append(sentence) }
    lines += LogText.lines(result.log)
    return lines.joined(separator: "\n")
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
