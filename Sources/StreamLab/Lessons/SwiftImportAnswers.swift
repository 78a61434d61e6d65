import Lessons
import StreamLang
import SwiftImport

/// Lesson answers read as the front door reads every input (`ProgramReading`):
/// what every lesson command, the lesson prompt, the browser playground and
/// the fuzzer give the lesson checker (Lessons itself does not depend on
/// SwiftImport or StreamLab).
public struct SwiftImportAnswers: SwiftAnswerReading {
  public init() {}

  public func looksLikeSwift(_ answer: String) -> Bool {
    SwiftImport.looksLikeSwift(answer)
  }

  public func read(_ swift: String, boundNames: [String]) -> SwiftAnswer {
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
      runner: InterpreterRunner(options: options, swiftAnswers: SwiftImportAnswers()),
      feedback: CheckFeedback(width: width, color: false), promptCommands: promptCommands)
  }
}
