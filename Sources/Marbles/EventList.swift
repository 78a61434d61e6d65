import StreamCore

/// A run as one line per event, `t=500ms  value "iph"`, grouped by row: for
/// screen readers, diffs and students who want every event spelled out.
public enum EventList {
  /// - Parameter includeDemand: also list `request` events (the demand trace).
  public static func render(_ result: RunResult, includeDemand: Bool = false) -> String {
    var lines: [String] = []
    let grouped = result.pipelines.count > 1 || result.pipelines.contains { !$0.timing.isEmpty }
    var pipeline: Int?
    for row in result.rows {
      if grouped && row.pipeline != pipeline {
        pipeline = row.pipeline
        let source =
          result.pipelines.indices.contains(row.pipeline)
          ? "\(result.pipelines[row.pipeline].source) \(result.pipelines[row.pipeline].timing)" : ""
        lines.append("pipeline \(row.pipeline + 1): \(source.singleLine)".trimmingTrailingSpaces())
      }
      lines.append(row.isOutput ? "\(row.label.singleLine) (output)" : row.label.singleLine)
      for event in row.events {
        if case .requested = event.kind, !includeDemand { continue }
        lines.append("  \(event)")
      }
    }
    lines += result.notes.map { "note: \($0)" }
    if let sentence = result.stop.sentence(endTime: result.endTime) { lines.append(sentence) }
    return lines.joined(separator: "\n")
  }
}
