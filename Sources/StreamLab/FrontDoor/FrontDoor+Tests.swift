import Marbles
import StreamCore
import StreamLang

extension FrontDoor {
  /// A paste of XCTest cases (issue 32): each test's heading in XCTest's
  /// words, its diagram, its log and its assertions at the times they ran,
  /// and a summary line; exit status 1 when a test failed, as `swift test`.
  static func testedAnswer(_ runs: [TestCaseRun], _ request: FrontDoorRequest) -> FrontDoorAnswer {
    let presenter = RunPresenter(settings: request.settings)
    let failed = runs.filter { !$0.passed }.count
    let summary =
      "Executed \(runs.count) test\(runs.count == 1 ? "" : "s"), with \(failed) failure\(failed == 1 ? "" : "s")"
    let program = Program(text: request.text, statements: [])
    let outcome = FrontDoorAnswer.Outcome.ran(
      runs.last?.result ?? RunResult(pipelines: [], rows: []), program: program, earlierBindings: [], translation: nil)
    let status: Int32 = failed == 0 ? 0 : 1
    var parts: [String] = []
    switch request.format {
    case .text, .events:
      for run in runs {
        var part = [run.heading]
        if let crash = run.crash { part.append("  the test stopped: \(crash)") }
        if !run.result.pipelines.isEmpty || !run.result.log.isEmpty || !run.result.assertions.isEmpty {
          let rendered =
            request.format == .text
            ? presenter.diagram(of: run.result)
            : (try? presenter.render(run.result, program: program, as: .events).get()) ?? ""
          part.append(rendered)
        }
        parts.append(part.joined(separator: "\n"))
      }
      parts.append(summary)
      return FrontDoorAnswer(
        outcome: outcome, document: parts.joined(separator: "\n\n"), message: nil, exitStatus: status)
    case .json:
      let cases = runs.map { run -> String in
        let document = (try? presenter.render(run.result, program: program, as: .json).get()) ?? "null"
        let crash = run.crash.map { ", \"crash\": " + TextEscaping.jsonStringLiteral($0) } ?? ""
        return "{\"class\": \(TextEscaping.jsonStringLiteral(run.className)), "
          + "\"name\": \(TextEscaping.jsonStringLiteral(run.methodName)), \"passed\": \(run.passed)\(crash), "
          + "\"run\": \(document)}"
      }
      let document = "{\"tests\": [" + cases.joined(separator: ", ") + "], \"failures\": \(failed)}\n"
      return FrontDoorAnswer(outcome: outcome, document: document, message: nil, exitStatus: status)
    case .svg, .swift, .xctest:
      // One SVG draws one run; a paste of tests is Swift already.
      guard request.format == .svg, runs.count == 1, let run = runs.first else {
        let error = PresentationError.unavailable(
          request.format,
          reason: request.format == .svg
            ? "a paste with \(runs.count) tests has a diagram per test; SVG draws one run: paste one test at a time"
            : "the paste is a test already")
        return FrontDoorAnswer(outcome: .unavailable(error), document: "", message: error.description, exitStatus: 2)
      }
      let document = (try? presenter.render(run.result, program: program, as: .svg).get()) ?? ""
      return FrontDoorAnswer(outcome: outcome, document: document, message: nil, exitStatus: status)
    }
  }
}
