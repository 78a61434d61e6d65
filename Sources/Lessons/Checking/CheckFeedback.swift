import StreamCore
import StreamLang

/// Turns a failed check into what the student reads: the problems in words,
/// the expected and actual outputs drawn on one time axis, and a caret under
/// a parse error.
public struct CheckFeedback {
  /// Draws a run as a text diagram (the Marbles module's `TextDiagram`, at the session's width and colour).
  public let draw: (RunResult) -> String
  /// The terminal's width, when known: a parse error's source line is cut
  /// to it, so the caret stays under its character, and its notes are wrapped to it.
  public let width: Int?

  public init(width: Int? = nil, draw: @escaping (RunResult) -> String) {
    self.width = width
    self.draw = draw
  }

  /// The full feedback for `result`; empty for a pass.
  /// - Parameter givens: the run of the exercise's given streams, drawn above
  ///   the expected and actual rows on the same axis.
  public func render(_ result: CheckResult, givens: RunResult? = nil) -> String {
    guard !result.passed else { return "" }
    var sections: [String] = result.problems.map { problem in
      // A parse error is shown once, in full, with the caret under the answer.
      if case .answerInvalid(let diagnostics) = problem {
        return "✗ the answer does not parse:\n"
          + diagnostics.rendered(in: result.answer, fileName: "answer", width: width)
      }
      if case .mismatch = problem, let cause = result.differenceCause { return "✗ \(problem.description)\n  \(cause)" }
      return "✗ " + problem.description
    }
    if let comparison = comparisonDiagram(result, givens: givens) { sections.append(comparison) }
    if let tests = testsDiagram(result) { sections.append(tests) }
    return sections.joined(separator: "\n")
  }

  /// A test exercise's runs (issue 32): on what they ran, then each test's
  /// heading in XCTest's words and its diagram with its assertions marked.
  public func testsDiagram(_ result: CheckResult) -> String? {
    guard !result.tests.isEmpty else { return nil }
    let place = result.testsRanOn.map { "Your tests on \($0):" } ?? "Your tests:"
    return ([place] + result.tests.map { $0.heading + "\n" + draw($0.result) }).joined(separator: "\n")
  }

  /// The given streams, the expected output and the actual output as rows of
  /// one diagram, when the expected and actual outputs both exist.
  public func comparisonDiagram(_ result: CheckResult, givens: RunResult? = nil) -> String? {
    guard let expected = result.expected, result.actual != nil else { return nil }
    return exerciseDiagram(givens: givens, expected: expected, result: result)
  }

  /// The given streams and the expected output, as rows of one diagram.
  public func expectedDiagram(_ expected: [TimelineEvent], givens: RunResult? = nil) -> String {
    exerciseDiagram(givens: givens, expected: expected, result: nil)
  }

  /// Every row of one exercise on one time axis and one frame, so a student
  /// compares them by eye: each given stream, the expected output (nil when
  /// it is hidden until the student answers) and the answer's output.
  public func exerciseDiagram(givens: RunResult?, expected: [TimelineEvent]?, result: CheckResult?) -> String {
    var pipelines = givens?.pipelines ?? []
    var rows = givens?.rows ?? []
    var end = givens?.endTime ?? .zero
    // Why the drawing ends: the answer's own stop when its run was cut short
    // (the budget, Ctrl-C), else the givens' (a horizon), never a guess.
    var stop = givens?.stop ?? .idle
    let actual = result?.actual
    // Each added row is its own pipeline named as the row, so the diagram
    // draws it as one labelled row, like a given stream, with no group header.
    func add(_ row: Timeline) {
      var row = row
      row.pipeline = pipelines.count
      row.stage = 0
      pipelines.append(ShownPipeline(source: row.label))
      rows.append(row)
    }
    if let expected {
      add(Timeline(label: "expected", pipeline: 0, stage: 0, isOutput: actual == nil, events: expected))
      end = max(end, expected.last?.time ?? .zero)
    }
    if let result, var row = actual {
      row.label = "yours"
      row.isOutput = true
      add(row)
      end = max(end, result.actualEndTime)
      if result.actualLeftRunning { stop = result.actualStop }
    }
    let run = RunResult(pipelines: pipelines, rows: rows, stop: stop, endTime: end)
    return draw(run)
  }
}
