import StreamCore

@testable import Marbles

/// The event list written the plainest way, one String per line from each
/// event's `description`: what `EventList` wrote before it wrote lines
/// through a pointer and on two threads. The tests hold `EventList` to it
/// byte for byte.
enum ReferenceEventList {
  static func render(_ result: RunResult, includeDemand: Bool) -> String {
    var lines: [String] = []
    let grouped = result.pipelines.count > 1 || result.pipelines.contains { !$0.timing.isEmpty }
    var pipeline: Int?
    for row in result.rows {
      if grouped && row.pipeline != pipeline {
        pipeline = row.pipeline
        let shown = result.pipelines.indices.contains(row.pipeline) ? result.pipelines[row.pipeline] : nil
        let source = shown.map { "\($0.source) \($0.timing)" } ?? ""
        lines.append("pipeline \(row.pipeline + 1): \(source.singleLine)".trimmingTrailingSpaces())
      }
      let indent = String(repeating: "  ", count: row.inner?.depth ?? 0)
      let operatorLabel = row.inner.flatMap { inner in
        result.rows.first { $0.isStageRow && $0.pipeline == row.pipeline && $0.stage == inner.parent }?.label
          .singleLine
      }
      lines.append(indent + EventList.heading(of: row, operatorLabel: operatorLabel))
      let owner = row.inner.map { "  [inner \($0.number)]" } ?? ""
      for event in row.events {
        if case .requested = event.kind, !includeDemand { continue }
        lines.append(indent + "  " + event.description + owner)
      }
    }
    lines += result.notes.map { "note: \($0)" }
    if let sentence = result.stop.sentence(endTime: result.endTime) { lines.append(sentence) }
    lines += LogText.lines(result.log)
    return lines.joined(separator: "\n")
  }
}
