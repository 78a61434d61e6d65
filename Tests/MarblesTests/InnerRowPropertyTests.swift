import StreamCore
import StreamLang
import Testing

@testable import Marbles

/// Properties of inner rows over generated programs: they show exactly what
/// their operator received, switchToLatest's old inner streams visibly end,
/// and recording them never changes an output row.
@Suite struct InnerRowPropertyTests {
  static let seeds: [UInt64] = Array(1...300)

  /// Random but reproducible programs around one higher-order operator.
  struct ProgramGenerator {
    var random: TimelineGenerator

    init(seed: UInt64) { random = TimelineGenerator(seed: seed) }

    mutating func pick(_ choices: [String]) -> String { choices[random.int(0...choices.count - 1)] }

    /// An outer source of small Ints: `marbles "-1-(23)-4|"`, sometimes failing.
    mutating func outer() -> String { outer(ending: ending()) }

    /// How an outer source ends: `#` makes its Failure `Error`.
    mutating func ending() -> String { pick(["|", "|", "#", ""]) }

    mutating func outer(ending: String) -> String {
      var frames = ""
      for _ in 0..<random.int(1...6) {
        frames += pick(["-", "-", "\(random.int(1...9))", "(\(random.int(1...9))\(random.int(1...9)))"])
      }
      return "marbles \"\(frames)\(ending)\""
    }

    /// An inner stream made from the element `v`.
    mutating func inner() -> String {
      switch random.int(0...4) {
      case 0: return "just v | delay \(pick(["0ms", "50ms", "100ms", "250ms"]))"
      case 1: return "interval \(pick(["40ms", "70ms", "100ms"])) | take \(random.int(1...3)) | map v * 10 + x"
      case 2: return "marbles \"-\(random.int(1...9))-\(random.int(1...9))|\" frame 50ms | map v * 100 + x"
      case 3: return "timer \(pick(["30ms", "150ms"])) | map v"
      default: return "marbles \"--\(pick(["#", "|", "1#"]))\" frame 40ms | map v"
      }
    }

    /// A subscriber window now and then, so a downstream cancel ends inner streams too.
    mutating func window() -> String { pick(["", "", "", " @..\(random.int(1...8) * 70)ms"]) }

    mutating func flatMapProgram() -> String { "\(outer()) | flatMap { v in { \(inner()) } }\(window())" }

    mutating func switchProgram() -> String {
      "\(outer()) | map { v in { \(inner()) } } | switchToLatest\(window())"
    }

    /// Any program with inner rows or a shared upstream.
    mutating func anyProgram() -> String {
      switch random.int(0...5) {
      case 0: return flatMapProgram()
      case 1: return switchProgram()
      case 2: return "\(outer()) | catch { \(outer()) }\(window())"
      case 3:
        // A bound pipeline of several stages is drawn stage by stage under its inner row.
        let stages = pick(["", " | map x * 2", " | filter x > 3 | scan 0, acc + x"])
        // Publishers that meet in one operator fail the same way, or Swift refuses them.
        let failing = ending() == "#"
        let (first, second) = (outer(ending: failing ? "#" : "|"), outer(ending: failing ? "#" : ""))
        return
          "let b = \(first)\(stages); \(second) | \(pick(["merge", "zip", "combineLatest", "append", "prepend"])) b"
      case 4: return "let s = \(outer()) | share; s; s @\(random.int(0...5) * 100)ms"
      default: return "\(outer()) | flatMap max 1 { v in { \(inner()) } }\(window())"
      }
    }
  }

  static func run(_ program: String, recordingInnerRows: Bool = true) throws -> RunResult {
    var options = RunOptions()
    options.recordsInnerRows = recordingInnerRows
    var interpreter = Interpreter()
    guard case .ran(let result, _) = interpreter.run(program, options: options) else {
      throw ProgramDidNotRun(program: program)
    }
    return result
  }

  struct ProgramDidNotRun: Error { let program: String }

  /// Rows as text: a stream value is equal only to itself, and two runs make
  /// two streams from one closure, so rows are compared as printed.
  static func printed(_ rows: [Timeline]) -> [String] {
    rows.map { row in
      ([row.label, "\(row.pipeline).\(row.stage)"] + row.events.map(\.description)).joined(separator: "; ")
    }
  }

  /// A row's values with their times, in an order that ignores which of two
  /// same-instant values came first (inner rows are merged by time).
  static func timedValues(_ rows: [Timeline]) -> [String] {
    rows.flatMap { row in
      row.events.compactMap { event -> String? in
        guard case .value(let value) = event.kind else { return nil }
        return "\(event.time.nanoseconds) \(value)"
      }
    }.sorted()
  }

  @Test func flatMapsInnerRowsMergedByTimeAreExactlyItsOutput() throws {
    var compared = 0
    for seed in Self.seeds {
      var generator = ProgramGenerator(seed: seed)
      let program = generator.flatMapProgram()
      let result = try Self.run(program)
      let output = try #require(result.outputs.first, "\(program)")
      let inner = result.rows.filter { $0.inner != nil }
      #expect(Self.timedValues(inner) == Self.timedValues([output]), "seed \(seed): \(program)")
      compared += Self.timedValues([output]).count
    }
    // Not an empty comparison: the generated programs send plenty of values.
    #expect(compared > 300)
  }

  @Test func everySwitchToLatestInnerRowButTheLastEndsCancelledOrFinished() throws {
    var checked = 0
    for seed in Self.seeds {
      var generator = ProgramGenerator(seed: seed)
      let program = generator.switchProgram()
      let result = try Self.run(program)
      let inner = result.rows.filter { $0.inner != nil }
      for row in inner.dropLast() {
        let last = row.marbleEvents.last?.kind
        #expect(last == .cancelled || last == .finished, "seed \(seed): \(program), row \(row.label)")
        checked += 1
      }
    }
    // The generator must reach the interesting case: several inner streams.
    #expect(checked > 100)
  }

  @Test func recordingInnerRowsNeverChangesAnOutputRow() throws {
    for seed in Self.seeds {
      var generator = ProgramGenerator(seed: seed)
      let program = generator.anyProgram()
      let with = try Self.run(program)
      let without = try Self.run(program, recordingInnerRows: false)
      #expect(Self.printed(with.outputs) == Self.printed(without.outputs), "seed \(seed): \(program)")
      #expect(Self.printed(with.withoutInnerRows.rows) == Self.printed(without.rows), "seed \(seed): \(program)")
      #expect(without.rows.allSatisfy { $0.isStageRow }, "seed \(seed): \(program)")
    }
  }
}
