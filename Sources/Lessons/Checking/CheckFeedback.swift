import StreamCore
import StreamLang

/// Turns a failed check into what the student reads: the problems in words,
/// the expected and actual outputs drawn on one time axis, and a caret under
/// a parse error.
public struct CheckFeedback {
  /// Draws a run as a text diagram (the Marbles module's `TextDiagram`, at the session's width and colour).
  public let draw: (RunResult) -> String

  public init(draw: @escaping (RunResult) -> String) {
    self.draw = draw
  }

  /// The full feedback for `result`; empty for a pass.
  public func render(_ result: CheckResult) -> String {
    guard !result.passed else { return "" }
    var sections: [String] = result.problems.map { problem in
      // A parse error is shown once, in full, with the caret under the answer.
      if case .answerInvalid(let diagnostics) = problem {
        return "✗ the answer does not parse:\n" + diagnostics.rendered(in: result.answer, fileName: "answer")
      }
      return "✗ " + problem.description
    }
    if let comparison = comparisonDiagram(result) { sections.append(comparison) }
    return sections.joined(separator: "\n")
  }

  /// Expected and actual output as two rows of one diagram, when both exist.
  public func comparisonDiagram(_ result: CheckResult) -> String? {
    guard let expected = result.expected, let actual = result.actual else { return nil }
    let expectedRow = Timeline(label: "expected", pipeline: 0, stage: 0, events: expected)
    var actualRow = actual
    actualRow.label = "yours"
    actualRow.pipeline = 0
    actualRow.stage = 1
    actualRow.isOutput = true
    let lastExpected = expected.last?.time ?? .zero
    let end = max(lastExpected, result.actualEndTime)
    let run = RunResult(
      pipelines: [ShownPipeline(source: "expected")], rows: [expectedRow, actualRow],
      stop: result.actualLeftRunning ? .horizon(end) : .idle, endTime: end)
    return draw(run)
  }

  /// The expected output alone, as one diagram row.
  public func expectedDiagram(_ expected: [TimelineEvent]) -> String {
    let row = Timeline(label: "expected", pipeline: 0, stage: 0, isOutput: true, events: expected)
    let run = RunResult(
      pipelines: [ShownPipeline(source: "expected")], rows: [row], endTime: expected.last?.time ?? .zero)
    return draw(run)
  }
}
