import StreamCore

/// A run's subscription log, stage by stage, in the words Combine's
/// `.print()` uses: what a `.print("label")` placed right after each stage
/// would have printed, stamped with virtual time.
///
/// Each row of a run is recorded by the probe between a stage and the next,
/// so its `requested` events are the demand the downstream stage asked for
/// and its values are what the stage sent on.
struct TraceLog {
  var result: RunResult

  /// Rows with more events than this show only their first and last ones.
  static let longestRow = 200
  static let shownAtStart = 100
  static let shownAtEnd = 20

  var text: String {
    var lines: [String] = []
    for (index, pipeline) in result.pipelines.enumerated() {
      let timing = pipeline.timing.isEmpty ? "" : " " + pipeline.timing
      lines.append("pipeline \(index + 1): \(pipeline.source)\(timing)")
      for row in result.rows where row.pipeline == index {
        // An inner subscription's log sits under its operator's, indented
        // once per level, so its subscribe, values and cancel read in place.
        let indent = String(repeating: "  ", count: row.inner?.depth ?? 0)
        lines.append("  \(indent)\(Self.heading(of: row))")
        if row.events.isEmpty { lines.append("    \(indent)(never subscribed)") }
        let timeWidth = row.events.map(\.time.description.count).max() ?? 0
        let line = { (event: TimelineEvent) -> String in
          let time = String(repeating: " ", count: timeWidth - event.time.description.count) + event.time.description
          return "    \(indent)\(time)  \(Self.words(for: event.kind))"
        }
        if row.events.count <= Self.longestRow {
          lines += row.events.map(line)
        } else {
          // A runaway row (an interval cut by Ctrl-C) would print millions
          // of lines; its start and its end tell the story.
          let hidden = row.events.count - Self.shownAtStart - Self.shownAtEnd
          lines += row.events.prefix(Self.shownAtStart).map(line)
          lines.append("    … \(hidden) more events …")
          lines += row.events.suffix(Self.shownAtEnd).map(line)
        }
      }
    }
    if let stop = Self.stopLine(result) { lines.append(stop) }
    return lines.joined(separator: "\n")
  }

  /// Combine's `.print()` wording for one event.
  /// A stage's label; an inner row's says what started it and whose it is;
  /// a shared upstream's says who shares it.
  static func heading(of row: Timeline) -> String {
    if let inner = row.inner { return "↳ \(row.label)  (inner subscription \(inner.number))" }
    if let shared = row.shared {
      return "\(row.label)  (shared by \(shared.binding)'s \(shared.subscribers) subscribers)"
    }
    return row.label
  }

  static func words(for kind: TimelineEvent.Kind) -> String {
    switch kind {
    case .subscribed: return "receive subscription"
    case .requested(let demand): return "request \(demand)"
    case .value(let value): return "receive value: (\(value))"
    case .finished: return "receive finished"
    case .failed(let message): return "receive error: (\(Value.string(message)))"
    case .cancelled: return "receive cancel"
    case .dropped(let value): return "dropped value: (\(value)) (no demand, so the source lost it)"
    }
  }

  private static func stopLine(_ result: RunResult) -> String? {
    switch result.stop {
    case .idle: return nil
    case .horizon(let time): return "(the run stopped at the horizon, \(time))"
    case .budget(let count): return "(the run stopped after \(count) events)"
    case .runtimeError(let error): return "(the run stopped: \(error))"
    case .interrupted: return "(the run was interrupted at \(result.endTime))"
    case .testEnded(let time): return "(the test returned at \(time))"
    }
  }
}
