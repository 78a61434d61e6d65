import StreamCore
import StreamLang

/// Test exercises (issue 32): the answer is an `XCTestCase` subclass that tests
/// the exercise's `code:`. It passes when each of its tests passes on the code
/// and, on every near miss of the code that the lesson's solution catches,
/// some test of it fails: a test is as good as the mistakes it catches.
extension ExerciseChecker {
  /// How the tests of `test` ran on `code` (the code first, then the test, in one paste).
  public enum TestOutcome {
    case tested([TestCaseRun])
    /// Why the paste did not run as tests.
    case invalid(CheckResult.Problem)
  }

  /// Runs the tests in `test` on `code`. Diagnostics point into `test`, and
  /// assertions name their line in it; a problem inside `code` is the lesson's.
  public func runTests(_ test: String, on code: String) -> TestOutcome {
    guard let reader = runner.swiftAnswers, reader.looksLikeSwift(test) else { return .invalid(.notATest) }
    let paste = code + "\n" + test
    let testStart = code.utf8.count + 1
    let codeLines = code.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    switch reader.runTests(paste) {
    case .noTests:
      return .invalid(.notATest)
    case .refused(var diagnostic):
      guard diagnostic.range.start >= testStart else {
        return .invalid(.lessonError("`code:` does not run with this test: \(diagnostic.description)"))
      }
      diagnostic.range = SourceRange(
        start: diagnostic.range.start - testStart, end: max(0, diagnostic.range.end - testStart))
      return .invalid(.answerInvalid([diagnostic]))
    case .tested(let runs):
      return .tested(runs.map { Self.placedInTest($0, afterCodeLines: codeLines) })
    }
  }

  /// The near misses of a test exercise's code that an answer must catch:
  /// those its `near-miss:` lines name (the student copy's), else those the
  /// solution's test catches.
  public func nearMissesToCatch(_ exercise: Exercise) -> Result<[Mutant], ExpectationFailure> {
    guard let code = exercise.code?.text else { return .success([]) }
    let mutants = SwiftBehaviourMutants.mutants(of: code)
    if !exercise.nearMisses.isEmpty {
      var named: [Mutant] = []
      for written in exercise.nearMisses {
        guard let mutant = mutants.first(where: { $0.change == written.text }) else {
          return .failure(.unknownNearMiss(written.text, known: mutants.map(\.change)))
        }
        named.append(mutant)
      }
      return .success(named)
    }
    guard let solution = exercise.solution?.text else { return .failure(.nothingToCompare) }
    switch runTests(solution, on: code) {
    case .invalid(let problem):
      return .failure(.swiftSolutionInvalid(problem.description))
    case .tested(let runs):
      if let failing = runs.first(where: { !$0.passed }) {
        return .failure(.swiftSolutionInvalid("it fails on `code:`: \(Self.failure(of: failing))"))
      }
    }
    return .success(
      mutants.filter { mutant in
        guard case .tested(let runs) = runTests(solution, on: mutant.text) else { return false }
        return runs.contains { !$0.passed }
      })
  }

  /// Checks a test exercise's answer (already trimmed and not empty).
  func checkTest(_ exercise: Exercise, answer: String, into result: inout CheckResult) {
    guard let code = exercise.code?.text else { return }
    result.program = code + "\n" + answer
    let runs: [TestCaseRun]
    switch runTests(answer, on: code) {
    case .invalid(let problem):
      result.problems = [problem]
      return
    case .tested(let found):
      runs = found
    }
    let failing = runs.filter { !$0.passed }
    guard failing.isEmpty else {
      result.problems = failing.map { .testFails(Self.failure(of: $0)) }
      result.tests = failing
      result.testsRanOn = "the code"
      return
    }
    let nearMisses: [Mutant]
    switch nearMissesToCatch(exercise) {
    case .failure(let failure):
      result.problems = [.lessonError(failure.description)]
      return
    case .success(let found):
      nearMisses = found
    }
    var passedOn: [(mutant: Mutant, runs: [TestCaseRun])] = []
    for mutant in nearMisses {
      if case .tested(let runs) = runTests(answer, on: mutant.text), runs.allSatisfy(\.passed) {
        passedOn.append((mutant, runs))
      }
    }
    if let first = passedOn.first {
      result.problems = [.nearMissPasses(change: first.mutant.change, others: passedOn.count - 1)]
      result.tests = first.runs
      result.testsRanOn = "the near miss (\(first.mutant.change))"
    } else {
      result.tests = runs
      result.testsRanOn = "the code"
    }
  }

  /// A test's run with every place in it counted in the test's own lines,
  /// not the paste's (the code's `codeLines` come first): its assertions',
  /// and the `line N` its crash, runtime error and releases name.
  static func placedInTest(_ run: TestCaseRun, afterCodeLines codeLines: Int) -> TestCaseRun {
    func shifted(_ text: String) -> String {
      text.replacing(#/line (\d+)([:,])/#) { match in
        guard let line = Int(match.1), line > codeLines else { return String(match.0) }
        return "line \(line - codeLines)\(match.2)"
      }
    }
    var run = run
    for index in run.result.assertions.indices where run.result.assertions[index].line > codeLines {
      run.result.assertions[index].line -= codeLines
    }
    run.crash = run.crash.map(shifted)
    for index in run.result.releases.indices {
      run.result.releases[index].statement = shifted(run.result.releases[index].statement)
    }
    if case .runtimeError(var error) = run.result.stop {
      error.stage = shifted(error.stage)
      run.result.stop = .runtimeError(error)
    }
    return run
  }

  /// `Test Case 'T.testPause' failed: line 4: XCTAssertEqual failed: ("[]") is not equal to ("["sw"]")`.
  static func failure(of run: TestCaseRun) -> String {
    let heading = "Test Case '\(run.className).\(run.methodName)' failed"
    if let crash = run.crash { return heading + ": \(crash)" }
    guard let assertion = run.result.assertions.first(where: { !$0.passed }) else { return heading }
    // XCTest ends a message with ` - ` and the assertion's own message, which may be empty.
    var message = assertion.message ?? assertion.source
    if message.hasSuffix(" - ") { message.removeLast(3) }
    return heading + ": line \(assertion.line) at \(assertion.time): " + message
  }
}
