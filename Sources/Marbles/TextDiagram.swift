import StreamCore

/// A run drawn as text: one marble row per stage on one shared time axis.
///
///       just 1,2,3      (1 2 3 |)
///       map x*2         (2 4 6 |)
///     > debounce 300ms  |
///                       +
///                       0ms   frame 100ms
///     note: …
///
/// Columns are frames: an event at time t sits in column t / frame. The frame
/// is the coarsest one that divides every event time (so nothing is rounded
/// and events at different times never share a column), keeps at least five
/// columns across the run, and fits the width; `DiagramOptions.scale`
/// overrides it. A token wider than one column (`iph`, `(2 4 6 |)`) starts in
/// its event's column and covers the columns after it, which the layout
/// keeps free, so the picture stays true to time. That is why the text row
/// and the feed-back string (`MarbleString`) can differ: in the marble
/// grammar a value or a group is one frame however wide it is written.
public enum TextDiagram {
  public static func render(_ result: RunResult, options: DiagramOptions = .init()) -> String {
    let page = Page(result: result, options: options)
    return page.lines.map { $0.trimmedTrailingSpaces().rendered(color: options.color) }.joined(separator: "\n")
  }

  /// The frame `render` draws `result` at, printed under its axis: the `F` of
  /// `marbles "…" frame F` for feeding a row back (see `MarbleString`).
  public static func frame(for result: RunResult, options: DiagramOptions = .init()) -> VirtualInterval {
    Page.layout(result: result, options: options).layout.frame
  }
}

extension TextDiagram {
  /// A text diagram being assembled.
  private struct Page {
    var lines: [[StyledText]] = []

    init(result: RunResult, options: DiagramOptions) {
      let width = max(options.width, 20)
      var (layout, labelColumn) = Self.layout(result: result, options: options)
      let grouped = Self.isGrouped(result)
      let indent = grouped ? "  " : ""
      let left = 2 + labelColumn + 2
      let available = max(width - left, 16)
      let windows = Self.windows(layout: layout, available: available)
      if windows.count > 1 {
        // Letters go to what is on screen only; a letter is one column
        // whichever value it stands for, so the layout does not move.
        let legend = ValueLegend(
          values: layout.visibleValues(in: windows), mode: layout.legend.mode,
          maxInlineWidth: layout.legend.maxInlineWidth)
        layout = TextLayout(
          cells: result.rows.map(\.marbleCells), running: result.stop.leftStreamsRunning, endTime: result.endTime,
          frame: layout.frame, legend: legend)
      }

      var pipeline: Int?
      for (timeline, placed) in zip(result.rows, layout.rows) {
        var row = timeline
        row.label = row.label.singleLine
        if grouped && row.pipeline != pipeline {
          pipeline = row.pipeline
          lines.append([StyledText(Self.header(result.pipelines, row.pipeline))])
        }
        let marker = row.isOutput ? StyledText("> ", .output) : StyledText("  ")
        let label = StyledText(indent + row.label, row.isOutput ? .output : .plain)
        var line = [marker, label]
        if indent.count + row.label.count > labelColumn {
          lines.append(line)
          line = [StyledText(String(repeating: " ", count: 2 + labelColumn))]
        } else {
          line.append(StyledText(String(repeating: " ", count: labelColumn - indent.count - row.label.count)))
        }
        line.append(StyledText("  "))
        for (index, window) in windows.enumerated() {
          if index > 0 { line.append(StyledText(" ~ ", .elided)) }
          line += Self.marbles(of: placed, in: window)
        }
        lines.append(line)
      }

      let axisEnd = Self.axisLastColumn(layout: layout, endTime: result.endTime)
      let ruler = AxisRuler(frame: layout.frame, lastColumn: axisEnd)
      var ticks = [StyledText(String(repeating: " ", count: left))]
      var labels = ticks
      for (index, window) in windows.enumerated() {
        if index > 0 {
          ticks.append(StyledText(" ~ ", .elided))
          labels.append(StyledText("   "))
        }
        let shown = windows.reduce(0) { $0 + $1.count } + 3 * (windows.count - 1)
        let axis = ruler.lines(
          window: window, lastColumn: axisEnd, isLast: index == windows.count - 1, room: max(available - shown, 0))
        ticks.append(StyledText(axis.ticks, .axis))
        labels.append(StyledText(axis.labels, .axis))
      }
      let frameText = "frame \(layout.frame)"
      if labels.width + 3 + frameText.count <= width {
        labels.append(StyledText("   " + frameText, .axis))
        lines += [ticks, labels]
      } else {
        lines += [ticks, labels, [StyledText(String(repeating: " ", count: left)), StyledText(frameText, .axis)]]
      }

      let legend = layout.legend.entries + Self.failureEntries(result.rows)
      lines += Self.wrapped(legend, width: width).map { [StyledText($0)] }
      for note in result.notes { lines.append([StyledText("note: \(note)")]) }
      for remark in Self.layoutRemarks(layout: layout, windows: windows, width: width) {
        lines.append([StyledText("note: \(remark)")])
      }
      if let sentence = result.stop.sentence(endTime: result.endTime) { lines.append([StyledText(sentence)]) }
    }

    /// Several subscribers, or one with `@` times, get a header per pipeline.
    static func isGrouped(_ result: RunResult) -> Bool {
      result.pipelines.count > 1 || result.pipelines.contains { !$0.timing.isEmpty }
    }

    /// The layout of `result` and the width of its label column.
    static func layout(result: RunResult, options: DiagramOptions) -> (layout: TextLayout, labelColumn: Int) {
      let width = max(options.width, 20)
      let indent = isGrouped(result) ? 2 : 0
      let longestLabel = result.rows.map { indent + $0.label.singleLine.count }.max() ?? 0
      let labelColumn = min(longestLabel, max(12, width * 2 / 5 - 4))
      let available = max(width - (2 + labelColumn + 2), 16)
      let layout = chooseLayout(
        cells: result.rows.map(\.marbleCells), running: result.stop.leftStreamsRunning, endTime: result.endTime,
        options: options, available: available)
      return (layout, labelColumn)
    }

    static func header(_ pipelines: [ShownPipeline], _ index: Int) -> String {
      guard pipelines.indices.contains(index) else { return "pipeline \(index + 1)" }
      let pipeline = pipelines[index]
      let source = pipeline.source.singleLine
      return pipeline.timing.isEmpty ? source : "\(source) \(pipeline.timing)"
    }

    /// Tries the candidate frames, inline values first, then legend letters,
    /// and takes the first layout that is exact and fits; failing that, the
    /// first exact one (which is then cut to fit).
    static func chooseLayout(
      cells: [[MarbleCell]], running: Bool, endTime: VirtualTime, options: DiagramOptions, available: Int
    ) -> TextLayout {
      let values = cells.flatMap { $0.flatMap(\.drawnValues) }
      var legends = [ValueLegend.Mode.inline, .lettersOnly].map {
        ValueLegend(values: values, mode: $0, maxInlineWidth: options.maxInlineWidth)
      }
      // Letters help only while there are letters enough; a row of `*` tells
      // nothing. (A cut diagram hands out letters again, to what it shows.)
      let lettersOverflow = legends[1].overflowed && options.scale == nil
      func layout(_ frame: VirtualInterval, _ legend: ValueLegend, exactOnly: Bool = false) -> TextLayout {
        TextLayout(
          cells: cells, running: running, endTime: endTime, frame: frame, legend: legend,
          abandonsWhenInexact: exactOnly)
      }
      if let frame = options.scale, frame.nanoseconds > 0 {
        let tries = legends.map { layout(frame, $0) }
        return tries.first { $0.fitsExactly && $0.width <= available } ?? tries.first(where: \.fitsExactly)
          ?? tries.min { $0.movedTokens < $1.movedTokens } ?? tries[0]
      }
      let times = cells.flatMap { $0.map(\.time) }
      let span = max(times.max() ?? .zero, endTime)
      let candidates = FrameCandidates(times: times, span: span, columns: available)
      for legend in lettersOverflow ? [legends[0]] : legends {
        for frame in candidates.ordered where span.nanoseconds / frame.nanoseconds < available {
          let attempt = layout(frame, legend, exactOnly: true)
          if attempt.fitsExactly && attempt.width <= available { return attempt }
        }
      }
      // Too long or too dense for the width: the diagram will be cut. Take
      // the narrowest exact layout, which cuts out the least time, unless it
      // needs a long legend for what stays on screen. Only frames close to
      // the common divisor can be narrow.
      let divisor = candidates.commonDivisor
      var frames = candidates.ordered.filter { $0.nanoseconds >= divisor / 10 }
      if frames.isEmpty { frames = [candidates.ordered.first ?? .milliseconds(100)] }
      let exact = legends.flatMap { legend in frames.map { layout($0, legend, exactOnly: true) } }.filter { attempt in
        guard attempt.fitsExactly else { return false }
        let shown = attempt.visibleValues(in: windows(layout: attempt, available: available))
        let lettered = Set(shown.filter { attempt.legend.needsLetter($0) })
        return lettered.count <= maxCutLegend
      }
      return exact.min { $0.width < $1.width } ?? layout(frames[0], legends[legends.count - 1])
    }

    /// The most legend entries a cut diagram may need: beyond that, the
    /// values are easier to read inline at a finer frame.
    static let maxCutLegend = 12

    /// The column ranges shown: all of them, or the start and the end of the
    /// run with ` ~ ` between when the whole does not fit.
    static func windows(layout: TextLayout, available: Int) -> [ClosedRange<Int>] {
      guard layout.width > available else { return [0...layout.lastColumn] }
      let usable = max(available - 3, 4)
      let tail = max(usable / 3, 2)
      let head = usable - tail
      return [0...(head - 1), (layout.lastColumn - tail + 1)...layout.lastColumn]
    }

    /// The axis reaches the last event's column, not the end of a wide group
    /// drawn there: the group is one instant.
    static func axisLastColumn(layout: TextLayout, endTime: VirtualTime) -> Int {
      var last = TextLayout.column(of: endTime, step: max(layout.frame.nanoseconds, 1))
      for row in layout.rows {
        if let token = row.tokens.last { last = max(last, token.column) }
        if let running = row.runningColumn { last = max(last, running) }
      }
      return last
    }

    /// One row's characters in `window`: its tokens, `-` while the row is
    /// live, blank once it has ended, `…` where it was still running.
    static func marbles(of row: TextLayout.Row, in window: ClosedRange<Int>) -> [StyledText] {
      var out: [StyledText] = []
      var cursor = window.lowerBound
      var live = true
      func fill(upTo end: Int) {
        guard cursor < end else { return }
        var text = ""
        for column in cursor..<end {
          if !live {
            text += " "
          } else if let running = row.runningColumn, column >= running {
            if column == running {
              out.append(StyledText(text))
              out.append(StyledText("\u{2026}", .elided))
              text = ""
            } else {
              text += " "
            }
          } else {
            text += "-"
          }
        }
        out.append(StyledText(text))
        cursor = end
      }
      for placed in row.tokens {
        if placed.end <= window.lowerBound {
          live = placed.isLiveAfter
          continue
        }
        if placed.column > window.upperBound { break }
        fill(upTo: max(placed.column, window.lowerBound))
        if placed.column >= window.lowerBound && placed.end - 1 <= window.upperBound {
          out += placed.token.parts
          cursor = placed.end
        } else {
          // A token cut by the window's edge is left out with the rest of the cut.
          fill(upTo: min(placed.end, window.upperBound + 1))
        }
        live = placed.isLiveAfter
      }
      fill(upTo: window.upperBound + 1)
      return out.filter { !$0.text.isEmpty }
    }

    /// `# = "boom"`, or with several messages the time of each.
    static func failureEntries(_ rows: [Timeline]) -> [String] {
      var messages: [(String, VirtualTime)] = []
      for row in rows {
        for event in row.events {
          if case .failed(let message) = event.kind, !messages.contains(where: { $0.0 == message }) {
            messages.append((message, event.time))
          }
        }
      }
      if messages.count == 1 { return ["# = \(Value.string(messages[0].0))"] }
      return messages.isEmpty
        ? [] : ["# = " + messages.map { "\(Value.string($0.0)) at \($0.1)" }.joined(separator: ", ")]
    }

    static func layoutRemarks(layout: TextLayout, windows: [ClosedRange<Int>], width: Int) -> [String] {
      var remarks: [String] = []
      if windows.count > 1 {
        let step = max(layout.frame.nanoseconds, 1)
        let from = VirtualTime(
          nanoseconds: (windows[0].upperBound + 1).multipliedReportingOverflow(by: step).partialValue)
        let to = VirtualTime(
          nanoseconds: (windows[1].lowerBound - 1).multipliedReportingOverflow(by: step).partialValue)
        remarks.append(
          "the run is too long for \(width) columns: \(from) to \(to) is cut out (~); the event list has it all")
      }
      if layout.leftOutValues > 0 {
        remarks.append(
          "~ in a group stands for \(layout.leftOutValues) more values at that instant; the event list shows them")
      }
      if layout.mergedInstants {
        remarks.append(
          "frame \(layout.frame) does not divide every event time: events in one frame are drawn as one group")
      }
      if layout.movedTokens > 0 {
        remarks.append(
          "frame \(layout.frame) is too coarse: \(layout.movedTokens) of the events are drawn right of their time")
      }
      return remarks
    }

    /// Legend entries joined three spaces apart, wrapped at `width`.
    static func wrapped(_ entries: [String], width: Int) -> [String] {
      var lines: [String] = []
      for entry in entries {
        if let last = lines.last, last.count + 3 + entry.count <= width {
          lines[lines.count - 1] += "   " + entry
        } else {
          lines.append(entry)
        }
      }
      return lines
    }
  }
}

extension MarbleCell {
  /// The values a text diagram draws for this cell: all of them, or the
  /// start and the end of an overlong group (the rest become `~`).
  var drawnValues: [Value] {
    let all = values
    guard all.count > MarbleToken.maxGroupValues else { return all }
    return Array(all.prefix(MarbleToken.maxGroupValues - 1)) + [all[all.count - 1]]
  }
}

extension Array where Element == StyledText {
  func trimmedTrailingSpaces() -> [StyledText] {
    var result = self
    while let last = result.last {
      let trimmed = String(last.text.reversed().drop { $0 == " " }.reversed())
      if trimmed.isEmpty {
        result.removeLast()
        continue
      }
      result[result.count - 1].text = trimmed
      break
    }
    return result
  }
}
