import Lessons
import StreamLang
import SwiftImport

/// Lesson answers written in Swift, read by SwiftImport: what every lesson
/// command, the lesson prompt, the browser playground and the fuzzer give
/// the lesson checker (Lessons itself does not depend on SwiftImport).
public struct SwiftImportAnswers: SwiftAnswerReading {
  public init() {}

  public func looksLikeSwift(_ answer: String) -> Bool {
    SwiftImport.looksLikeSwift(answer)
  }

  public func read(_ swift: String, boundNames: [String]) -> SwiftAnswer {
    switch SwiftImport.translate(swift, boundNames: boundNames) {
    case .failure(let diagnostic): return .refused(diagnostic)
    case .success(let translation):
      return .program(translation.program, pointingIntoSwift: translation.pointingIntoSwift)
    }
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
