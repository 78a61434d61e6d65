import Lessons
import StreamLang
import SwiftImport
import SwiftRun

/// Lesson answers read as the front door reads every input (`ProgramReading`):
/// what every lesson command, the lesson prompt, the browser playground and
/// the fuzzer give the lesson checker (Lessons itself does not depend on
/// SwiftImport or StreamLab).
public struct SwiftImportAnswers: SwiftAnswerReading {
  /// The limits an interpreted answer runs with: the lesson runner's.
  public var options: RunOptions

  public init(options: RunOptions = RunOptions()) {
    self.options = options
  }

  public func looksLikeSwift(_ answer: String) -> Bool {
    SwiftImport.looksLikeSwift(answer)
  }

  public func read(_ swift: String, boundNames: [String]) -> SwiftAnswer {
    // Swift that stands on its own runs on the interpreter, as the front door
    // runs it; Swift that uses the exercise's givens is the reader's.
    if case .ran(let result, let uses) = SwiftRun.run(swift, options: options), !result.pipelines.isEmpty {
      return .ran(result, subscriptionOffsets: uses.subscriptionOffsets, operators: uses.operators)
    }
    switch ProgramReading.read(swift, as: .swift, boundNames: boundNames) {
    case .refused(let diagnostic): return .refused(diagnostic)
    case .swift(let translation):
      return .program(translation.program, pointingIntoSwift: translation.pointingIntoSwift)
    case .pipeline(let program):
      return .program(program, pointingIntoSwift: { $0 })
    }
  }

  public func hinted(_ diagnostics: [Diagnostic], in answer: String) -> [Diagnostic] {
    ProgramReading.hinted(diagnostics, in: answer)
  }
}

extension LessonTools {
  /// The tools on the real interpreter, reading Swift answers, with plain
  /// (never coloured) diagrams for reports.
  public static func standard(
    width: Int, options: RunOptions = RunOptions(), promptCommands: [String]? = nil
  ) -> LessonTools {
    LessonTools(
      runner: InterpreterRunner(options: options, swiftAnswers: SwiftImportAnswers(options: options)),
      feedback: CheckFeedback(width: width, color: false), promptCommands: promptCommands)
  }
}
