import StreamCore

/// A run as one line per event, `t=500ms  value "iph"`, grouped by row: for
/// screen readers, diffs and students who want every event spelled out.
///
/// `write` streams the lines into a `TextOutput` as it goes, so a long run's
/// list needs no memory of its own; `render` collects the same text. A long
/// run's lines are formatted on two threads (`ChunkedWriting`).
public enum EventList {
  /// Event lines per chunk of a long list: about a megabyte of text, so a
  /// chunk costs the two threads one exchange under a lock per millisecond
  /// or so of formatting.
  static let eventsPerChunk = 32_768

  /// A list of fewer events is written on the calling thread alone:
  /// starting a thread (tens of microseconds) would cost more than it saves.
  static let fewestEventsForTwoThreads = 2 * eventsPerChunk

  /// - Parameter includeDemand: also list `request` events (the demand trace).
  public static func render(_ result: RunResult, includeDemand: Bool = false) -> String {
    TextOutput.string { write(result, includeDemand: includeDemand, to: $0) }
  }

  /// The lines of `render`, each but the last followed by a line break.
  public static func write(_ result: RunResult, includeDemand: Bool = false, to output: TextOutput) {
    let parts = Part.rows(of: result, includeDemand: includeDemand)
    if let chunks = twoThreadChunks(of: parts) {
      // Both threads only read the rows' events: nothing appends to a
      // finished run's `TimelineEvents`, and its columns (`EventColumns`)
      // may be read from several threads at once while nobody appends.
      ChunkedWriting.write(chunkCount: chunks.count, to: output) { index, chunkOutput in
        for part in chunks[index] { part.write(to: chunkOutput) }
      }
    } else {
      for part in parts { part.write(to: output) }
    }
    var lines = LineWriter(output: output, isFirst: parts.isEmpty)
    for lifetime in result.lifetimes {
      lines.add("lifetime \(lifetime.label)")
      lines.add("  t=\(lifetime.made)  made")
      if let released = lifetime.released {
        lines.add("  t=\(released)  deinit")
      } else {
        lines.add(lifetime.leaked ? "  leaked: never released" : "  alive at the end")
      }
    }
    for task in result.tasks {
      lines.add("task \(task.name)")
      for (time, moment) in task.moments { lines.add("  t=\(time)  \(moment.word)") }
      if task.end == nil { lines.add(task.moments.isEmpty ? "  never started" : "  still waiting at the end") }
    }
    for entry in result.releaseEntries { lines.add(entry) }
    for note in result.notes { lines.add("note: \(note)") }
    if let sentence = result.stop.sentence(endTime: result.endTime) { lines.add(sentence) }
    for line in LogText.lines(result.log) { lines.add(line) }
    for line in AssertionText.lines(result.assertions) { lines.add(line) }
  }

  /// `parts` cut into chunks for two threads, or nil for a list too short
  /// to be worth a thread.
  static func twoThreadChunks(of parts: [Part]) -> [[Part]]? {
    guard parts.reduce(0, { $0 + $1.eventCount }) >= fewestEventsForTwoThreads else { return nil }
    return Part.chunks(of: parts, eventsPerChunk: eventsPerChunk)
  }

  /// Writes lines one line break apart, with none after the last.
  private struct LineWriter {
    let output: TextOutput
    var isFirst: Bool

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
