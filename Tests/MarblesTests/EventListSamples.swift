import StreamCore

/// Runs for the event-list tests: one made by hand with every kind of event
/// line, and reproducible random ones of any length.
enum EventListSamples {
  /// Two pipelines (so the list is grouped), an inner row and a nested one,
  /// and every kind of event at whole and fractional milliseconds, with the
  /// numbers at the ends of `Int`.
  static var everyKind: RunResult {
    let stage = Timeline(
      label: "flatMap { x in x }", pipeline: 0, stage: 1, isOutput: true,
      events: [
        TimelineEvent(time: .zero, kind: .subscribed),
        TimelineEvent(time: .zero, kind: .requested(.max(3))),
        TimelineEvent(time: .zero, kind: .requested(.unlimited)),
        TimelineEvent(time: .milliseconds(1), kind: .value(.int(.min))),
        TimelineEvent(time: VirtualTime(nanoseconds: 250_000), kind: .value(.int(-7))),
        TimelineEvent(time: VirtualTime(nanoseconds: 250_000), kind: .requested(.max(2))),
        TimelineEvent(time: .milliseconds(2000), kind: .value(.int(.max))),
        TimelineEvent(time: .milliseconds(3), kind: .value(.string("say \"hi\""))),
        TimelineEvent(time: .milliseconds(3), kind: .value(.double(1.5))),
        TimelineEvent(time: .milliseconds(4), kind: .dropped(.int(4))),
        TimelineEvent(time: VirtualTime(nanoseconds: 4_500_000), kind: .dropped(.string("x"))),
        TimelineEvent(time: .milliseconds(5), kind: .cancelled),
        TimelineEvent(time: .milliseconds(6), kind: .failed("boom")),
      ])
    let inner = Timeline(
      label: "just 1", pipeline: 0, stage: 1,
      events: [
        TimelineEvent(time: .zero, kind: .subscribed),
        TimelineEvent(time: .zero, kind: .requested(.max(1))),
        TimelineEvent(time: .zero, kind: .value(.int(0))),
        TimelineEvent(time: .zero, kind: .finished),
      ],
      inner: InnerPlacement(parent: 1, number: 1))
    let nested = Timeline(
      label: "just 2", pipeline: 0, stage: 1,
      events: [
        TimelineEvent(time: .milliseconds(10), kind: .value(.int(-10))),
        TimelineEvent(time: VirtualTime(nanoseconds: 1), kind: .value(.int(2))),
      ],
      inner: InnerPlacement(parent: 1, number: 2, nestedIn: 1, depth: 2))
    let second = Timeline(
      label: "just 9", pipeline: 1, stage: 0, isOutput: true,
      events: [TimelineEvent(time: .milliseconds(200), kind: .value(.int(9)))])
    var result = RunResult(
      pipelines: [
        ShownPipeline(source: "flatMap { x in x }"), ShownPipeline(source: "just 9", subscribeAt: .milliseconds(200)),
      ],
      rows: [stage, inner, nested, second], notes: ["a note"], stop: .horizon(.milliseconds(3000)),
      endTime: .milliseconds(3000))
    result.log = [LogLine(time: .milliseconds(1), text: "logged")]
    return result
  }

  /// `rowCount` rows of `eventsPerRow` events each, nearly all `Int` values
  /// at whole milliseconds as in a long run, with every other kind of event
  /// sprinkled in; every other row an inner row.
  static func random(seed: UInt64, rowCount: Int, eventsPerRow: Int) -> RunResult {
    var random = SplitMix64(seed: seed)
    func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
    var rows: [Timeline] = []
    for rowIndex in 0..<rowCount {
      var events = TimelineEvents()
      var nanoseconds = 0
      for _ in 0..<eventsPerRow {
        nanoseconds += pick(4) == 0 ? pick(3) * 1_000_000 + (pick(8) == 0 ? pick(999_999) : 0) : 0
        let time = VirtualTime(nanoseconds: nanoseconds)
        let number = pick(3) == 0 ? Int(bitPattern: UInt(random.next())) : pick(2_000_000) - 1_000
        let kind: TimelineEvent.Kind
        switch pick(40) {
        case 0: kind = .requested(.max(pick(5)))
        case 1: kind = .requested(.unlimited)
        case 2: kind = .value(.string("s\(number)\n"))
        case 3: kind = .value(.double(Double(number) / 8))
        case 4: kind = .dropped(.int(number))
        case 5: kind = .failed("at \(number)")
        case 6: kind = .subscribed
        default: kind = .value(.int(number))
        }
        events.append(TimelineEvent(time: time, kind: kind))
      }
      let inner = rowIndex % 2 == 1 ? InnerPlacement(parent: 0, number: rowIndex, depth: 1 + pick(2)) : nil
      rows.append(
        Timeline(
          label: "row \(rowIndex)", pipeline: 0, stage: inner == nil ? rowIndex : 0, events: events, inner: inner))
    }
    return RunResult(pipelines: [ShownPipeline(source: "random")], rows: rows, stop: .idle, endTime: .zero)
  }
}
