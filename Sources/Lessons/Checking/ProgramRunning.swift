import StreamCore
import StreamLang

/// Something that runs the text of one program on a fresh virtual clock, the
/// way the REPL does. The real one is `InterpreterRunner`; the protocol keeps the
/// checker's logic independent of how programs are built.
public protocol ProgramRunning {
  func run(_ text: String) -> ProgramOutcome
  /// The same run with its causes recorded (issue 33), for explaining a
  /// wrong answer's first difference; a runner that cannot gives `run`'s.
  func runTracingCauses(_ text: String) -> ProgramOutcome
  /// Reads answers written in Swift; nil reads only streamlab's language.
  var swiftAnswers: SwiftAnswerReading? { get }
}

extension ProgramRunning {
  public func runTracingCauses(_ text: String) -> ProgramOutcome { run(text) }
}

/// What running one program's text gave.
public enum ProgramOutcome {
  case ran(ProgramRun)
  /// The text does not parse or does not build (unknown name, wrong argument);
  /// ranges are UTF-8 offsets into the text that was run.
  case invalid([Diagnostic])
}

/// A program that ran, with what the checker needs to know about its source.
public struct ProgramRun {
  public var result: RunResult
  /// The UTF-8 offset where each bare (subscribed) pipeline starts, in program
  /// order: entry `i` is the statement whose rows are `result.pipelines[i]`.
  public var subscriptionOffsets: [Int]
  /// Every operator the program uses, nested ones included, by canonical name.
  public var operators: [OperatorUse]

  public init(result: RunResult, subscriptionOffsets: [Int], operators: [OperatorUse]) {
    self.result = result
    self.subscriptionOffsets = subscriptionOffsets
    self.operators = operators
  }

  /// The output row of the last bare pipeline that starts inside `range`.
  func lastOutput(startingIn range: Range<Int>) -> Timeline? {
    guard let index = subscriptionOffsets.lastIndex(where: { range.contains($0) }) else { return nil }
    return result.outputs.first(where: { $0.pipeline == index })
  }
}

/// One operator as used in a program: `take` is reported as `prefix`.
public struct OperatorUse: Hashable {
  public var canonicalName: String
  /// The UTF-8 offset of the keyword in the program text.
  public var offset: Int

  public init(canonicalName: String, offset: Int) {
    self.canonicalName = canonicalName
    self.offset = offset
  }
}
