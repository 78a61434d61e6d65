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
    func layout(_ frame: VirtualInterval, _ legend: ValueLegend, exactOnly: Bool = false) -> TextLayout {
      let index = legend.mode == .inline ? 0 : 1
      let made = tokens[index] ?? Tokens(cells: cells, legend: legends[index])
      tokens[index] = made
      guard made.keepsInstantsApart(step: max(frame.nanoseconds, 1)) else {
        return TextLayout(
          cells: cells, running: running, endTime: endTime, frame: frame, legend: legend,
          abandonsWhenInexact: exactOnly)
      }
      return TextLayout(tokens: made, running: running, endTime: endTime, frame: frame, abandonsWhenInexact: exactOnly)
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
    // Only the narrowest layouts so far are kept: a layout of a long run
    // holds a token per instant, and ten of them at once held gigabytes.
    var narrowest: TextLayout?
    var narrowestInline: TextLayout?
    for legend in legends {
      for frame in frames {
        let attempt = layout(frame, legend, exactOnly: true)
        guard attempt.fitsExactly else { continue }
        let shown = attempt.visibleValues(in: attempt.windows(available: available))
        guard Set(shown.filter { attempt.legend.needsLetter($0) }).count <= maxCutLegend else { continue }
        if attempt.width < narrowest?.width ?? .max { narrowest = attempt }
        if attempt.legend.mode == .inline, attempt.width < narrowestInline?.width ?? .max { narrowestInline = attempt }
      }
    }
    guard let narrowest else { return layout(frames[0], legends[legends.count - 1]) }
    // Values as themselves beat letters unless letters show clearly more.
    if let inline = narrowestInline, inline.width <= narrowest.width + narrowest.width / 10 { return inline }
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
