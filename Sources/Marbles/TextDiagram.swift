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
    render(result, options: options, streamsLongRuns: true)
  }

  /// `render`, with `LongRunLayout` allowed or not (the tests compare the two).
  static func render(_ result: RunResult, options: DiagramOptions, streamsLongRuns: Bool) -> String {
    let page = Page(
      result: result.summarisingInnerRows.withLifetimeRows.withTaskRows.withAssertionRows, options: options,
      streamsLongRuns: streamsLongRuns)
    return page.lines.map { $0.trimmedTrailingSpaces().rendered(color: options.color) }.joined(separator: "\n")
  }

  /// The columns `render` shows of `result`, ` ~ ` between two windows, and
  /// what each row says it leaves out.
  static func cut(for result: RunResult, options: DiagramOptions = .init()) -> TextCut {
    Page.layout(result: result.summarisingInnerRows.withLifetimeRows.withTaskRows.withAssertionRows, options: options)
      .cut
  }

  /// The frame `render` draws `result` at, printed under its axis: the `F` of
  /// `marbles "…" frame F` for feeding a row back (see `MarbleString`).
  public static func frame(for result: RunResult, options: DiagramOptions = .init()) -> VirtualInterval {
    Page.layout(result: result.summarisingInnerRows.withLifetimeRows.withTaskRows.withAssertionRows, options: options)
      .layout.frame
  }
}

extension TextDiagram {
  /// A text diagram being assembled.
  private struct Page {
    var lines: [[StyledText]] = []

    init(result: RunResult, options: DiagramOptions, streamsLongRuns: Bool) {
      let width = max(options.width, 20)
      var (layout, labelColumn, cut, relabelled) = Self.layout(
        result: result, options: options, streamsLongRuns: streamsLongRuns)
      let left = 2 + labelColumn + 2
      let available = max(width - left, 16)
      let windows = cut.windows
      if windows.count > 1 {
        // Letters go to what is on screen only; a letter is one column
        // whichever value it stands for, so the layout does not move.
        layout = relabelled(
          ValueLegend(
            values: layout.visibleValues(in: windows), mode: layout.legend.mode,
            maxInlineWidth: layout.legend.maxInlineWidth))
      }

      for (((row, heading), placed), hidden) in zip(zip(zip(result.rows, result.headings), layout.rows), cut.hidden) {
        if let header = heading.header { lines.append([StyledText(header)]) }
        let marker = row.isOutput ? StyledText("> ", .output) : StyledText("  ")
        let label = StyledText(heading.label, row.isOutput ? .output : .plain)
        var line = [marker, label]
        if heading.label.terminalColumns > labelColumn {
          lines.append(line)
          line = [StyledText(String(repeating: " ", count: 2 + labelColumn))]
        } else {
          line.append(StyledText(String(repeating: " ", count: labelColumn - heading.label.terminalColumns)))
        }
        line.append(StyledText("  "))
        // `… N more inner streams` stands for rows: it has no marbles.
        if row.inner?.isSummary == true {
          lines.append(line)
          continue
        }
        var drawn: [StyledText] = []
        for (index, window) in windows.enumerated() {
          if index > 0 { drawn.append(StyledText(" ~ ", .elided)) }
          let marbles = placed.marbles(in: window)
          drawn += index == 0 && row.opensLate ? marbles.blankingLeadingDashes() : marbles
        }
        line +=
          row.lifetime.map { drawn.lifetimeMarbles($0) } ?? row.task.map { drawn.taskMarbles($0) }
          ?? row.assertions.map { _ in drawn.assertionMarbles() } ?? drawn

        // What the cut leaves out of the row, after its marbles when there
        // is room, else on a line of its own under them.
        if let sentence = hidden.sentence {
          if line.trimmedTrailingSpaces().width + 2 + sentence.terminalColumns <= width {
            line = line.trimmedTrailingSpaces() + [StyledText("  "), StyledText(sentence, .elided)]
          } else {
            lines.append(line)
            let parts = sentence.wrappedAtSpaces(width: max(width - left, 16))
            for part in parts.dropLast() {
              lines.append([StyledText(String(repeating: " ", count: left)), StyledText(part, .elided)])
            }
            line = [StyledText(String(repeating: " ", count: left)), StyledText(parts.last ?? "", .elided)]
          }
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

      let legend =
        layout.legend.entries + Self.failureEntries(result.rows)
        + DropLegend.entries(result.rows, pipelines: result.pipelines)
      lines += Self.wrapped(legend, width: width).map { [StyledText($0)] }
      for entry in result.releaseEntries {
        lines += entry.wrappedAtSpaces(width: width, indent: "      ").map { [StyledText($0)] }
      }
      // Notes are wrapped here, at spaces: left to the terminal, a long
      // note would break in the middle of a word.
      var remarks = (result.notes + Self.layoutRemarks(layout: layout, cut: cut, width: width)).map {
        "note: \($0)"
      }
      if let sentence = result.stop.sentence(endTime: result.endTime) { remarks.append(sentence) }
      for remark in remarks {
        lines += remark.wrappedAtSpaces(width: width, indent: "      ").map { [StyledText($0)] }
      }
      lines += LogText.lines(result.log).map { [StyledText($0)] }
      lines += AssertionText.lines(result.assertions).map { [StyledText($0)] }
    }

    /// The layout of `result`, the width of its label column, and the same
    /// layout under another legend (for the letters of a cut diagram).
    ///
    /// - Parameter streamsLongRuns: lets a run too long for the width be laid
    ///   out by `LongRunLayout`; false only in the tests that compare the two.
    static func layout(
      result: RunResult, options: DiagramOptions, streamsLongRuns: Bool = true
    ) -> (layout: TextLayout, labelColumn: Int, cut: TextCut, relabelled: (ValueLegend) -> TextLayout) {
      let width = max(options.width, 20)
      let longestLabel = result.headings.map(\.label.terminalColumns).max() ?? 0
      let labelColumn = min(longestLabel, max(12, width * 2 / 5 - 4))
      let available = max(width - (2 + labelColumn + 2), 16)
      let running = result.stop.leftStreamsRunning
      if streamsLongRuns,
        let longRun = LongRunLayout(
          rows: result.rows, running: running, endTime: result.endTime, options: options, available: available)
      {
        let (layout, cut, relabelled) = longRun.layout(available: available)
        return (layout, labelColumn, cut, relabelled)
      }
      let cells = result.rows.map(\.diagramCells)
      let layout = TextLayout.choose(
        cells: cells, running: running, endTime: result.endTime, options: options, available: available)
      return (
        layout, labelColumn, TextCut(layout, available: available, ranks: result.rows.map(\.cutRank)),
        {
          TextLayout(cells: cells, running: running, endTime: result.endTime, frame: layout.frame, legend: $0)
        }
      )
    }

    /// The axis reaches the last event's column and the stop time, not the
    /// end of a wide group drawn there (the group is one instant), nor a `…`
    /// pushed right by such a group.
    static func axisLastColumn(layout: TextLayout, endTime: VirtualTime) -> Int {
      var last = TextLayout.column(of: endTime, step: max(layout.frame.nanoseconds, 1))
      for row in layout.rows {
        if let token = row.tokens.last { last = max(last, token.column) }
      }
      return last
    }

    /// `# = "boom"`, or with several messages the time of each.
    static func failureEntries(_ rows: [Timeline]) -> [String] {
      let messages = FailureMessages.firstAppearances(in: rows)
      if messages.count == 1 { return ["# = \(Value.string(messages[0].0))"] }
      return messages.isEmpty
        ? [] : ["# = " + messages.map { "\(Value.string($0.0)) at \($0.1)" }.joined(separator: ", ")]
    }

    static func layoutRemarks(layout: TextLayout, cut: TextCut, width: Int) -> [String] {
      var remarks: [String] = []
      let windows = cut.windows
      if windows.count > 1 {
        let step = max(layout.frame.nanoseconds, 1)
        func time(_ column: Int) -> VirtualTime {
          VirtualTime(nanoseconds: column.multipliedReportingOverflow(by: step).partialValue)
        }
        let stretches = zip(windows, windows.dropFirst()).map {
          "\(time($0.upperBound + 1)) to \(time($1.lowerBound - 1))"
        }
        let cutOut =
          stretches.count == 1
          ? "\(stretches[0]) is cut out (~)"
          : stretches.dropLast().joined(separator: ", ") + " and \(stretches.last!) are cut out (~)"
        remarks.append(
          cut.hidesEvents
            ? "the run is too long for \(width) columns: \(cutOut), and each row says what it leaves out there; the event list has it all"
            : "the run is too long for \(width) columns: \(cutOut), where no row has an event")
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
        if let last = lines.last, last.terminalColumns + 3 + entry.terminalColumns <= width {
          lines[lines.count - 1] += "   " + entry
        } else {
          lines.append(entry)
        }
      }
      return lines
    }
  }
}

extension Timeline {
  /// How much it matters that the row shows all its events when a diagram
  /// must cut through some (see `TextCut`): outputs most, rows under
  /// another row least.
  var cutRank: Int { isOutput ? 0 : inner == nil ? 1 : 2 }

  /// True for an inner row subscribed after 0: it did not exist before its
  /// `^`, so no line is drawn there.
  var opensLate: Bool {
    guard inner != nil, let first = events.first else { return false }
    return first.kind == .subscribed && first.time > .zero
  }
}

extension Array where Element == StyledText {
  /// The same marbles with the `-` before the first token drawn as spaces.
  func blankingLeadingDashes() -> [StyledText] {
    var blanking = true
    return map { part in
      guard blanking else { return part }
      guard part.text.allSatisfy({ $0 == "-" }) else {
        blanking = false
        let dashes = part.text.prefix { $0 == "-" }
        return StyledText(String(repeating: " ", count: dashes.count) + part.text.dropFirst(dashes.count), part.style)
      }
      return StyledText(String(repeating: " ", count: part.text.count), part.style)
    }
  }
}
