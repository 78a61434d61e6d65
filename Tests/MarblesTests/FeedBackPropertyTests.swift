import StreamCore
import StreamLang
import Testing

@testable import Marbles

/// Properties over generated rows: the printed frame always lets a row be
/// written back as a marble string, and the diagram always fits its width.
@Suite struct FeedBackPropertyTests {
  static let seeds: [UInt64] = Array(1...1000)

  static func result(_ row: Timeline) -> RunResult {
    RunResult(
      pipelines: [ShownPipeline(source: row.label)], rows: [row],
      endTime: row.events.map(\.time).max() ?? .zero)
  }

  @Test func thePrintedFrameDividesEveryTimeSoEveryRowCanBeWrittenBack() {
    for seed in Self.seeds {
      var generator = TimelineGenerator(seed: seed)
      let row = generator.row()
      let frame = TextDiagram.frame(for: Self.result(row))
      #expect(row.events.allSatisfy { $0.time.nanoseconds % frame.nanoseconds == 0 }, "seed \(seed)")
      #expect(MarbleString.render(row, frame: frame) != nil, "seed \(seed)")
    }
  }

  /// DSL.md: "A row can be fed back as `marbles "…" frame F` and reproduces
  /// the same events." Parsed back by StreamCore's own marble reader.
  @Test func aRowFedBackAtThePrintedFrameReproducesItsEvents() throws {
    for seed in Self.seeds {
      var generator = TimelineGenerator(seed: seed)
      let row = generator.row()
      let frame = TextDiagram.frame(for: Self.result(row))
      let text = try #require(MarbleString.render(row, frame: frame), "seed \(seed)")
      let parsed = try MarbleDiagram(text, frame: frame)
      let expected = MarbleStringTests.sourceEvents(of: row)
      #expect(parsed.events == expected, "seed \(seed): \(text) at frame \(frame)")
    }
  }

  /// The same, end to end: the statement `marbles "…" frame F` run by the
  /// interpreter produces the row's events on its output.
  @Test func aRowPastedBackAsAStatementRunsToTheSameEvents() throws {
    for seed in Self.seeds.prefix(200) {
      var generator = TimelineGenerator(seed: seed)
      let row = generator.row()
      let frame = TextDiagram.frame(for: Self.result(row))
      let statement = try #require(MarbleString.statement(row, frame: frame), "seed \(seed)")
      var interpreter = Interpreter()
      guard case .ran(let result, _) = interpreter.run(statement) else {
        Issue.record("seed \(seed): \(statement) did not run")
        continue
      }
      let output = try #require(result.outputs.first, "seed \(seed)")
      #expect(
        MarbleStringTests.sourceEvents(of: output) == MarbleStringTests.sourceEvents(of: row),
        "seed \(seed): \(statement)")
    }
  }

  @Test(arguments: [40, 80, 200])
  func everyGeneratedDiagramFitsTheWidth(width: Int) {
    for seed in Self.seeds {
      var generator = TimelineGenerator(seed: seed)
      let text = TextDiagram.render(Self.result(generator.row()), options: DiagramOptions(width: width))
      for line in TextDiagramWidthTests.diagramLines(text) {
        #expect(line.count <= width, "seed \(seed): \(line)")
      }
    }
  }
}
