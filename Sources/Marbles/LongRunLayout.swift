import StreamCore

/// The text layout of a run too long for the width, made straight from the
/// recorded rows: each frame tried is one pass over the events that measures
/// every instant's token without making it, and only the tokens on screen
/// (about eighty columns of a million instants) become cells and tokens.
///
/// It draws what `TextLayout.choose` followed by the cut diagram's own legend
/// draws (the tests compare the two on random rows), in time linear in the
/// events and with memory that does not grow with them. It applies only
/// where that is sure:
/// - some row has more instants than there are columns, so whatever the
///   frame the diagram is cut (every candidate frame keeps instants apart,
///   one column or more each), and only the cut choice is left to make;
/// - no `scale`, which could merge instants into groups;
/// - every row in time order, as recorded rows are;
/// - no string that reads as a number, a boolean or nil, whose width
///   depends on every other value of the diagram.
struct LongRunLayout {
  private let rows: [TimelineEvents]
  private let running: Bool
  private let endTime: VirtualTime
  private let maxInlineWidth: Int
  private let candidates: FrameCandidates
  /// Both modes' measures, in `modes` order, and the rows' liveness changes.
  private let measures: [Measure]
  private let liveness: LivenessChanges
  /// Per row, the events it draws: what a cut leaves out is the rest of
  /// those the windows show.
  private let drawnEvents: [(values: Int, others: Int)]
  private static let modes: [ValueLegend.Mode] = [.inline, .lettersOnly]

  /// Nil when the rows do not call for it (see the type's comment): the
  /// whole layout is then made by `TextLayout.choose`. Finding out costs
  /// the pass that measures the rows, which a long run needs anyway.
  init?(rows: [Timeline], running: Bool, endTime: VirtualTime, options: DiagramOptions, available: Int) {
    guard options.scale == nil else { return nil }
    let events = rows.map(\.events)
    // Times alone first, which are cheap to read: rows in order, and some
    // row with more distinct times than columns (it has at most that many
    // instants). A long run at few instants (`range`) stops here.
    var mostTimes = 0
    for row in events {
      var times = min(row.count, 1)
      for position in row.indices.dropFirst() {
        let (time, previous) = (row.time(at: position), row.time(at: position - 1))
        guard time >= previous else { return nil }
        if time != previous { times += 1 }
      }
      mostTimes = max(mostTimes, times)
    }
    guard mostTimes > available else { return nil }
    self.rows = events
    self.running = running
    self.endTime = endTime
    self.maxInlineWidth = options.maxInlineWidth
    var survey = Survey()
    (measures, liveness) = Self.measures(of: events, maxInlineWidth: options.maxInlineWidth, survey: &survey)
    drawnEvents = survey.drawnEvents
    // Past `Int.max / 4` a column is clamped (`TextLayout.column`), which
    // `exactPlacing` does not foresee.
    guard !survey.looksAlike, survey.mostInstants > available, survey.divisor > 0,
      survey.lastTime.nanoseconds <= Int.max / 4
    else { return nil }
    candidates = FrameCandidates(
      commonDivisor: survey.divisor, span: max(survey.lastTime, endTime), columns: available)
  }

  /// What the measuring pass learns of the rows as a whole.
  private struct Survey {
    /// The greatest common divisor of the instants' times.
    var divisor = 0
    var lastTime = VirtualTime.zero
    /// The most instants in one row.
    var mostInstants = 0
    /// Whether some value drawn is a string that reads as another type.
    var looksAlike = false
    /// Per row, the values and other events drawn.
    var drawnEvents: [(values: Int, others: Int)] = []
  }

  /// The cut layout `TextLayout.choose` would pick, with tokens for the
  /// columns shown only and the legend of what they show, and how to make
  /// its tokens again under another legend.
  func layout(available: Int) -> (layout: TextLayout, cut: TextCut, relabelled: (ValueLegend) -> TextLayout) {
    let cut = TextLayout.cutChoice(
      candidates: candidates, modes: Self.modes, available: available,
      needsLetter: { ValueLegend.inlineText($1, maxWidth: maxWidth(Self.modes[$0])) == nil }
    ) { frame, legend in
      let step = max(frame.nanoseconds, 1)
      guard step <= measures[legend].coarsestExactStep else {
        return TextLayout.Trial(frame: frame, legend: legend, fitsExactly: false, lastColumn: 0) { _ in [] }
      }
      let lastColumn = exactPlacing(measures[legend], step: step).lastColumn
      return TextLayout.Trial(frame: frame, legend: legend, fitsExactly: true, lastColumn: lastColumn) { windows in
        exactlyShown(mode: Self.modes[legend], step: step, windows: windows, liveness: liveness).flatMap { row in
          row.filter { $0.isWhole(in: windows) }.flatMap(\.cell.drawnValues)
        }
      }
    }
    return layout(
      mode: Self.modes[cut.legend], measure: measures[cut.legend], liveness: liveness, frame: cut.frame,
      available: available)
  }

  private func maxWidth(_ mode: ValueLegend.Mode) -> Int { mode == .inline ? maxInlineWidth : 1 }

  private func instants(_ row: Int, mode: ValueLegend.Mode) -> RowInstants {
    let maxWidth = maxWidth(mode)
    return RowInstants(rows[row]) { ValueLegend.inlineWidth($0, maxWidth: maxWidth) }
  }

  /// Places every row's instants, measured under `mode`, at `frame`.
  private func place(
    mode: ValueLegend.Mode, frame: VirtualInterval, abandonsWhenInexact: Bool,
    visit: (_ row: Int, _ cell: InstantCell, _ column: Int) -> Void
  ) -> TextLayout.Placing {
    TextLayout.place(
      rows: rows.indices.lazy.map { instants($0, mode: mode) }, step: max(frame.nanoseconds, 1), running: running,
      endTime: endTime, abandonsWhenInexact: abandonsWhenInexact
    ) { row, _, cell, column in visit(row, cell, column) }
  }

  /// Every row's tokens measured under one legend mode: all a frame needs
  /// to know whether it places them exactly, and where.
  private struct Measure {
    /// The coarsest step at which every token starts at its own time: two
    /// neighbours `a`, `b` need `b.time - a.time >= step * (a.width + gap)`.
    var coarsestExactStep = Int.max
    var leftOutValues = 0
    /// Per row, its last instant (whose `isLiveAfter` is the row's at the end).
    var lastInstants: [InstantCell?] = []

    mutating func add(_ cell: InstantCell, after previous: InstantCell?) {
      leftOutValues += cell.leftOut
      guard let previous else { return }
      let needsGap = previous.isBareValue && cell.isBareValue && !(previous.width == 1 && cell.width == 1)
      let columns = previous.width + (needsGap ? 1 : 0)
      coarsestExactStep = min(coarsestExactStep, (cell.time.nanoseconds - previous.time.nanoseconds) / columns)
    }
  }

  /// Per row, where it turns live or ended: the start of each instant after
  /// which its liveness changed, and what it became. A row starts live.
  private typealias LivenessChanges = [[(position: Int, isLive: Bool)]]

  /// Both modes' measures (`modes` order) and the rows' liveness changes,
  /// in one pass over the events: with letters only, every value is one
  /// column, so its tokens' widths follow from the inline ones'.
  private static func measures(
    of rows: [TimelineEvents], maxInlineWidth: Int, survey: inout Survey
  ) -> ([Measure], LivenessChanges) {
    var inline = Measure()
    var letters = Measure()
    var liveness: LivenessChanges = []
    var looksAlike = false
    for row in rows {
      var previous: (inline: InstantCell, letters: InstantCell)?
      var changes: [(position: Int, isLive: Bool)] = []
      var live = true
      var instants = 0
      var drawn = (values: 0, others: 0)
      let measured = RowInstants(row) { value in
        if ValueLegend.mayLookAlike(value) { looksAlike = true }
        return ValueLegend.inlineWidth(value, maxWidth: maxInlineWidth)
      }
      for cell in measured {
        let lettered = cell.withOneColumnValues
        inline.add(cell, after: previous?.inline)
        letters.add(lettered, after: previous?.letters)
        previous = (cell, lettered)
        if cell.isLiveAfter != live {
          live = cell.isLiveAfter
          changes.append((cell.instant.events.lowerBound, live))
        }
        instants += 1
        drawn.values += cell.valueEvents
        drawn.others += cell.otherEvents
        survey.divisor = FrameCandidates.gcd(survey.divisor, cell.time.nanoseconds)
      }
      survey.drawnEvents.append(drawn)
      inline.lastInstants.append(previous?.inline)
      letters.lastInstants.append(previous?.letters)
      liveness.append(changes)
      if let last = previous?.inline { survey.lastTime = max(survey.lastTime, last.time) }
      survey.mostInstants = max(survey.mostInstants, instants)
    }
    survey.looksAlike = looksAlike
    return ([inline, letters], liveness)
  }

  /// Whether `row` is live just before the instant starting at `position`.
  private static func isLive(_ liveness: LivenessChanges, row: Int, before position: Int) -> Bool {
    let changes = liveness[row]
    var low = 0
    var high = changes.count
    while low < high {
      let middle = (low + high) / 2
      if changes[middle].position < position { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? true : changes[low - 1].isLive
  }

  /// What `TextLayout.place` comes to at a step that places every token
  /// at its time (`step <= measure.coarsestExactStep`), from the rows' last
  /// instants alone.
  private func exactPlacing(_ measure: Measure, step: Int) -> TextLayout.Placing {
    let endColumn = TextLayout.column(of: endTime, step: step)
    var placing = TextLayout.Placing(lastColumn: endColumn)
    placing.leftOutValues = measure.leftOutValues
    for last in measure.lastInstants {
      let lastEnd = last.map { TextLayout.column(of: $0.time, step: step) + $0.width }
      let live = last?.isLiveAfter ?? true
      var runningColumn: Int?
      if running && live {
        // As `TextLayout.place`: dashes through the stop, then `…`.
        let column = max(endColumn + 1, lastEnd ?? 0)
        runningColumn = column
        placing.lastColumn = max(placing.lastColumn, column)
      }
      if let lastEnd { placing.lastColumn = max(placing.lastColumn, lastEnd - 1) }
      placing.rows.append((runningColumn, live))
    }
    return placing
  }

  /// One instant kept for drawing: its cell, column and measure.
  private struct Kept {
    var cell: MarbleCell
    var column: Int
    var measure: InstantCell
    var end: Int { column + measure.width }

    func isWhole(in windows: [ClosedRange<Int>]) -> Bool {
      windows.contains { $0.contains(column) && $0.contains(end - 1) }
    }
  }

  /// Per row, at a step that places every token at its time, the instants
  /// `TextLayout.Row.marbles` reads for `windows`: those whose tokens reach
  /// into a window, found by their times, and the last before each window
  /// (whether the row is live there), with their liveness.
  private func exactlyShown(
    mode: ValueLegend.Mode, step: Int, windows: [ClosedRange<Int>], liveness: LivenessChanges
  ) -> [[Kept]] {
    rows.indices.map { row in
      let instants = instants(row, mode: mode)
      var kept: [InstantCell] = []
      for window in windows {
        let (start, overflow) = window.lowerBound.multipliedReportingOverflow(by: step)
        var first = instants.firstPosition(atOrAfter: VirtualTime(nanoseconds: overflow ? .max : start))
        // The token just before may reach into the window; then the one
        // before it tells whether the row is live there.
        for _ in 0..<2 {
          guard let previous = instants.instant(before: first) else { break }
          first = previous.instant.events.lowerBound
          if TextLayout.column(of: previous.time, step: step) + previous.width <= window.lowerBound { break }
        }
        var inWindow = instants.instants(from: first, wasLive: Self.isLive(liveness, row: row, before: first))
        while let cell = inWindow.next(), TextLayout.column(of: cell.time, step: step) <= window.upperBound {
          kept.append(cell)
        }
      }
      var seen = Set<Int>()
      return kept.filter { seen.insert($0.instant.events.lowerBound).inserted }
        .sorted { $0.time < $1.time }
        .map { Kept(cell: $0.cell(in: rows[row]), column: TextLayout.column(of: $0.time, step: step), measure: $0) }
    }
  }

  /// The layout at `frame` with tokens only for the instants that reach
  /// into the columns shown, and per row the ones `TextLayout.Row.marbles`
  /// and the axis also read: the last before each window (whether the row
  /// is live there) and the row's last.
  private func layout(
    mode: ValueLegend.Mode, measure: Measure, liveness: LivenessChanges, frame: VirtualInterval, available: Int
  ) -> (layout: TextLayout, cut: TextCut, relabelled: (ValueLegend) -> TextLayout) {
    let step = max(frame.nanoseconds, 1)
    let placing: TextLayout.Placing
    let windows: [ClosedRange<Int>]
    var kept: [[Kept]]
    // Every instant is more than the columns hold, so the cut goes through
    // events: each row counts those it leaves out, in one more pass.
    var hidden = rows.map { _ in HiddenEvents() }
    if step <= measure.coarsestExactStep {
      placing = exactPlacing(measure, step: step)
      windows = TextCut.headAndTailWindows(lastColumn: placing.lastColumn, available: available)
      kept = exactlyShown(mode: mode, step: step, windows: windows, liveness: liveness)
      for (row, last) in measure.lastInstants.enumerated() {
        guard let last, kept[row].last?.measure.time != last.time else { continue }
        let cell = last.cell(in: rows[row])
        kept[row].append(Kept(cell: cell, column: TextLayout.column(of: last.time, step: step), measure: last))
      }
      hidden = exactlyHidden(kept: kept, step: step, windows: windows)
    } else {
      // No exact frame passed (`cutChoice`'s last resort): tokens move
      // right, so every one is placed, in one pass per row.
      windows = TextCut.headAndTailWindows(
        lastColumn: place(mode: mode, frame: frame, abandonsWhenInexact: false) { _, _, _ in }.lastColumn,
        available: available)
      (placing, kept) = placedShown(mode: mode, frame: frame, windows: windows, hidden: &hidden)
    }
    // The legend of what is on screen, as the cut diagram makes it.
    let visible = kept.flatMap { row in row.filter { $0.isWhole(in: windows) }.flatMap(\.cell.drawnValues) }
    func relabelled(_ legend: ValueLegend) -> TextLayout {
      let tokens = kept.map { row in
        row.map {
          TextLayout.Placed(
            column: $0.column, token: MarbleToken.make($0.cell, legend: legend).token,
            isLiveAfter: $0.measure.isLiveAfter, values: $0.cell.drawnValues, time: $0.cell.time,
            eventCounts: $0.cell.eventCounts)
        }
      }
      return TextLayout(frame: frame, legend: legend, tokens: tokens, placing: placing, mergedInstants: false)
    }
    let legend = ValueLegend(values: visible, mode: mode, maxInlineWidth: maxInlineWidth)
    return (relabelled(legend), TextCut(windows: windows, hidden: hidden), relabelled)
  }

  /// Per row, what the cut through `windows` (the start and the end, as
  /// `TextCut.headAndTailWindows` makes them) leaves out, at a step that
  /// places every token at its time, without a pass over the events: the
  /// row's drawn events less those of the instants drawn whole, from the
  /// first instant not drawn (cut by the first window's edge, or the first
  /// past it) to the last (the last before the second window, or cut by its edge).
  private func exactlyHidden(kept: [[Kept]], step: Int, windows: [ClosedRange<Int>]) -> [HiddenEvents] {
    guard windows.count == 2 else { return rows.map { _ in HiddenEvents() } }
    return rows.indices.map { row in
      var shown = (values: 0, others: 0)
      var hidden = HiddenEvents()
      for instant in kept[row] {
        if instant.isWhole(in: windows) {
          shown.values += instant.measure.valueEvents
          shown.others += instant.measure.otherEvents
        } else {
          hidden.first = min(hidden.first ?? instant.measure.time, instant.measure.time)
          hidden.last = max(hidden.last ?? instant.measure.time, instant.measure.time)
        }
      }
      let (start, overflow) = (windows[0].upperBound + 1).multipliedReportingOverflow(by: step)
      let instants = RowInstants(rows[row])
      var past = instants.instants(
        from: instants.firstPosition(atOrAfter: VirtualTime(nanoseconds: overflow ? .max : start)), wasLive: true)
      if let next = past.next(), TextLayout.column(of: next.time, step: step) < windows[1].lowerBound {
        hidden.first = min(hidden.first ?? next.time, next.time)
        hidden.last = max(hidden.last ?? next.time, next.time)
      }
      hidden.values = drawnEvents[row].values - shown.values
      hidden.others = drawnEvents[row].others - shown.others
      if hidden.isEmpty { return HiddenEvents() }
      return hidden
    }
  }

  private static func isWhole(column: Int, width: Int, in windows: [ClosedRange<Int>]) -> Bool {
    windows.contains { $0.contains(column) && $0.contains(column + width - 1) }
  }

  /// `exactlyShown` and the row's last instant for a frame that moves
  /// tokens: every token placed, those reaching into `windows` kept.
  private func placedShown(
    mode: ValueLegend.Mode, frame: VirtualInterval, windows: [ClosedRange<Int>], hidden: inout [HiddenEvents]
  ) -> (TextLayout.Placing, [[Kept]]) {
    var reaching: [[(measure: InstantCell, column: Int)]] = rows.map { _ in [] }
    var before: [[(measure: InstantCell, column: Int)?]] = rows.map { _ in windows.map { _ in nil } }
    var last: [(measure: InstantCell, column: Int)?] = rows.map { _ in nil }
    let placing = place(mode: mode, frame: frame, abandonsWhenInexact: false) { row, measure, column in
      let end = column + measure.width
      if !Self.isWhole(column: column, width: measure.width, in: windows) { hidden[row].add(measure, in: rows[row]) }
      if windows.contains(where: { column <= $0.upperBound && end - 1 >= $0.lowerBound }) {
        reaching[row].append((measure, column))
      }
      for (index, window) in windows.enumerated() where end <= window.lowerBound {
        before[row][index] = (measure, column)
      }
      last[row] = (measure, column)
    }
    let kept = rows.indices.map { row in
      var columns = Set<Int>()
      return (reaching[row] + before[row].compactMap { $0 } + [last[row]].compactMap { $0 })
        .sorted { $0.column < $1.column }
        .filter { columns.insert($0.column).inserted }
        .map { Kept(cell: $0.measure.cell(in: rows[row]), column: $0.column, measure: $0.measure) }
    }
    return (placing, kept)
  }
}
