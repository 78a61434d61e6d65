import StreamCore

/// A run drawn as an SVG picture in the style of RxMarbles: one time arrow
/// per row, values in coloured circles, a bar for finished, a cross for
/// failed, labels on the left and the time axis at the bottom.
///
/// The picture is self-contained (generic font families, no scripts, no
/// external references) and has a `viewBox`, so it scales cleanly.
public enum SVGDiagram {
  public static func render(_ result: RunResult, options: DiagramOptions = .init()) -> String {
    SVGPage(result: result.summarisingInnerRows.withLifetimeRows.withTaskRows.withAssertionRows, options: options).text
  }

  /// The same picture for the browser playground, which puts it into the
  /// page: no XML prolog or style sheet of its own (the page's styles it,
  /// light or dark, and allows no inline style), and on every mark the row,
  /// event and time it stands for (see `PlaygroundPicture`).
  public static func render(_ result: RunResult, options: DiagramOptions = .init(), playground: PlaygroundPicture)
    -> String
  {
    let (shown, indices) = result.summarisingInnerRowsWithIndices
    // A lifetime or assertions row is no row of the document: nothing on it moves.
    let drawn = shown.withLifetimeRows.withTaskRows.withAssertionRows
    let lifetimeIndices = [Int?](repeating: nil, count: drawn.rows.count - shown.rows.count)
    let causes = playground.showsCauses ? CauseGraph(rows: result.rows) : nil
    return SVGPage(result: drawn, options: options, playground: (playground, indices + lifetimeIndices, causes)).text
  }
}

/// One SVG document being assembled.
struct SVGPage {
  static let rowHeight = 56.0
  static let radius = 16.0
  static let charWidth = 7.8  // 13px monospace
  /// Where a label without indentation starts (a header starts at 16).
  static let labelX = 28.0
  /// Marbles of one instant overlap by this much, so they read as one bundle.
  static let overlap = 4.0
  static let maxBundle = 6
  static let maxInstants = 400
  static let palette = ["#f6c343", "#7fc8f8", "#9ad39a", "#f49ac1", "#c5a3ff", "#ffb37b", "#8fd6cf", "#d6d66b"]

  private(set) var text = ""

  /// The playground's request, each row's index in the run's rows, and the
  /// run's causes when the page asked for them.
  typealias Playground = (picture: PlaygroundPicture, rowIndices: [Int?], causes: CauseGraph?)

  init(result: RunResult, options: DiagramOptions, playground: Playground? = nil) {
    let hidesOutput = playground?.picture.hidesOutput == true
    let narrow = playground?.picture.narrow == true
    // Labels are left-aligned and keep the text diagram's indentation, so
    // an inner row's label sits under its operator's, a nested one further in.
    let headings = result.headings.map {
      (
        header: $0.header, label: Self.shortLabel($0.label.trimmingLeadingSpaces()),
        indent: $0.label.prefix { $0 == " " }.count
      )
    }
    // A picture of ten thousand overlapping circles helps nobody and weighs
    // megabytes: each row shows its first instants, and a note says so. One
    // more is gathered to tell whether there were more; the rest never are.
    let allCells = result.rows.map { $0.diagramCells(first: Self.maxInstants + 1) }
    // The picture then ends where the first row is cut, and every row is
    // drawn up to there: drawn over the whole run, a million instants' first
    // 400 sat in one pixel before an empty arrow, as if nothing followed.
    let cut = allCells.compactMap { $0.count > Self.maxInstants ? $0[Self.maxInstants].time : nil }.min()
    let cells = allCells.map { row in cut.map { cut in row.filter { $0.time < cut } } ?? row }
    let truncated = cut != nil
    let pictureEnd = cut ?? result.endTime
    // In predict mode the legend names only what is drawn: the output's
    // values would give the answer away.
    let values = zip(result.rows, cells).flatMap { row, rowCells in
      hidesOutput && row.isOutput || row.assertions != nil ? [] : rowCells.flatMap(\.drawnValues)
    }
    let legend = ValueLegend(values: values, mode: .inline, maxInlineWidth: options.maxInlineWidth)

    // Time to x: wide enough that an instant's marbles end before the next
    // instant's begin, with the whole between 480 and 2400 px.
    let instants = Array(Set(cells.flatMap { $0.map(\.time.nanoseconds) } + [0])).sorted()
    let span = Double(max(instants.last ?? 0, pictureEnd.nanoseconds))
    var pixelsPerNanosecond = 0.0
    // A test's assertions, often a millisecond apart (`advance(by: 299)`, then 1),
    // stand side by side instead of stretching the axis (`assertionMarks`).
    for (row, rowCells) in zip(result.rows, cells) where row.assertions == nil {
      for (cell, next) in zip(rowCells, rowCells.dropFirst()) {
        let needed = Self.clusterWidth(cell, legend: legend) + 10
        pixelsPerNanosecond = max(pixelsPerNanosecond, needed / Double(next.time.nanoseconds - cell.time.nanoseconds))
      }
    }
    if span > 0 {
      pixelsPerNanosecond = min(max(pixelsPerNanosecond, (narrow ? 240 : 480) / span), 2400 / span)
    }
    let longestLabel = headings.map { $0.indent + $0.label.terminalColumns }.max() ?? 0
    // The right edge of every text drawn outside the timeline (headers, the
    // runtime error's words), so the picture is wide enough to show them whole.
    var textReach = 0.0
    // On a phone each label goes above its row, so the time axis has the
    // whole width; otherwise the labels are a column left of it.
    let left = narrow ? Self.labelX + 8 : Self.labelX + Double(longestLabel) * Self.charWidth + 28
    let labelRise = narrow ? 18.0 : 0
    func labelX(_ heading: (header: String?, label: String, indent: Int)) -> Double {
      Self.labelX + Double(heading.indent) * Self.charWidth
    }
    let lastBundle = cells.compactMap { $0.last.map { Self.clusterWidth($0, legend: legend) } }.max() ?? 0
    // A picture shown at a given width (a phone's) has its time axis fitted
    // to it, marbles of close instants overlapping, rather than the whole
    // picture shrunk to it: 1,110 px shown in 358 drew 5 px text.
    if let shownWidth = playground?.picture.width, span > 0 {
      let room = shownWidth - 32 - left - lastBundle - 40
      pixelsPerNanosecond = min(pixelsPerNanosecond, max(room, 120) / span)
    }
    // A picture redrawn after a drag keeps the scale it was dragged in, so
    // the marks that did not move stay under the student's eyes.
    if let kept = playground?.picture.pixelsPerMillisecond, kept.isFinite, kept > 0, span * kept / 1e6 <= 20_000 {
      pixelsPerNanosecond = kept / 1e6
    }
    let timelineWidth = max(span * pixelsPerNanosecond, 0) + lastBundle + 40
    func x(_ time: VirtualTime) -> Double { left + Double(time.nanoseconds) * pixelsPerNanosecond }

    var body: [String] = []
    var y = 24.0
    // Where each row that can have inner rows runs, so an inner row can be
    // joined to its operator's row (or to the inner row it is nested in).
    var middles: [InnerParentKey: Double] = [:]
    var instantTimes: Set<Int> = [0]
    // The cause ids of the events drawn, so those they were made from but
    // not drawn can be listed once, for the page to follow a chain through.
    var drawnIDs: Set<Int> = []
    for (rowNumber, ((row, heading), rowCells)) in zip(zip(result.rows, headings), cells).enumerated() {
      let documentRow = playground?.rowIndices[rowNumber]
      let hidden = hidesOutput && row.isOutput
      // A row's marks in the playground: which row they are, what they move by.
      var rowOpening: String? = nil
      if let playground, let documentRow {
        let draggable = playground.picture.draggable[documentRow]
        let step =
          draggable?.frame?.nanoseconds
          ?? FrameCandidates.roundValues().first { Double($0) * pixelsPerNanosecond >= 10 } ?? 1_000_000
        var classes = "row"
        if row.isOutput { classes += " output" }
        if row.inner != nil { classes += " inner-row" }
        if hidden { classes += " hidden-output" }
        let reading =
          hidden
          ? "\(heading.label): hidden until you show the output"
          : Self.reading(heading.label, rowCells, legend: legend)
        rowOpening =
          "<g class=\"\(classes)\" data-row=\"\(documentRow)\" data-step=\"\(Milliseconds.text(step))\" role=\"group\" aria-label=\"\(TextEscaping.xml(reading))\">"
      }
      if let header = heading.header {
        // A header has the picture's whole width, so it is cut later than a label.
        let shown =
          header.count <= 2 * Self.maxLabel ? header : String(header.prefix(2 * Self.maxLabel - 1)) + "\u{2026}"
        body.append(Self.label(shown, x: 16, y: y + 14, anchor: "start", bold: true))
        textReach = max(textReach, 16 + Double(shown.terminalColumns) * Self.charWidth)
        y += 26
      }
      if row.inner?.isSummary == true {
        body.append(Self.label(heading.label, x: labelX(heading), y: y + 16, anchor: "start", bold: false))
        y += 26
        continue
      }
      if let assertions = row.assertions {
        body += assertionMarks(
          assertions, label: heading.label, middle: y + labelRise + Self.rowHeight / 2, labelX: labelX(heading), x: x,
          playground: playground != nil)
        y += Self.rowHeight + labelRise
        continue
      }
      if let lifetime = row.lifetime {
        let middle = y + labelRise + Self.rowHeight / 2
        body += lifetimeMarks(
          lifetime, heading: heading, middle: middle, labelX: labelX(heading), x: x, left: left,
          right: left + timelineWidth, end: pictureEnd, playground: playground != nil, textReach: &textReach)
        y += Self.rowHeight + labelRise
        continue
      }
      if let rowOpening { body.append(rowOpening) }
      let middle = y + labelRise + Self.rowHeight / 2
      var end = left + timelineWidth
      // An inner row that ended stops there: nothing more can happen on it.
      let ended =
        row.inner != nil && row.hasTerminated
        && (cut == nil || rowCells.contains { $0.events.contains(where: \.isTerminal) })
      if ended, let last = rowCells.last { end = x(last.time) + Self.clusterWidth(last, legend: legend) }
      // An inner row exists from its subscription: its arrow starts there,
      // joined by a dashed connector to the row of the operator that
      // subscribed it, the way Rx draws higher-order streams.
      var start = left - 8
      // The time an inner row comes into being, for the playground's clock.
      var from = ""
      if let inner = row.inner {
        let subscribed = row.events.first { $0.kind == .subscribed }?.time ?? .zero
        start = x(subscribed)
        if playground != nil { from = " data-t=\"\(Milliseconds.text(subscribed))\"" }
        if let above = middles[InnerParentKey(of: inner, pipeline: row.pipeline)] {
          body.append(
            "<line x1=\"\(Self.n(start))\" y1=\"\(Self.n(above))\" x2=\"\(Self.n(start))\" y2=\"\(Self.n(middle))\" class=\"connector\"\(from)/>"
          )
        }
      }
      middles[InnerParentKey(row: row)] = middle
      if hidden {
        // Where a guess goes: the whole row, a click away.
        body.append(
          "<rect x=\"\(Self.n(left - 16))\" y=\"\(Self.n(middle - 24))\" width=\"\(Self.n(timelineWidth + 32))\" height=\"48\" class=\"predict-target\"/>"
        )
      }
      body.append(
        "<line x1=\"\(Self.n(start))\" y1=\"\(Self.n(middle))\" x2=\"\(Self.n(end))\" y2=\"\(Self.n(middle))\" class=\"\(row.inner == nil ? "arrow" : "arrow inner")\"\(from)/>"
      )
      if !ended {
        body.append(
          "<path d=\"M\(Self.n(end + 8)) \(Self.n(middle)) L\(Self.n(end - 4)) \(Self.n(middle - 6)) L\(Self.n(end - 4)) \(Self.n(middle + 6)) Z\" class=\"head\"\(from)/>"
        )
      }
      if playground != nil {
        let weight = row.isOutput ? " font-weight=\"bold\"" : ""
        let labelY = narrow ? middle - 22 : middle + 4
        body.append(
          "<text x=\"\(Self.n(labelX(heading)))\" y=\"\(Self.n(labelY))\" text-anchor=\"start\"\(weight) class=\"label\">\(TextEscaping.xml(heading.label))</text>"
        )
        if narrow {
          textReach = max(textReach, labelX(heading) + Double(heading.label.terminalColumns) * Self.charWidth)
        }
      } else {
        body.append(
          Self.label(heading.label, x: labelX(heading), y: middle + 4, anchor: "start", bold: row.isOutput))
      }
      var live = true
      var reach = left  // right edge of the row's last marks
      if hidden {
        body.append(
          Self.label(
            "? click where you think its marbles fall", x: left + 12, y: middle - 20, anchor: "start", bold: false,
            classes: "predict-hint"))
      }
      let movable = documentRow.flatMap { playground?.picture.draggable[$0] } != nil
      // Only a mark that moves needs its event's index (what /api/move
      // names); finding it walks the row, which for 100,000 values at one
      // instant is most of the picture's cost.
      let causeIDs = playground?.causes == nil ? nil : row.causes?.eventIDs
      let eventIndices =
        (movable || causeIDs != nil) && !hidden ? DocumentEventIndices(row, instants: rowCells.count) : nil
      for cell in rowCells where !hidden {
        instantTimes.insert(cell.time.nanoseconds)
        if let playground, let documentRow {
          body += Self.playgroundMarks(
            cell, x: x(cell.time), middle: middle, legend: legend, row: documentRow, label: heading.label,
            indices: eventIndices, movable: movable, output: row.isOutput
          ) { place in
            guard let causeIDs, let graph = playground.causes, causeIDs.indices.contains(place.event) else {
              return nil
            }
            let id = causeIDs[place.event]
            drawnIDs.insert(id)
            return (id, graph.causes(of: id))
          }
        } else if playground != nil, row.task != nil {
          // A task row is no row of the document, but the player still
          // shows its marks only once the clock has reached them.
          let marks = Self.marks(cell, x: x(cell.time), middle: middle, legend: legend).map(\.text).joined()
          body.append("<g class=\"task-mark\" data-t=\"\(Milliseconds.text(cell.time))\">\(marks)</g>")
        } else {
          body += Self.marks(cell, x: x(cell.time), middle: middle, legend: legend).map(\.text)
        }
        live = cell.isLive(after: live)
        reach = x(cell.time) + Self.clusterWidth(cell, legend: legend)
      }
      let stopTime = playground != nil ? " data-t=\"\(Milliseconds.text(pictureEnd))\"" : ""
      if live && result.stop.leftStreamsRunning && !hidden {
        // Still running when the run stopped: an ellipsis on the arrow just
        // past the stop time (and past the last marble there).
        let ellipsisX = max(x(pictureEnd), reach) + 8
        body.append(
          "<text x=\"\(Self.n(ellipsisX))\" y=\"\(Self.n(middle - 4))\" font-size=\"22\" font-weight=\"bold\" class=\"running\"\(stopTime)>\u{2026}</text>"
        )
      }
      // The page marks the stage a runtime error stopped, above its line
      // (on it, a short row's arrowhead covered the words).
      if playground != nil, !hidden, case .runtimeError(let error) = result.stop, row.isStageRow,
        row.label == error.stage
      {
        let errorX = max(x(error.time), reach) + 30
        let words = "runtime error at \(error.time)"
        body.append(
          "<g class=\"runtime-error\" data-t=\"\(Milliseconds.text(error.time))\">"
            + "<text x=\"\(Self.n(errorX))\" y=\"\(Self.n(middle - 14))\" font-size=\"20\" font-weight=\"bold\">\u{26A0}</text>"
            + Self.label(words, x: errorX + 24, y: middle - 15, anchor: "start", bold: true)
            + "<title>\(TextEscaping.xml("stopped by a \(error)"))</title></g>")
        textReach = max(textReach, errorX + 24 + Double(words.count) * Self.charWidth)
      }
      if rowOpening != nil { body.append("</g>") }
      y += Self.rowHeight + labelRise
    }

    // The axis: ticks at round times at least 60px apart.
    let axisY = y + 12
    body.append(
      "<line x1=\"\(Self.n(left))\" y1=\"\(Self.n(axisY))\" x2=\"\(Self.n(left + timelineWidth))\" y2=\"\(Self.n(axisY))\" class=\"axis\"/>"
    )
    let tick = FrameCandidates.roundValues().first { Double($0) * pixelsPerNanosecond >= 60 } ?? Int.max
    var time = 0
    while Double(time) <= span && pixelsPerNanosecond > 0 {
      let tickX = x(VirtualTime(nanoseconds: time))
      body.append(
        "<line x1=\"\(Self.n(tickX))\" y1=\"\(Self.n(axisY - 4))\" x2=\"\(Self.n(tickX))\" y2=\"\(Self.n(axisY + 4))\" class=\"axis\"/>"
      )
      body.append(Self.label(Milliseconds.text(time) + "ms", x: tickX, y: axisY + 20, anchor: "middle", bold: false))
      let (next, overflow) = time.addingReportingOverflow(tick)
      if overflow { break }
      time = next
    }
    if span == 0 || pixelsPerNanosecond == 0 {
      body.append(Self.label("0ms", x: left, y: axisY + 20, anchor: "middle", bold: false))
    }

    var footer: [String]
    let sentence = result.stop.sentence(endTime: result.endTime)
    if hidesOutput {
      // Only what the input rows say: a note, a stop sentence or a log
      // line about the output would give it away.
      let inputs = result.rows.filter { !$0.isOutput }
      footer = legend.entries + Self.failureEntries(inputs) + DropLegend.entries(inputs, pipelines: result.pipelines)
    } else {
      footer =
        legend.entries + Self.failureEntries(result.rows) + DropLegend.entries(result.rows, pipelines: result.pipelines)
      footer += result.releaseEntries
      footer += result.notes.map { "note: \($0)" }
      if truncated {
        footer.append(
          "note: the picture ends at \(pictureEnd), where a row reaches \(Self.maxInstants) instants; "
            + "the event list shows every event")
      }
      if let sentence { footer.append(sentence) }
      footer += LogText.lines(result.log)
      footer += AssertionText.lines(result.assertions)
    }
    var footerY = axisY + 48
    for line in footer {
      if playground != nil {
        let isError: Bool
        if case .runtimeError = result.stop { isError = line == sentence } else { isError = false }
        body.append(
          Self.label(
            line, x: 16, y: footerY, anchor: "start", bold: false,
            classes: isError ? "footer runtime-error-text" : "footer"))
      } else {
        body.append(Self.label(line, x: 16, y: footerY, anchor: "start", bold: false))
      }
      footerY += 20
    }

    let footerWidth = Double(footer.map(\.terminalColumns).max() ?? 0) * Self.charWidth + 32
    let width = max(left + timelineWidth + 32, footerWidth, textReach + 16)
    let height = footerY + 4
    if let playground {
      // The page's hooks: the axis's scale (the clock's cursor, the drag, a
      // guess's time) and the instants the clock steps to.
      let instants = instantTimes.sorted().map { Milliseconds.text($0) }.joined(separator: " ")
      let pixelsPerMillisecond = pixelsPerNanosecond * 1e6
      let hidden = playground.picture.hidesOutput ? " data-hides-output=\"true\"" : ""
      text =
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"marbles\" viewBox=\"0 0 \(Self.n(width)) \(Self.n(height))\" "
        + "width=\"\(Self.n(width))\" height=\"\(Self.n(height))\" font-family=\"Menlo, Consolas, 'DejaVu Sans Mono', monospace\" font-size=\"13\" "
        + "role=\"group\" aria-label=\"Marble diagram: one row per stage, each read with its events and their times\" "
        + "data-left=\"\(Self.n(left))\" data-right=\"\(Self.n(left + timelineWidth))\" data-px-per-ms=\"\(pixelsPerMillisecond)\" "
        + "data-span=\"\(Milliseconds.text(Int(span)))\" data-axis-y=\"\(Self.n(axisY))\" data-instants=\"\(instants)\"\(hidden)>\n"
        + "<rect width=\"100%\" height=\"100%\" class=\"background\"/>\n"
        + "<g class=\"cursor-layer\"></g>\n"
        + body.joined(separator: "\n") + "\n"
        + (playground.causes.map { Self.undrawnCauses(of: drawnIDs, in: $0) } ?? "") + "</svg>\n"
      return
    }
    // Only a picture with lifetime rows styles them.
    let lifetimeStyle =
      result.rows.contains { $0.lifetime != nil }
      ? ".lifetime { stroke: #2e86c1; stroke-width: 6; stroke-linecap: round; opacity: 0.5; }\n"
        + ".deinit { stroke: #2e86c1; stroke-width: 3; }\ntext.leaked { fill: #c0392b; font-weight: bold; }\n" : ""
    let assertionStyle =
      result.rows.contains { $0.assertions != nil }
      ? ".assert-pass { fill: #1e8449; font-weight: bold; }\n.assert-fail { fill: #c0392b; font-weight: bold; }\n" : ""
    text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(Self.n(width)) \(Self.n(height))" \
      width="\(Self.n(width))" height="\(Self.n(height))" font-family="Menlo, Consolas, 'DejaVu Sans Mono', monospace" font-size="13">
      <style>
      .arrow { stroke: #555; stroke-width: 2; }
      .head { fill: #555; }
      .inner { stroke: #888; }
      .connector { stroke: #888; stroke-width: 1.5; stroke-dasharray: 3 3; }
      .axis { stroke: #999; stroke-width: 1; }
      .marble { stroke: #333; stroke-width: 1.5; }
      .end { stroke: #333; stroke-width: 3; }
      .fail { stroke: #c0392b; stroke-width: 3; }
      .cancel { stroke: #b9770e; stroke-width: 3; stroke-dasharray: 4 3; }
      .sub { fill: #b9770e; }
      text { fill: #222; }
      .running { fill: #8e44ad; }
      .dropped { fill: #888; font-size: 22px; font-weight: bold; }
      \(lifetimeStyle)\(assertionStyle)</style>
      <rect width="100%" height="100%" fill="#ffffff"/>

      """ + body.joined(separator: "\n") + "\n</svg>\n"
  }

  /// One thing drawn at an instant, and the event it stands for: the
  /// `valueIndex`-th value of the instant, or its `otherIndex`-th other
  /// mark (nil for a `+N` count or a dropped value, which no event moves).
  struct DrawnMark {
    var text: String
    var kind: TimelineEvent.Kind? = nil
    var valueIndex: Int? = nil
    var otherIndex: Int? = nil
    /// Where a thin bar or cross is, for a wider invisible target around it.
    var hitX: Double? = nil
  }

  /// The circles, bars and crosses of one instant. Values of one instant sit
  /// side by side, slightly overlapping, starting at the instant's x; the
  /// terminal goes after them.
  static func marks(_ cell: MarbleCell, x: Double, middle: Double, legend: ValueLegend, tokenClass: Bool = false)
    -> [DrawnMark]
  {
    var marks: [DrawnMark] = []
    var cursor = x - radius  // left edge of the next marble
    let valueCount = cell.valueCount
    var kept = 0
    var others = 0
    for kind in cell.events {
      switch kind {
      case .subscribed:
        marks.append(
          DrawnMark(
            text:
              "<path d=\"M\(n(x)) \(n(middle + 6)) L\(n(x - 6)) \(n(middle + 16)) L\(n(x + 6)) \(n(middle + 16)) Z\" class=\"sub\"><title>subscribed</title></path>",
            kind: kind, otherIndex: others))
        others += 1
      case .value(let value):
        // The cell keeps the first `maxBundle` values and the last, where `+N` goes.
        let drawn = cell.valueIndex(ofKept: kept) + 1
        kept += 1
        if drawn > maxBundle {
          if drawn == valueCount {
            marks.append(
              DrawnMark(
                text: label(
                  "+\(valueCount - maxBundle)", x: cursor + 2, y: middle - 20, anchor: "start", bold: false)))
          }
          continue
        }
        let width = marbleWidth(value, legend: legend)
        marks.append(
          DrawnMark(
            text: marble(value, x: cursor + width / 2, middle: middle, legend: legend, tokenClass: tokenClass)
              .joined(separator: "\n"), kind: kind, valueIndex: drawn - 1))
        cursor += width - overlap
      case .finished:
        let barX = valueCount == 0 ? x : cursor + overlap + 6
        marks.append(
          DrawnMark(
            text:
              "<line x1=\"\(n(barX))\" y1=\"\(n(middle - 14))\" x2=\"\(n(barX))\" y2=\"\(n(middle + 14))\" class=\"end\"/>",
            kind: kind, otherIndex: others, hitX: barX))
        others += 1
      case .failed(let message):
        let crossX = valueCount == 0 ? x : cursor + overlap + 10
        marks.append(
          DrawnMark(
            text:
              "<path d=\"M\(n(crossX - 8)) \(n(middle - 8)) L\(n(crossX + 8)) \(n(middle + 8)) M\(n(crossX + 8)) \(n(middle - 8)) L\(n(crossX - 8)) \(n(middle + 8))\" class=\"fail\"><title>\(TextEscaping.xml(message))</title></path>",
            kind: kind, otherIndex: others, hitX: crossX))
        others += 1
      case .cancelled:
        let barX = valueCount == 0 ? x : cursor + overlap + 6
        marks.append(
          DrawnMark(
            text:
              "<line x1=\"\(n(barX))\" y1=\"\(n(middle - 14))\" x2=\"\(n(barX))\" y2=\"\(n(middle + 14))\" class=\"cancel\"/>",
            kind: kind, otherIndex: others, hitX: barX))
        others += 1
      case .dropped(let value):
        // A grey cross on the line: the value was sent but never reached the stage below.
        marks.append(
          DrawnMark(
            text:
              "<text x=\"\(n(x))\" y=\"\(n(middle + 7))\" text-anchor=\"middle\" class=\"dropped\">\(MarbleToken.dropMark)<title>dropped \(TextEscaping.xml(value.description))</title></text>"
          ))
      case .requested:
        break
      }
    }
    return marks
  }

  /// The causes of the events the drawn ones were made from but which are
  /// not drawn themselves (a subscription at 0ms, an event past the
  /// picture's last instant, a summarised inner row's), as one
  /// `<metadata class="causes">` of JSON, `{"id": [cause ids]}`: the page
  /// follows a chain of causes through them to the marks that are drawn.
  static func undrawnCauses(of drawn: Set<Int>, in graph: CauseGraph) -> String {
    var seen = drawn
    var frontier = Array(drawn)
    var entries: [String] = []
    while let id = frontier.popLast() {
      for cause in graph.causes(of: id) where seen.insert(cause).inserted {
        frontier.append(cause)
        let further = graph.causes(of: cause)
        entries.append("\"\(cause)\":[" + further.map(String.init).joined(separator: ",") + "]")
      }
    }
    return "<metadata class=\"causes\">{" + entries.sorted().joined(separator: ",") + "}</metadata>\n"
  }

  /// An instant's marks for the playground: each event's mark in a group
  /// that names its row, its time and kind, and when it can move, its event
  /// in the JSON document; a mark the student may drag is a button the
  /// arrow keys move. `causes` gives a drawn event's cause id and the ids
  /// it was made from, when the page asked for causes.
  static func playgroundMarks(
    _ cell: MarbleCell, x: Double, middle: Double, legend: ValueLegend, row: Int, label rowLabel: String,
    indices: DocumentEventIndices?, movable: Bool, output: Bool = false,
    causes: (DocumentEventIndices.Place) -> (id: Int, causes: [Int])? = { _ in nil }
  ) -> [String] {
    let time = Milliseconds.text(cell.time)
    return marks(cell, x: x, middle: middle, legend: legend, tokenClass: true).map { mark in
      // A drop (or a `+N` count) is no event of the document, but it is
      // shown only once the clock has reached it.
      guard let kind = mark.kind else { return "<g class=\"unmoved-mark\" data-t=\"\(time)\">\(mark.text)</g>" }
      let place =
        mark.valueIndex.flatMap { indices?.value($0, at: cell.time) }
        ?? mark.otherIndex.flatMap { indices?.other($0, at: cell.time) }
      let name: String
      let what: String
      switch kind {
      case .value(let value):
        (name, what) = ("value", value.description)
      case .finished: (name, what) = ("finished", "finished")
      case .failed: (name, what) = ("failed", "failed")
      case .cancelled: (name, what) = ("cancelled", "cancelled")
      case .subscribed: (name, what) = ("subscribed", "subscribed")
      case .requested, .dropped: return mark.text
      }
      var attributes = "class=\"mark\(movable && name != "subscribed" ? " movable" : "")\" data-row=\"\(row)\""
      if let place { attributes += " data-event=\"\(place.document)\"" }
      attributes += " data-t=\"\(time)\" data-kind=\"\(name)\""
      let cause = place.flatMap(causes)
      if let cause {
        attributes += " data-id=\"\(cause.id)\" data-causes=\"\(cause.causes.map(String.init).joined(separator: " "))\""
        attributes += " data-what=\"\(TextEscaping.xml(what))\""
      }
      if movable && name != "subscribed" {
        let words = "\(what) at \(time)ms on \(rowLabel); arrow keys move it"
        attributes += " tabindex=\"0\" role=\"button\" aria-label=\"\(TextEscaping.xml(words))\""
      } else if cause != nil && name == "value" && output {
        // An output value is a button that shows what it was made from
        // (every mark answers a click; only the output's are tab stops, so
        // a long run is not thousands of them).
        let words = "\(what) at \(time)ms on \(rowLabel); Enter shows what it was made from"
        attributes += " tabindex=\"0\" role=\"button\" aria-label=\"\(TextEscaping.xml(words))\""
      }
      // A thin bar or cross gets a wider invisible target, so it can be grabbed.
      let hit =
        mark.hitX.map { "<rect x=\"\(n($0 - 9))\" y=\"\(n(middle - 16))\" width=\"18\" height=\"32\" class=\"hit\"/>" }
        ?? ""
      return "<g \(attributes)>\(mark.text)\(hit)</g>"
    }
  }

  /// A row read aloud: its label, then each drawn instant's events with their time.
  static func reading(_ label: String, _ cells: [MarbleCell], legend: ValueLegend) -> String {
    guard !cells.isEmpty else { return "\(label): no events" }
    let instants = cells.map { cell -> String in
      var words: [String] = []
      var kept = 0
      for kind in cell.events {
        switch kind {
        case .value(let value):
          // The values left out of a bundle came just before its last.
          if cell.hiddenValues > 0 && cell.valueIndex(ofKept: kept) > kept {
            words.append("\(cell.hiddenValues) more values")
          }
          kept += 1
          words.append(value.description)
        case .finished: words.append("finished")
        case .failed(let message): words.append("failed (\(message))")
        case .cancelled: words.append("cancelled")
        case .subscribed: words.append("subscribed")
        case .dropped(let value): words.append("dropped \(value)")
        case .requested: break
        }
      }
      return words.joined(separator: ", ") + " at \(Milliseconds.text(cell.time))ms"
    }
    return "\(label): " + instants.joined(separator: "; ")
  }

  /// How far an instant's marks reach right of its x.
  static func clusterWidth(_ cell: MarbleCell, legend: ValueLegend) -> Double {
    let widths = cell.values.prefix(maxBundle).map { marbleWidth($0, legend: legend) - overlap }
    return widths.reduce(0, +) + (cell.events.contains(where: \.isTerminal) ? 14 : 0) + radius
  }

  static func marbleWidth(_ value: Value, legend: ValueLegend) -> Double {
    let token = legend.token(for: value)
    return token.count <= 2 ? 2 * radius : Double(token.count) * charWidth + 14
  }

  /// One value: a circle, or a pill for text wider than two characters.
  static func marble(_ value: Value, x: Double, middle: Double, legend: ValueLegend, tokenClass: Bool = false)
    -> [String]
  {
    let token = legend.token(for: value)
    let fill = palette[Int(stableHash(value.description) % UInt64(palette.count))]
    let title = "<title>\(TextEscaping.xml(value.description))</title>"
    let shape: String
    let width = marbleWidth(value, legend: legend)
    if token.count <= 2 {
      shape =
        "<circle cx=\"\(n(x))\" cy=\"\(n(middle))\" r=\"\(n(radius))\" fill=\"\(fill)\" class=\"marble\">\(title)</circle>"
    } else {
      shape =
        "<rect x=\"\(n(x - width / 2))\" y=\"\(n(middle - radius))\" width=\"\(n(width))\" height=\"\(n(2 * radius))\" rx=\"\(n(radius))\" fill=\"\(fill)\" class=\"marble\">\(title)</rect>"
    }
    return [
      shape, label(token, x: x, y: middle + 4.5, anchor: "middle", bold: true, classes: tokenClass ? "token" : nil),
    ]
  }

  static func label(_ text: String, x: Double, y: Double, anchor: String, bold: Bool, classes: String? = nil)
    -> String
  {
    let weight = bold ? " font-weight=\"bold\"" : ""
    let type = classes.map { " class=\"\($0)\"" } ?? ""
    return
      "<text x=\"\(n(x))\" y=\"\(n(y))\" text-anchor=\"\(anchor)\"\(weight)\(type)>\(TextEscaping.xml(text))</text>"
  }

  /// Labels longer than `maxLabel` characters end in `…`, so one long
  /// `events` source does not push the marbles off the picture.
  static let maxLabel = 64
  static func shortLabel(_ label: String) -> String {
    let line = label.singleLine
    return line.count <= maxLabel ? line : String(line.prefix(maxLabel - 1)) + "\u{2026}"
  }

  static func failureEntries(_ rows: [Timeline]) -> [String] {
    FailureMessages.firstAppearances(in: rows).map { "\u{2715} = \(Value.string($0.message))" }
  }

  /// A coordinate with at most one decimal, so the file stays small and stable.
  static func n(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let tenths = (value * 10).rounded()
    guard abs(tenths) < 1e15 else { return "0" }
    let whole = Int(tenths)
    return whole % 10 == 0 ? String(whole / 10) : String(Double(whole) / 10)
  }

  /// FNV-1a, so a value keeps its colour from run to run (Swift's `Hasher` is seeded per process).
  static func stableHash(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    // FNV's low bits hardly depend on the input; a final mix spreads them.
    hash ^= hash >> 33
    hash = hash &* 0xff51_afd7_ed55_8ccd
    hash ^= hash >> 33
    return hash
  }
}

/// A row inner rows can hang under: a stage row, or an inner row.
private struct InnerParentKey: Hashable {
  var pipeline: Int
  var stage: Int
  /// The inner row's number, or 0 for the stage row itself.
  var number: Int

  init(row: Timeline) {
    pipeline = row.pipeline
    stage = row.inner?.parent ?? row.stage
    number = row.shared == nil ? row.inner?.number ?? 0 : -1
  }

  /// The row `inner` hangs under.
  init(of inner: InnerPlacement, pipeline: Int) {
    self.pipeline = pipeline
    stage = inner.parent
    number = inner.nestedIn ?? 0
  }
}
