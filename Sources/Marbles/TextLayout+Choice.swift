import StreamCore

extension TextLayout {
  /// The layout a diagram is drawn with. Tries the candidate frames (best
  /// first), inline values first, then legend letters, and takes the first
  /// layout that is exact and fits `available` columns; failing that, the
  /// narrowest exact one, which the diagram then cuts to fit. An explicit
  /// `scale` is used as it is.
  static func choose(
    cells: [[MarbleCell]], running: Bool, endTime: VirtualTime, options: DiagramOptions, available: Int
  ) -> TextLayout {
    let values = cells.flatMap { $0.flatMap(\.drawnValues) }
    let legends = [ValueLegend.Mode.inline, .lettersOnly].map {
      ValueLegend(values: values, mode: $0, maxInlineWidth: options.maxInlineWidth)
    }
    // Letters help only while there are letters enough; a row of `*` tells
    // nothing. (A cut diagram hands out letters again, to what it shows.)
    let lettersOverflow = legends[1].overflowed && options.scale == nil
    // Each legend's tokens are made once, when first needed, and placed at
    // every frame tried; a frame that would merge instants makes its own.
    var tokens: [Int: Tokens] = [:]
    func madeTokens(_ legend: Int, frame: VirtualInterval) -> Tokens? {
      let made = tokens[legend] ?? Tokens(cells: cells, legend: legends[legend])
      tokens[legend] = made
      return made.keepsInstantsApart(step: max(frame.nanoseconds, 1)) ? made : nil
    }
    func layout(_ frame: VirtualInterval, _ legend: Int) -> TextLayout {
      guard let made = madeTokens(legend, frame: frame) else {
        return TextLayout(cells: cells, running: running, endTime: endTime, frame: frame, legend: legends[legend])
      }
      return TextLayout(tokens: made, running: running, endTime: endTime, frame: frame)
    }
    /// A frame tried: the columns only, so ten tries of a million instants
    /// do not make ten layouts of a million tokens.
    func trial(_ frame: VirtualInterval, _ legend: Int) -> Trial {
      let step = max(frame.nanoseconds, 1)
      guard let made = madeTokens(legend, frame: frame) else {
        let attempt = TextLayout(
          cells: cells, running: running, endTime: endTime, frame: frame, legend: legends[legend],
          abandonsWhenInexact: true)
        return Trial(frame: frame, legend: legend, fitsExactly: attempt.fitsExactly, lastColumn: attempt.lastColumn) {
          attempt.visibleValues(in: $0)
        }
      }
      let placing = made.place(step: step, running: running, endTime: endTime, abandonsWhenInexact: true) { _, _, _ in }
      return Trial(frame: frame, legend: legend, fitsExactly: placing.movedTokens == 0, lastColumn: placing.lastColumn)
      {
        made.visibleValues(in: $0, step: step, running: running, endTime: endTime)
      }
    }
    if let frame = options.scale, frame.nanoseconds > 0 {
      let tries = legends.map {
        TextLayout(cells: cells, running: running, endTime: endTime, frame: frame, legend: $0)
      }
      return tries.first { $0.fitsExactly && $0.width <= available } ?? tries.first(where: \.fitsExactly)
        ?? tries.min { $0.movedTokens < $1.movedTokens } ?? tries[0]
    }
    let times = cells.flatMap { $0.map(\.time) }
    let span = max(times.max() ?? .zero, endTime)
    let candidates = FrameCandidates(times: times, span: span, columns: available)
    for legend in lettersOverflow ? [0] : Array(legends.indices) {
      for frame in candidates.ordered where span.nanoseconds / frame.nanoseconds < available {
        let attempt = trial(frame, legend)
        if attempt.fitsExactly && attempt.lastColumn + 1 <= available { return layout(frame, legend) }
      }
    }
    // Too long for the width: cut out only stretches where nothing happens,
    // if some exact layout has them. Fewest cuts first, then cuts that keep
    // clear of the events, then values as themselves, then the better frame.
    func occupied(_ frame: VirtualInterval, _ legend: Int) -> (columns: [ClosedRange<Int>], lastColumn: Int)? {
      guard let made = madeTokens(legend, frame: frame) else {
        let attempt = TextLayout(
          cells: cells, running: running, endTime: endTime, frame: frame, legend: legends[legend],
          abandonsWhenInexact: true)
        return attempt.fitsExactly ? (attempt.occupiedColumns, attempt.lastColumn) : nil
      }
      var spans: [ClosedRange<Int>] = []
      let placing = made.place(
        step: max(frame.nanoseconds, 1), running: running, endTime: endTime, abandonsWhenInexact: true
      ) { row, index, column in
        spans.append(column...(column + made.rows[row][index].width - 1))
      }
      guard placing.movedTokens == 0 else { return nil }
      spans += placing.rows.compactMap { $0.runningColumn.map { $0...$0 } }
      return (TextCut.merged(spans), placing.lastColumn)
    }
    var best: (key: [Int], frame: VirtualInterval, legend: Int)?
    for legend in lettersOverflow ? [0] : Array(legends.indices) {
      for (order, frame) in cutFrames(candidates).enumerated() {
        guard let occupied = occupied(frame, legend),
          let cut = TextCut.emptyStretchWindows(
            occupied: occupied.columns, lastColumn: occupied.lastColumn, available: available,
            endLabel: TextCut.endLabel(lastColumn: occupied.lastColumn, frame: frame))
        else { continue }
        let key = [cut.windows.count, 1 - cut.margin, legend, order]
        if best.map({ key.lexicographicallyPrecedes($0.key) }) ?? true { best = (key, frame, legend) }
      }
    }
    if let best { return layout(best.frame, best.legend) }
    let cut = cutChoice(
      candidates: candidates, modes: legends.map(\.mode), available: available,
      needsLetter: { legends[$0].needsLetter($1) }, trial: trial)
    return layout(cut.frame, cut.legend)
  }

  /// The frames worth trying for a diagram that will be cut: only frames
  /// close to the common divisor can be narrow.
  static func cutFrames(_ candidates: FrameCandidates) -> [VirtualInterval] {
    let frames = candidates.ordered.filter { $0.nanoseconds >= candidates.commonDivisor / 10 }
    return frames.isEmpty ? [candidates.ordered.first ?? .milliseconds(100)] : frames
  }

  /// The frame and legend (an index into `modes`) of a diagram too dense
  /// for the width, which will be cut through its events (`TextCut`): the
  /// narrowest exact layout, which cuts out the least time, unless it needs
  /// a long legend for what stays on screen.
  static func cutChoice(
    candidates: FrameCandidates, modes: [ValueLegend.Mode], available: Int,
    needsLetter: (_ legend: Int, _ value: Value) -> Bool, trial: (VirtualInterval, Int) -> Trial
  ) -> (frame: VirtualInterval, legend: Int) {
    let frames = cutFrames(candidates)
    // Only the tries are compared; the layout is made once, for the one chosen.
    var narrowest: Trial?
    var narrowestInline: Trial?
    // Exact whatever its legend: a long legend beats events drawn right of their time.
    var narrowestExact: Trial?
    for legend in modes.indices {
      for frame in frames {
        let attempt = trial(frame, legend)
        guard attempt.fitsExactly else { continue }
        if attempt.lastColumn < narrowestExact.map(\.lastColumn) ?? .max { narrowestExact = attempt }
        let shown = attempt.visibleValues(
          TextCut.headAndTailWindows(lastColumn: attempt.lastColumn, available: available))
        guard Set(shown.filter { needsLetter(legend, $0) }).count <= maxCutLegend else { continue }
        let width = attempt.lastColumn + 1
        if width < narrowest.map({ $0.lastColumn + 1 }) ?? .max { narrowest = attempt }
        if modes[legend] == .inline, width < narrowestInline.map({ $0.lastColumn + 1 }) ?? .max {
          narrowestInline = attempt
        }
      }
    }
    guard let narrowest else {
      return narrowestExact.map { ($0.frame, $0.legend) } ?? (frames[0], modes.count - 1)
    }
    // Values as themselves beat letters unless letters show clearly more.
    let narrowestWidth = narrowest.lastColumn + 1
    if let inline = narrowestInline, inline.lastColumn + 1 <= narrowestWidth + narrowestWidth / 10 {
      return (inline.frame, inline.legend)
    }
    return (narrowest.frame, narrowest.legend)
  }

  /// One frame and legend tried by `choose`, without its layout.
  struct Trial {
    let frame: VirtualInterval
    /// The index of the legend among those tried.
    let legend: Int
    let fitsExactly: Bool
    let lastColumn: Int
    /// The values drawn whole inside some column windows.
    let visibleValues: ([ClosedRange<Int>]) -> [Value]
  }

  /// The most legend entries a cut diagram may need: beyond that, the
  /// values are easier to read inline at a finer frame.
  static let maxCutLegend = 12
}
