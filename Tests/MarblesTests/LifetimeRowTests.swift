import StreamCore
import Testing

@testable import Marbles

/// How a lifetime row is drawn from a run's `lifetimes` (issue 30, item 3):
/// the run's own rows are untouched, the object's row ends where it went.
@Suite struct LifetimeRowTests {
  static func at(_ milliseconds: Int) -> VirtualTime { VirtualTime.zero.advanced(by: .milliseconds(milliseconds)) }

  static func run(_ lifetimes: [ObjectLifetime]) -> RunResult {
    var result = RunResult(
      pipelines: [ShownPipeline(source: "timer 600ms")],
      rows: [
        Timeline(
          label: "timer 600ms", pipeline: 0, stage: 0, isOutput: true,
          events: [
            TimelineEvent(time: .zero, kind: .subscribed), TimelineEvent(time: at(600), kind: .value(.int(0))),
            TimelineEvent(time: at(600), kind: .finished),
          ])
      ], endTime: at(600))
    result.lifetimes = lifetimes
    return result
  }

  @Test func twoObjectsOfOneTypeAreNumberedInTheOrderTheyWereMade() {
    let text = TextDiagram.render(
      Self.run([
        ObjectLifetime(typeName: "Loader", made: .zero, released: Self.at(300), leaked: false),
        ObjectLifetime(typeName: "Loader", made: Self.at(100), released: nil, leaked: true),
      ]), options: DiagramOptions(width: 60, color: false))
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.contains("lifetimes:"), "\(text)")
    #expect(lines.contains { $0.hasPrefix("    Loader #1") && $0.hasSuffix("x deinit 300ms") }, "\(text)")
    // Made at 100ms: nothing is drawn before it, then `^`.
    let second = lines.first { $0.hasPrefix("    Loader #2") }
    #expect(second?.hasSuffix(" leaked") == true, "\(text)")
    #expect(second?.contains("^") == true, "\(text)")
  }

  @Test func anObjectStillHeldAtTheEndHasNoRow() {
    let text = TextDiagram.render(
      Self.run([ObjectLifetime(typeName: "Model", made: .zero, released: nil, leaked: false)]),
      options: DiagramOptions(width: 60, color: false))
    #expect(!text.contains("lifetimes:"))
    #expect(text == TextDiagram.render(Self.run([]), options: DiagramOptions(width: 60, color: false)))
  }
}
