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

  public func read(_ swift: String, givens: String, boundNames: [String]) -> SwiftAnswer {
    // Swift runs on the interpreter, as the front door runs it, with the
    // exercise's givens as publishers it uses by name. Givens that do more
    // than bind (a subscription, a `connect`) run only as one program with
    // the answer: there the reader's short form of the Swift is run.
    let bindings = givens.isEmpty ? Program(text: "", statements: []) : GivenStreams.bindingsOnly(givens)
    var interpreterRefusal: Diagnostic?
    if let bindings {
      switch SwiftRun.run(swift, options: options, givens: bindings.statements.isEmpty ? nil : bindings) {
      case .ran(let result, let uses) where !result.pipelines.isEmpty:
        return .ran(result, subscriptionOffsets: uses.subscriptionOffsets, operators: uses.operators)
      case .refused(let diagnostic): interpreterRefusal = diagnostic
      default: break
      }
    }
    switch ProgramReading.read(swift, as: .swift, boundNames: boundNames) {
    // Where the short form cannot read the Swift either, the interpreter's
    // refusal says what is wrong with it (`.secnds` is no member of Clock),
    // not what the short form cannot model.
    case .refused(let diagnostic): return .refused(interpreterRefusal ?? diagnostic)
    case .swift(let translation):
      return .program(translation.program, pointingIntoSwift: translation.pointingIntoSwift)
    case .pipeline(let program):
      return .program(program, pointingIntoSwift: { $0 })
    }
  }

  public func runTests(_ swift: String) -> SwiftTestRun {
    switch SwiftRun.run(swift, options: options) {
    case .tested(let runs): return .tested(runs)
    case .ran: return .noTests
    case .refused(let diagnostic): return .refused(diagnostic)
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
