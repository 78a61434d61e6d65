import StreamCore
import StreamLang

/// The variations of one source of a given that probe inputs are made of:
/// its times stretched, squeezed, evenly spaced or shuffled; its values
/// reversed, rotated, doubled up or thinned; their content changed (text in
/// upper or lower case, numbers with the other sign, a text left empty); its
/// completion left out, turned into a failure or brought forward. Each stays
/// a source of the same type, so every program that reads the original also
/// reads the variation.
enum SourceVariation {
  /// `(what changed, the varied source)` pairs; only kinds a probe can vary.
  static func variations(of kind: SourceKind) -> [(change: String, kind: SourceKind)] {
    switch kind {
    case .events(let sends): return sendVariations(sends).map { ($0.change, .events($0.sends)) }
    case .subject(let sends): return sendVariations(sends).map { ($0.change, .subject($0.sends)) }
    case .current(let initial, let sends):
      return sendVariations(sends).map { ($0.change, .current(initial: initial, sends: $0.sends)) }
    case .just(let values):
      let orders = values.count > 1 ? valueOrders(values) : []
      return (orders + contentVariations(values)).map { ($0.change, .just($0.values)) }
    case .interval(let period): return scaled(period).map { ($0.change, .interval(period: $0.time)) }
    case .timer(let delay): return scaled(delay).map { ($0.change, .timer(delay: $0.time)) }
    case .future(let delay, let value):
      return scaled(delay).map { ($0.change, .future(delay: $0.time, value: value)) }
    case .marbles(let diagram, let range, let frame):
      let base = frame ?? StageMutation.synthesized(.time(.milliseconds(100)))
      var result = scaled(base).map {
        ($0.change, SourceKind.marbles(diagram: diagram, diagramRange: range, frame: $0.time))
      }
      let stretched = diagram.replacing("-", with: "--")
      if stretched != diagram {
        result.append(("every gap twice as long", .marbles(diagram: stretched, diagramRange: range, frame: frame)))
      }
      return result
    default: return []
    }
  }

  static let scales: [(name: String, numerator: Int, denominator: Int)] = [
    ("× 2", 2, 1), ("× 0.5", 1, 2), ("× 1.5", 3, 2), ("× 3", 3, 1),
  ]

  /// Probe times stay below this, so scaling a teacher's huge time can never overflow.
  private static let longestTime = 1_000_000_000.0

  private static func scale(_ interval: VirtualInterval, _ numerator: Int, _ denominator: Int) -> VirtualInterval {
    let milliseconds = (Double(interval.nanoseconds) * Double(numerator) / Double(denominator) / 1_000_000).rounded()
    return .milliseconds(Int(min(max(milliseconds, 0), longestTime)))
  }

  private static func literal(_ interval: VirtualInterval) -> Expr {
    StageMutation.synthesized(.time(interval))
  }

  private static func scaled(_ time: Expr) -> [(change: String, time: Expr)] {
    guard case .time(let interval) = time.kind else { return [] }
    return scales.map { ("times \($0.name)", literal(scale(interval, $0.numerator, $0.denominator))) }
  }

  private static func retimed(_ sends: [TimedSend], _ times: [VirtualInterval]) -> [TimedSend] {
    zip(sends, times).map { send, time in
      TimedSend(time: literal(time), event: send.event, range: send.range)
    }
  }

  /// Gaps a shuffled timeline picks from: shorter and longer than the usual 100–500ms operator times.
  private static let gaps = [10, 40, 90, 160, 250, 350, 500, 800]

  private static func sendVariations(_ sends: [TimedSend]) -> [(change: String, sends: [TimedSend])] {
    let times = sends.compactMap { send -> VirtualInterval? in
      if case .time(let interval) = send.time.kind { return interval }
      return nil
    }
    guard times.count == sends.count, !sends.isEmpty else { return [] }
    var result: [(String, [TimedSend])] = []
    for factor in scales {
      result.append(
        ("times \(factor.name)", retimed(sends, times.map { scale($0, factor.numerator, factor.denominator) })))
    }
    let start = times[0]
    for gap in [50, 120, 300, 700] {
      let even = sends.indices.map { start + .milliseconds(gap * $0) }
      result.append(("one event every \(gap)ms", retimed(sends, even)))
    }
    var random = SeededRandom(seed: UInt64(sends.count))
    for round in 1...8 {
      var time = start
      var shuffled: [VirtualInterval] = []
      for index in sends.indices {
        if index > 0 { time = time + .milliseconds(gaps[random.next(below: gaps.count)]) }
        shuffled.append(time)
      }
      result.append(("random gaps \(round)", retimed(sends, shuffled)))
    }
    let valueIndices = sends.indices.filter { if case .value = sends[$0].event { true } else { false } }
    let values = valueIndices.map { sends[$0].event }
    func withValues(_ reordered: [TimedSend.Event]) -> [TimedSend] {
      var copy = sends
      for (index, event) in zip(valueIndices, reordered) { copy[index].event = event }
      return copy
    }
    if values.count > 1 {
      result.append(("values reversed", withValues(values.reversed())))
      result.append(("values rotated", withValues(Array(values.dropFirst()) + [values[0]])))
      result.append(("each value twice", withValues(values.indices.map { values[$0 - $0 % 2] })))
      for dropped in valueIndices.prefix(6) {
        var copy = sends
        copy.remove(at: dropped)
        result.append(("without event \(dropped + 1)", copy))
      }
    }
    for variation in contentVariations(values.compactMap { if case .value(let v) = $0 { v } else { nil } }) {
      result.append((variation.change, withValues(variation.values.map { .value($0) })))
    }
    let terminal = sends.indices.filter { !valueIndices.contains($0) }
    if !terminal.isEmpty, !valueIndices.isEmpty {
      result.append(("never completes", valueIndices.map { sends[$0] }))
      var failing = sends
      for index in terminal {
        failing[index].event = .failed(message: StageMutation.synthesized(.string("probe")))
      }
      result.append(("fails instead of finishing", failing))
    }
    if valueIndices.count > 1, let last = valueIndices.last, case .finished = sends.last?.event {
      var early = sends
      early[early.count - 1].time = literal(times[last])
      result.append(("finishes with its last value", early))
    }
    return result
  }

  private static func valueOrders(_ values: [Expr]) -> [(change: String, values: [Expr])] {
    [
      ("values reversed", values.reversed()),
      ("values rotated", Array(values.dropFirst()) + [values[0]]),
      ("each value twice", values.flatMap { [$0, $0] }),
      ("without the first value", Array(values.dropFirst())),
      ("without the last value", Array(values.dropLast())),
    ]
  }

  /// The values with their content changed where a near miss may not look:
  /// `map x.lowercased()` and a bare source agree on text that is already
  /// lower case, `map abs(x)` and `map x` on positive numbers, `filter
  /// !x.isEmpty` and no filter on text that is never empty. Only changes
  /// that change something are returned.
  static func contentVariations(_ values: [Expr]) -> [(change: String, values: [Expr])] {
    var result: [(String, [Expr])] = []
    func add(_ change: String, _ varied: [Expr]) {
      if varied.map(\.kind) != values.map(\.kind) { result.append((change, varied)) }
    }
    add("text in upper case", values.map { withText($0) { $0.uppercased() } })
    add("text in lower case", values.map { withText($0) { $0.lowercased() } })
    add("text capitalized", values.map { withText($0) { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() } })
    add("numbers with the other sign", values.map(negated))
    if let first = values.firstIndex(where: { if case .string(let text) = $0.kind { !text.isEmpty } else { false } }) {
      var empty = values
      empty[first] = StageMutation.synthesized(.string(""))
      add("value \(first + 1) an empty text", empty)
    }
    return result
  }

  /// `value` with every text literal in it (inside arrays and tuples too) rewritten.
  private static func withText(_ value: Expr, _ change: (String) -> String) -> Expr {
    switch value.kind {
    case .string(let text): return change(text) == text ? value : StageMutation.synthesized(.string(change(text)))
    case .array(let items): return rebuilt(value, .array(items.map { withText($0, change) }))
    case .tuple(let items): return rebuilt(value, .tuple(items.map { withText($0, change) }))
    default: return value
    }
  }

  /// `value` with every number literal in it given the other sign.
  private static func negated(_ value: Expr) -> Expr {
    switch value.kind {
    case .int(let number) where number != 0 && number != .min: return StageMutation.synthesized(.int(-number))
    case .double(let number) where number != 0: return StageMutation.synthesized(.double(-number))
    case .unary("-", let operand):
      switch operand.kind {
      case .int, .double: return StageMutation.synthesized(operand.kind)
      default: return value
      }
    case .array(let items): return rebuilt(value, .array(items.map(negated)))
    case .tuple(let items): return rebuilt(value, .tuple(items.map(negated)))
    default: return value
    }
  }

  /// A container printed from its items, once one of them changed.
  private static func rebuilt(_ original: Expr, _ kind: ExprKind) -> Expr {
    kind == original.kind ? original : StageMutation.synthesized(kind)
  }
}
