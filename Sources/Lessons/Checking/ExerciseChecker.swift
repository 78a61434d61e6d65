import StreamCore
import StreamLang

/// Decides whether an answer solves an exercise: runs the exercise's givens and
/// the answer as one program, compares the answer's output with the expected
/// output, and enforces `require:` and `forbid:`.
public struct ExerciseChecker {
  public let runner: ProgramRunning
  /// Runs a wrong answer again with its causes recorded, to say why it sent
  /// what it sent where it first differs (`CheckResult.differenceCause`).
  /// Mutation testing, which needs only verdicts, turns it off.
  public var explainsDifferences = true

  public init(runner: ProgramRunning) {
    self.runner = runner
  }

  /// The expected output's comparable events: from `expect:` when written,
  /// otherwise computed by running the givens and `solution:`. Empty when
  /// `expect:` names only lifetimes.
  public func expectedEvents(for exercise: Exercise) -> Result<[TimelineEvent], ExpectationFailure> {
    expected(for: exercise).map { $0.events ?? [] }
  }

  /// What an answer must do: its output's events (nil when `expect:` names
  /// only lifetimes, so any output will do) and how the objects that hold
  /// its subscriptions must end (issue 30).
  public struct Expected {
    public var events: [TimelineEvent]?
    public var lifetimes: [LifetimeExpectation]
  }

  /// `expectedEvents`, with the lifetimes: those `expect:` names, or with no
  /// `expect:` each release and leak of the solution's run.
  public func expected(for exercise: Exercise) -> Result<Expected, ExpectationFailure> {
    if exercise.asksForATest { return .failure(.testExercise) }
    if let expect = exercise.expect {
      let (eventsText, lifetimes) = LifetimeExpectation.split(expect.text)
      guard let eventsText else { return .success(Expected(events: nil, lifetimes: lifetimes)) }
      return ExpectedOutput.events(of: eventsText, comparison: exercise.comparison, runner: runner).map {
        Expected(events: $0, lifetimes: lifetimes)
      }
    }
    guard let solution = exercise.solution else { return .failure(.nothingToCompare) }
    if isSwift(solution.text) {
      switch run(answer: solution.text, for: exercise) {
      case .invalid(let problem, _):
        return .failure(.swiftSolutionInvalid(problem.description))
      case .ran(let run, let program):
        return expected(from: run, in: program)
      }
    }
    let program = ExerciseProgram(givens: exercise.givens, answer: solution.text)
    switch runner.run(program.text) {
    case .invalid(let problems):
      return .failure(.programInvalid(problems))
    case .ran(let run):
      return expected(from: run, in: program)
    }
  }

  /// What the solution's run did, as what an answer must do.
  private func expected(from run: ProgramRun, in program: ExerciseProgram) -> Result<Expected, ExpectationFailure> {
    if case .runtimeError(let error) = run.result.stop { return .failure(.runtimeError(error)) }
    guard let output = run.lastOutput(startingIn: program.answerRange) else {
      return .failure(.noOutput(.solution))
    }
    return .success(
      Expected(
        events: ExpectedOutput.comparable(output.events),
        lifetimes: run.result.lifetimes.compactMap(LifetimeExpectation.init)))
  }

  /// Checks `answer` (the student's text) against the exercise. `known`:
  /// the exercise's expected output, when the caller has worked it out
  /// already (grading a class runs each solution once, not once per student).
  public func check(
    _ exercise: Exercise, answer: String, expected known: Result<Expected, ExpectationFailure>? = nil
  ) -> CheckResult {
    let trimmed = Substring(answer).trimmingWhitespace()
    var result = CheckResult(exercise: exercise.number, answer: trimmed, problems: [])
    guard !trimmed.isEmpty else {
      result.problems = [.noAnswer]
      return result
    }
    if exercise.asksForATest {
      checkTest(exercise, answer: String(trimmed), into: &result)
      return result
    }
    let expected: Expected
    switch known ?? self.expected(for: exercise) {
    case .failure(let failure):
      result.problems = [.lessonError(failure.description)]
      return result
    case .success(let found):
      expected = found
      result.expected = found.events ?? []
    }
    switch run(answer: String(trimmed), for: exercise) {
    case .invalid(let problem, let program):
      result.program = program
      result.problems = [problem]
    case .ran(let run, let program):
      result.program = program.text
      result.problems = judge(run, in: program, against: expected, exercise: exercise, result: &result)
    }
    return result
  }

  /// How an answer ran after the exercise's givens: the run and the program
  /// it ran as, or why it could not run.
  enum AnswerRun {
    case ran(ProgramRun, ExerciseProgram)
    /// With the program it was to run as, when it got that far.
    case invalid(CheckResult.Problem, program: String?)
  }

  /// Runs `answer` after the givens. A Swift answer runs on the Swift
  /// interpreter (with the givens as its publishers) or as the program it
  /// becomes, so `require:` and `forbid:` judge the operators the Swift
  /// uses; its errors point into the Swift.
  func run(answer: String, for exercise: Exercise) -> AnswerRun {
    var answerProgram = answer
    var pointingIntoSwift: ((Diagnostic) -> Diagnostic)?
    if let reader = runner.swiftAnswers, reader.looksLikeSwift(answerProgram) {
      let givenNames = exercise.givens.flatMap { Parser.parse($0.text).program.boundNames }
      let givens = exercise.givens.map(\.text).joined(separator: "\n")
      switch reader.read(answerProgram, givens: givens, boundNames: givenNames) {
      case .refused(let diagnostic):
        return .invalid(.answerInvalid([diagnostic]), program: nil)
      case .program(let program, let pointing):
        pointingIntoSwift = pointing
        answerProgram = program
      case .ran(let ranResult, let offsets, let operators):
        // The answer ran as Swift: its rows are the answer's.
        let run = ProgramRun(
          result: ranResult, subscriptionOffsets: offsets,
          operators: operators.map { OperatorUse(canonicalName: OperatorNames.canonical($0.name), offset: $0.offset) })
        return .ran(run, ExerciseProgram(givens: [], answer: answerProgram))
      }
    }
    let program = ExerciseProgram(givens: exercise.givens, answer: answerProgram)
    switch runner.run(program.text) {
    case .invalid(let problems):
      var problem = classify(problems, in: program, pointingIntoSwift: pointingIntoSwift)
      if pointingIntoSwift == nil, case .answerInvalid(let inAnswer) = problem, let reader = runner.swiftAnswers {
        problem = .answerInvalid(reader.hinted(inAnswer, in: answerProgram))
      }
      return .invalid(problem, program: program.text)
    case .ran(let run):
      return .ran(run, program)
    }
  }

  /// True when `solution` is Swift: it runs as a Swift answer does.
  func isSwift(_ text: String) -> Bool { runner.swiftAnswers?.looksLikeSwift(text) == true }

  private func judge(
    _ run: ProgramRun, in program: ExerciseProgram, against expected: Expected, exercise: Exercise,
    result: inout CheckResult
  ) -> [CheckResult.Problem] {
    var problems: [CheckResult.Problem] = []
    let answerRange = program.answerRange
    let output = run.lastOutput(startingIn: answerRange)
    result.actual = output
    result.actualStop = run.result.stop
    result.actualEndTime = run.result.endTime
    result.log = run.result.log
    if case .runtimeError(let error) = run.result.stop {
      problems.append(.runtimeError(error))
    } else if let output {
      if let events = expected.events,
        let difference = OutputDifference.first(
          expected: events, actual: Array(output.events), comparison: exercise.comparison)
      {
        problems.append(.mismatch(difference))
        // The same program again with its causes: why the answer sent what it sent there.
        if explainsDifferences, case .ran(let traced) = runner.runTracingCauses(program.text) {
          result.differenceCause = DifferenceCause.sentence(difference, output: output.pipeline, in: traced.result)
        }
      }
      if let difference = LifetimeExpectation.firstDifference(
        expected: expected.lifetimes, actual: run.result.lifetimes)
      {
        problems.append(.lifetimeMismatch(difference))
      }
    } else {
      problems.append(.noOutput)
    }
    // Operator rules matter once the answer shows something; before that they are noise.
    guard
      problems.isEmpty
        || problems.allSatisfy({
          switch $0 {
          case .mismatch, .lifetimeMismatch: true
          default: false
          }
        })
    else {
      return problems
    }
    if let expectedType = exercise.expectedType, let output,
      let type = run.result.stageTypes.indices.contains(output.pipeline)
        ? run.result.stageTypes[output.pipeline].last : nil,
      !expectedType.matches(output: type.output, failure: type.failure)
    {
      problems.append(.wrongType(expected: expectedType.text, actual: type.text))
    }
    let used = Set(run.operators.filter { answerRange.contains($0.offset) }.map(\.canonicalName))
    for rule in exercise.required where !used.contains(OperatorNames.canonical(rule.name)) {
      problems.append(.missingOperator(rule.name))
    }
    for rule in exercise.forbidden where used.contains(OperatorNames.canonical(rule.name)) {
      problems.append(.forbiddenOperator(rule.name))
    }
    return problems
  }

  /// A problem in the answer is moved to its place in the answer's text
  /// (into the Swift, for a Swift answer); one in a given is the lesson's.
  private func classify(
    _ problems: [Diagnostic], in program: ExerciseProgram, pointingIntoSwift: ((Diagnostic) -> Diagnostic)?
  ) -> CheckResult.Problem {
    var inAnswer: [Diagnostic] = []
    for problem in problems {
      guard let place = program.locate(problem.range.start) else { continue }
      if place.part != .answer {
        return .lessonError("a given does not run: \(problem)")
      }
      var shifted = problem
      shifted.range = SourceRange(
        start: place.offset, end: place.offset + max(0, problem.range.end - problem.range.start))
      inAnswer.append(pointingIntoSwift?(shifted) ?? shifted)
    }
    return .answerInvalid(inAnswer.isEmpty ? problems : inAnswer)
  }
}

/// Why the expected output of an exercise could not be computed.
public enum ExpectationFailure: Error, CustomStringConvertible {
  /// Which field was supposed to produce the expected output.
  public enum Source: String {
    case expect = "`expect:`"
    case solution = "`solution:`"
  }

  /// `expect:` does not parse; offsets are into the expect's own text.
  case expectInvalid([Diagnostic])
  /// The givens with `solution:` do not parse.
  case programInvalid([Diagnostic])
  case runtimeError(RuntimeError)
  /// A `solution:` in Swift does not read or run: why, in words.
  case swiftSolutionInvalid(String)
  case noOutput(Source)
  case nothingToCompare
  /// A test exercise (`code:`) expects no output: its answer is a test.
  case testExercise
  /// A `near-miss:` line names no near miss of `code:`: what it says, and those there are.
  case unknownNearMiss(String, known: [String])

  public var description: String {
    switch self {
    case .expectInvalid(let problems):
      return "`expect:` does not parse: " + (problems.first?.description ?? "invalid")
    case .programInvalid(let problems):
      return "the givens and `solution:` do not parse: " + (problems.first?.description ?? "invalid")
    case .runtimeError(let error):
      return "the solution stops with \(error)"
    case .swiftSolutionInvalid(let problem):
      return "the Swift `solution:` does not run: \(problem)"
    case .noOutput(let source):
      return "\(source.rawValue) subscribes to nothing"
    case .nothingToCompare:
      return "the exercise has neither `expect:` nor `solution:`"
    case .testExercise:
      return "the answer is a test of `code:`, which must pass on it and fail on its near misses"
    case .unknownNearMiss(let written, let known):
      return "`near-miss: \(written)` names no near miss of `code:`; its near misses are: "
        + (known.isEmpty ? "none" : known.joined(separator: "; "))
    }
  }
}
