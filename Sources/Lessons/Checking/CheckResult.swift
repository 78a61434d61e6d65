import StreamCore
import StreamLang

/// The verdict on one answer to one exercise, with what feedback needs to show.
public struct CheckResult: Hashable {
  /// One reason an answer does not pass.
  public enum Problem: Hashable, CustomStringConvertible {
    case noAnswer
    /// The answer does not parse or type-check; ranges are UTF-8 offsets into the answer's own text.
    case answerInvalid([Diagnostic])
    /// The answer binds names but subscribes to nothing.
    case noOutput
    /// The run stopped where Swift would trap (a division by zero, an overflow, in any closure).
    case runtimeError(RuntimeError)
    case mismatch(OutputDifference)
    /// An object that holds subscriptions ended otherwise than expected
    /// (released at another time, leaked, or still alive): in words.
    case lifetimeMismatch(String)
    /// A `require:` operator the answer does not use.
    case missingOperator(String)
    /// A `forbid:` operator the answer uses.
    case forbiddenOperator(String)
    /// The answer's output has another type than `expect-type:` asks: (expected, actual).
    case wrongType(expected: String, actual: String)
    /// The exercise itself cannot be checked (a given or the expect is broken): the teacher's problem.
    case lessonError(String)
    /// A test exercise's answer declares no `XCTestCase` subclass with a `test…` method.
    case notATest
    /// One of the answer's tests fails on the code it tests: its heading and
    /// why, in XCTest's words (`Test Case 'T.testPause' failed: line 4: XCTAssertEqual failed: …`).
    case testFails(String)
    /// Every test of the answer passes on a near miss of the code, which the
    /// solution's test catches: what changed, and how many more pass.
    case nearMissPasses(change: String, others: Int)

    public var description: String {
      switch self {
      case .noAnswer:
        return "no answer yet"
      case .answerInvalid(let problems):
        // A type error is a wrong answer too: Swift would not compile it.
        let verb = problems.first?.isTypeError == true ? "does not type-check" : "does not parse"
        return "the answer \(verb): " + (problems.first?.description ?? "invalid program")
      case .noOutput:
        return "the answer subscribes to nothing; end it with a pipeline, not only `let`"
      case .runtimeError(let error):
        return error.description
      case .mismatch(let difference):
        return difference.description
      case .lifetimeMismatch(let difference):
        return difference
      case .missingOperator(let name):
        return "this exercise asks you to use `\(name)`"
      case .forbiddenOperator(let name):
        return "this exercise forbids `\(name)`, and the answer uses it"
      case .wrongType(let expected, let actual):
        return "the answer's output is a publisher of \(actual); this exercise asks for \(expected)"
      case .lessonError(let message):
        return "the lesson cannot check this exercise: \(message)"
      case .notATest:
        return "this exercise asks for a test: a `final class …: XCTestCase` with a `func test…()` that uses the code"
      case .testFails(let why):
        return "your test fails on the code it tests: \(why)"
      case .nearMissPasses(let change, let others):
        let more = others == 0 ? "" : " (and \(others) more)"
        return "your tests also pass on this near miss of the code, \(change)\(more): "
          + "add an assertion that fails on it"
      }
    }
  }

  /// 1-based exercise number.
  public var exercise: Int
  public var answer: String
  public var problems: [Problem]
  /// The expected output's comparable events, when they could be computed.
  public var expected: [TimelineEvent]?
  /// The answer's output row, when the answer ran.
  public var actual: Timeline?
  /// Why the answer's run ended. Cut short (horizon, budget, Ctrl-C), an
  /// unterminated row is still running rather than silent, and the diagram
  /// says which of them cut it.
  public var actualStop: RunStop
  public var actualLeftRunning: Bool { actualStop.leftStreamsRunning }
  /// When the answer's run ended.
  public var actualEndTime: VirtualTime
  /// What the run printed (`print`'s lines, in order), when the answer ran.
  public var log: [LogLine] = []
  /// The program the answer ran as (the givens, then the answer), when there was an answer to run.
  public var program: String?
  /// A test exercise's runs to show: the answer's failing tests on the code,
  /// or its tests on the near miss they let pass.
  public var tests: [TestCaseRun] = []
  /// What `tests` ran on: `the code` or the near miss.
  public var testsRanOn: String?
  /// Why the answer sent its event where the outputs first differ, from
  /// its causes (issue 33); nil when there is nothing to say.
  public var differenceCause: String?

  public init(
    exercise: Int, answer: String, problems: [Problem], expected: [TimelineEvent]? = nil, actual: Timeline? = nil,
    actualStop: RunStop = .idle, actualEndTime: VirtualTime = .zero
  ) {
    self.actualEndTime = actualEndTime
    self.exercise = exercise
    self.answer = answer
    self.problems = problems
    self.expected = expected
    self.actual = actual
    self.actualStop = actualStop
  }

  public var passed: Bool { problems.isEmpty }

  /// `passed`, or every problem in words, separated by `; `.
  public var summary: String {
    passed ? "passed" : problems.map(\.description).joined(separator: "; ")
  }
}
