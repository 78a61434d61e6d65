import StreamCore
import StreamLang

/// Reads an answer written in Swift (pasted Combine code) as the program in
/// streamlab's language it becomes, so `require:` and `forbid:` judge the
/// operators the Swift uses.
///
/// Lessons does not read Swift itself: the reader (SwiftImport's, given by
/// StreamLab's `SwiftImportAnswers`) is handed to the runner, so Lessons and
/// SwiftImport build side by side in the first `scripts/start` build.
public protocol SwiftAnswerReading {
  /// True when `answer` is Swift rather than streamlab's language.
  func looksLikeSwift(_ answer: String) -> Bool
  /// The program `swift` becomes, or its run; `givens` are the exercise's
  /// givens (in the pipeline language, one per line) and `boundNames` the
  /// names they bind, which the Swift may use by name.
  func read(_ swift: String, givens: String, boundNames: [String]) -> SwiftAnswer
  /// `diagnostics` of an answer in streamlab's language with the notes the
  /// front door gives every program (a stage spelt as Swift, a `:command`
  /// typed as a program); offsets are into `answer`.
  func hinted(_ diagnostics: [Diagnostic], in answer: String) -> [Diagnostic]
  /// Runs `swift` (a test exercise's code, then the answer) as a paste of
  /// `XCTestCase` subclasses: each `test…` method on its own clock.
  func runTests(_ swift: String) -> SwiftTestRun
}

/// What running a paste as tests gave.
public enum SwiftTestRun {
  /// Each test method's run, in order.
  case tested([TestCaseRun])
  /// The paste ran but declares no `XCTestCase` subclass with a `test…` method.
  case noTests
  /// The paste cannot be read or uses what streamlab does not run; the diagnostic points into it.
  case refused(Diagnostic)
}

/// What reading a Swift answer gave.
public enum SwiftAnswer {
  /// The program the Swift became, and how to move a diagnostic found in
  /// that program into the Swift the student wrote.
  case program(String, pointingIntoSwift: (Diagnostic) -> Diagnostic)
  /// The Swift ran on streamlab's Swift interpreter, as it is: its rows,
  /// where each subscription was made and each operator used (offsets into
  /// the Swift), for the checker to judge as it judges any run.
  case ran(RunResult, subscriptionOffsets: [Int], operators: [(name: String, offset: Int)])
  /// The Swift cannot be read; the diagnostic points into it.
  case refused(Diagnostic)
}
