import StreamCore
import Testing

@testable import Marbles

/// A diagram never hides an event: read back from the text at any width,
/// every row's drawn instants are its recorded ones, and those it does not
/// draw it names in words (how many, from when to when).
@Suite struct DiagramCutPropertyTests {
  static let seeds: [UInt64] = Array(1...600)

  /// A random run of one to three rows at a random width from 30 to 200:
  /// up to 30 instants a row, with pauses from one frame to a hundred, so
  /// that some diagrams have empty stretches to cut and some have none.
  static func run(seed: UInt64) -> (result: RunResult, width: Int, kinds: [DrawnDiagram.ValueKind]) {
    var random = TimelineGenerator(seed: seed)
    let width = random.int(30...200)
    let frame = [10, 20, 25, 50, 100][random.int(0...4)]
    let strings = ["i5", "mac2", "x.y", "hello world", "日本", "é"]
    var rows: [Timeline] = []
    var kinds: [DrawnDiagram.ValueKind] = []
    for stage in 0..<random.int(1...3) {
      let kind = random.int(0...2)
      kinds.append(kind == 0 ? .digits : .wide)
      func value() -> Value {
        if random.int(0...5) == 0 && kind != 2 { return .int(-random.int(1...30)) }
        switch kind {
        case 0: return .int(random.int(0...9))
        case 1: return .int([random.int(10...99), random.int(100...999), random.int(1000...99_999)][random.int(0...2)])
        default: return .string(strings[random.int(0...strings.count - 1)])
        }
      }
      var events = [TimelineEvent(time: .zero, kind: .subscribed)]
      var slot = random.int(0...3)
      for _ in 0..<random.int(0...30) {
        let time = VirtualTime.milliseconds(slot * frame)
        for _ in 0..<(random.int(0...4) == 0 ? random.int(2...3) : 1) {
          events.append(TimelineEvent(time: time, kind: .value(value())))
        }
        slot += [1, 1, 2, 3, 5, 10, 40, 100][random.int(0...7)]
      }
      switch random.int(0...3) {
      case 0: break
      case 1: events.append(TimelineEvent(time: .milliseconds(slot * frame), kind: .failed("error")))
      default:
        let time = random.int(0...1) == 0 ? (events.last?.time ?? .zero) : .milliseconds(slot * frame)
        events.append(TimelineEvent(time: time, kind: .finished))
      }
      rows.append(
        Timeline(label: "r\(stage)", pipeline: 0, stage: stage, isOutput: stage == 0, events: events))
    }
    let end = rows.flatMap(\.events).map(\.time).max() ?? .zero
    let stop: RunStop = random.int(0...3) == 0 ? .horizon(end) : .idle
    let result = RunResult(
      pipelines: [ShownPipeline(source: "r")], rows: rows, stop: stop, endTime: end)
    return (result, width, kinds)
  }

  @Test func everyRecordedEventIsDrawnOrNamedByItsRowAtEveryWidth() throws {
    var cutWithoutHiding = 0
    var cutThroughEvents = 0
    for seed in Self.seeds {
      let (result, width, kinds) = Self.run(seed: seed)
      let options = DiagramOptions(width: width)
      let text = TextDiagram.render(result, options: options)
      let cut = TextDiagram.cut(for: result, options: options)
      let frame = TextDiagram.frame(for: result, options: options)
      // A run drawn right of its time cannot be read back by its columns.
      try #require(!text.contains("drawn right of their time"), "seed \(seed):\n\(text)")
      let drawn = DrawnDiagram(
        text: text, labels: result.rows.map(\.label), width: width, frame: frame, windows: cut.windows, kinds: kinds)
      #expect(drawn.problems.isEmpty, "seed \(seed): \(drawn.problems)\n\(text)")
      for (row, read) in zip(result.rows, drawn.rows) {
        let recorded = row.recordedInstants
        let matched = Self.matches(read.instants, in: recorded)
        #expect(matched != nil, "seed \(seed) \(row.label): drawn \(read.instants)\nrecorded \(recorded)\n\(text)")
        guard let matched else { continue }
        let missing = recorded.indices.filter { !matched.contains($0) }.map { recorded[$0] }
        if missing.isEmpty {
          #expect(read.leftOut == nil, "seed \(seed) \(row.label) says it leaves out events:\n\(text)")
        } else {
          let said = DrawnDiagram.LeftOut(
            count: missing.reduce(0) { $0 + $1.symbols.count }, from: missing[0].time, to: missing.last!.time)
          #expect(read.leftOut == said, "seed \(seed) \(row.label): missing \(missing)\n\(text)")
        }
      }
      if cut.windows.count > 1 {
        if cut.hidesEvents { cutThroughEvents += 1 } else { cutWithoutHiding += 1 }
      }
    }
    // The runs exercise both kinds of cut, not only diagrams that fit.
    #expect(cutWithoutHiding > 50)
    #expect(cutThroughEvents > 20)
  }

  /// The indices in `recorded` of the drawn instants, each at its time with
  /// the same symbols (`*` for any value), in order; nil when one is not.
  static func matches(_ drawn: [DrawnDiagram.Instant], in recorded: [DrawnDiagram.Instant]) -> Set<Int>? {
    var matched = Set<Int>()
    for instant in drawn {
      guard let index = recorded.firstIndex(where: { $0.time == instant.time }),
        recorded[index].symbols.count == instant.symbols.count,
        zip(recorded[index].symbols, instant.symbols).allSatisfy({ $0 == $1 || ($1 == "*" && $0 != "|") }),
        matched.insert(index).inserted
      else { return nil }
    }
    return matched
  }
}
