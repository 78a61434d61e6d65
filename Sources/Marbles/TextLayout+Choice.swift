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
      let shown = attempt.visibleValues(in: attempt.windows(available: available))
      let lettered = Set(shown.filter { attempt.legend.needsLetter($0) })
      return lettered.count <= maxCutLegend
    }
    guard let narrowest = exact.min(by: { $0.width < $1.width }) else {
      return layout(frames[0], legends[legends.count - 1])
    }
    // Values as themselves beat letters unless letters show clearly more.
    let inline = exact.filter { $0.legend.mode == .inline }.min { $0.width < $1.width }
    if let inline, inline.width <= narrowest.width + narrowest.width / 10 { return inline }
    return narrowest
  }

  /// The most legend entries a cut diagram may need: beyond that, the
  /// values are easier to read inline at a finer frame.
  static let maxCutLegend = 12

  /// The column ranges shown: all of them, or the start and the end of the
  /// run with ` ~ ` between when the whole does not fit.
  func windows(available: Int) -> [ClosedRange<Int>] {
    guard width > available else { return [0...lastColumn] }
    let usable = max(available - 3, 4)
    let tail = max(usable / 3, 2)
    let head = usable - tail
    return [0...(head - 1), (lastColumn - tail + 1)...lastColumn]
  }
}
