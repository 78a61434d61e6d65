import StreamCore

extension EventList {
  /// A piece of an event list above its notes: a heading line, or a run of
  /// one row's event lines. Each writes its own line breaks, so pieces can
  /// be formatted apart (`ChunkedWriting`) and joined as they are.
  enum Part {
    /// A row's heading, or a pipeline's: its bytes, led by a line break
    /// unless it opens the list.
    case line([UInt8])
    /// The lines of `events[range]`, each led by its line break.
    case events(TimelineEvents, Range<Int>, EventLines)

    /// How many events the piece lists (or skips, if demand): its share of the work.
    var eventCount: Int {
      guard case .events(_, let range, _) = self else { return 0 }
      return range.count
    }

    func write(to output: TextOutput) {
      switch self {
      case .line(let bytes): output.write(bytes)
      case .events(let events, let range, let lines): lines.write(events, range, to: output)
      }
    }

    /// Every row's heading and event lines, with a `pipeline N:` line above
    /// each pipeline's rows when the run has several (or one subscribed late).
    static func rows(of result: RunResult, includeDemand: Bool) -> [Part] {
      var parts: [Part] = []
      func add(line: String) {
        parts.append(.line(Array(((parts.isEmpty ? "" : "\n") + line).utf8)))
      }
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
          add(line: "pipeline \(row.pipeline + 1): \(source.singleLine)".trimmingTrailingSpaces())
        }
        let indent = String(repeating: "  ", count: row.inner?.depth ?? 0)
        add(
          line: indent + heading(of: row, operatorLabel: row.inner.flatMap { stageLabels[[row.pipeline, $0.parent]] }))
        let lines = EventLines(
          indent: indent, owner: row.inner.map { "  [inner \($0.number)]" } ?? "", includeDemand: includeDemand)
        if !row.events.isEmpty { parts.append(.events(row.events, row.events.indices, lines)) }
      }
      return parts
    }

    /// `parts` in order, cut into chunks of at most `eventsPerChunk` events
    /// (a row's lines split where a chunk fills up).
    static func chunks(of parts: [Part], eventsPerChunk: Int) -> [[Part]] {
      var chunks: [[Part]] = []
      var chunk: [Part] = []
      var room = eventsPerChunk
      for part in parts {
        guard case .events(let events, let range, let lines) = part else {
          chunk.append(part)
          continue
        }
        var rest = range
        while !rest.isEmpty {
          let taken = rest.prefix(room)
          chunk.append(.events(events, taken, lines))
          rest = rest.dropFirst(taken.count)
          room -= taken.count
          if room == 0 {
            chunks.append(chunk)
            chunk = []
            room = eventsPerChunk
          }
        }
      }
      if !chunk.isEmpty { chunks.append(chunk) }
      return chunks
    }
  }
}
