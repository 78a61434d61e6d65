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
      // Every event line of an inner row ends with the row's name, so a
      // line read alone (grep, a diff) still says which inner stream it is.
      let owner = row.inner.map { "  [inner \($0.number)]" } ?? ""
      lines.add(indent + heading(of: row, operatorLabel: row.inner.flatMap { stageLabels[[row.pipeline, $0.parent]] }))
      // As bytes made once per row: a String written per event cost a
      // retain and a release of its storage each time. Every event line
      // follows the row's heading, so it starts with its line break, and
      // its `t=`.
      let lineStart = Array(("\n" + indent + "  t=").utf8)
      let lineEnd = Array(owner.utf8)
      let events = row.events
      for index in events.indices {
        let kind = events.kind(at: index)
        if case .requested = kind, !includeDemand { continue }
        output.write(lineStart)
        TimelineEvent.write(time: events.time(at: index), kind: kind, to: output)
        if !lineEnd.isEmpty { output.write(lineEnd) }
      }
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

extension TimelineEvent {
  /// `description` after its `t=` (an event line's prebuilt start has it),
  /// written straight into `output`: the common events of a long run (an
  /// `Int` value at a whole millisecond) without a String, and with the
  /// unit, the gap and the kind's word as one piece.
  static func write(time: VirtualTime, kind: Kind, to output: TextOutput) {
    let isWholeMillisecond = time.nanoseconds % 1_000_000 == 0
    if isWholeMillisecond {
      output.write(time.nanoseconds / 1_000_000)
    } else {
      output.write(time.description)
    }
    switch kind {
    case .value(.int(let number)):
      output.write(isWholeMillisecond ? "ms  value " : "  value " as StaticString)
      output.write(number)
    case .requested(.max(let count)):
      output.write(isWholeMillisecond ? "ms  request max(" : "  request max(" as StaticString)
      output.write(count)
      output.write(")" as StaticString)
    default:
      output.write(isWholeMillisecond ? "ms  " : "  " as StaticString)
      output.write(TimelineEvent(time: time, kind: kind).detail)
    }
  }
}
