import StreamCore

/// Checks the programs inside a parsed lesson file: every given, `expect:`,
/// `solution:` and demo must parse, the operators named by `require:` and
/// `forbid:` must exist, and each error is placed at its line and column in the file.
public struct LessonValidator {
  public let runner: ProgramRunning

  public init(runner: ProgramRunning) {
    self.runner = runner
  }

  public func validate(_ file: LessonFile) -> [LessonError] {
    var errors: [LessonError] = []
    func report(_ position: FilePosition, _ message: String) {
      errors.append(LessonError(fileName: file.fileName, position: position, message: message))
    }
    for demo in file.demos {
      if case .invalid(let problems) = runner.run(demo.text) {
        for problem in problems { report(demo.position(atOffset: problem.range.start), "demo: \(problem.description)") }
      }
    }
    for exercise in file.exercises {
      validateProgram(of: exercise, report: report)
      // Lifetime items (`2500ms:deinit vm`, `leak: vm`) are not events; the rest must run.
      if let expect = exercise.expect, let events = LifetimeExpectation.split(expect.text).events {
        switch ExpectedOutput.events(of: events, comparison: exercise.comparison, runner: runner) {
        case .failure(.expectInvalid(let problems)):
          for problem in problems {
            report(expect.position(atOffset: problem.range.start), "`expect:` \(problem.description)")
          }
        case .failure(let failure):
          report(expect.start, failure.description)
        case .success:
          break
        }
      }
      for rule in exercise.required + exercise.forbidden {
        if let message = OperatorNames.problem(with: rule.name) { report(rule.position, message) }
      }
    }
    return errors
  }

  /// Runs the givens with the solution (or alone) and places their errors.
  private func validateProgram(of exercise: Exercise, report: (FilePosition, String) -> Void) {
    if let code = exercise.code { return validateTest(of: exercise, code: code, report: report) }
    guard !exercise.givens.isEmpty || exercise.solution != nil else { return }
    let checker = ExerciseChecker(runner: runner)
    if let solution = exercise.solution, checker.isSwift(solution.text) {
      // A Swift solution runs as a Swift answer does, after the givens checked alone.
      var givens = exercise
      givens.solution = nil
      validateProgram(of: givens, report: report)
      switch checker.run(answer: solution.text, for: exercise) {
      case .invalid(.answerInvalid(let problems), _):
        for problem in problems {
          report(solution.position(atOffset: problem.range.start), "`solution:` \(problem.description)")
        }
      case .invalid(let problem, _):
        report(solution.start, "`solution:` \(problem)")
      case .ran(let run, let program):
        if case .runtimeError(let error) = run.result.stop {
          report(solution.start, "`solution:` stops with \(error)")
        } else if run.lastOutput(startingIn: program.answerRange) == nil {
          report(solution.start, "`solution:` subscribes to nothing; expected a `sink` or an `assign`")
        }
      }
      return
    }
    let program = ExerciseProgram(givens: exercise.givens, answer: exercise.solution?.text)
    switch runner.run(program.text) {
    case .invalid(let problems):
      for problem in problems {
        guard let place = program.locate(problem.range.start) else { continue }
        switch place.part {
        case .given(let index):
          report(exercise.givens[index].position(atOffset: place.offset), "`given:` \(problem.description)")
        case .answer:
          if let solution = exercise.solution {
            report(solution.position(atOffset: place.offset), "`solution:` \(problem.description)")
          }
        }
      }
    case .ran(let run):
      guard let solution = exercise.solution else { return }
      if case .runtimeError(let error) = run.result.stop {
        report(solution.start, "`solution:` stops with \(error)")
      } else if run.lastOutput(startingIn: program.answerRange) == nil {
        report(solution.start, "`solution:` subscribes to nothing; expected a pipeline after the `let`s")
      }
    }
  }

  /// A test exercise's `code:` must be Swift, its solution a test that
  /// passes on it, and each `near-miss:` one of the code's near misses.
  private func validateTest(of exercise: Exercise, code: FieldText, report: (FilePosition, String) -> Void) {
    let checker = ExerciseChecker(runner: runner)
    guard checker.isSwift(code.text) else {
      return report(code.start, "`code:` is the Swift a test exercise's answer tests; this does not read as Swift")
    }
    if let solution = exercise.solution {
      switch checker.runTests(solution.text, on: code.text) {
      case .invalid(.answerInvalid(let problems)):
        for problem in problems {
          report(solution.position(atOffset: problem.range.start), "`solution:` \(problem.description)")
        }
      case .invalid(.lessonError(let message)):
        report(code.start, message)
      case .invalid(let problem):
        report(solution.start, "`solution:` \(problem)")
      case .tested(let runs):
        if let failing = runs.first(where: { !$0.passed }) {
          report(solution.start, "`solution:` fails on `code:`: \(ExerciseChecker.failure(of: failing))")
        }
      }
    }
    // Only written names are looked up (no test runs then): loading a lesson stays quick.
    if !exercise.nearMisses.isEmpty,
      case .failure(.unknownNearMiss(let written, let known)) = checker.nearMissesToCatch(exercise),
      let line = exercise.nearMisses.first(where: { $0.text == written })
    {
      report(line.start, ExpectationFailure.unknownNearMiss(written, known: known).description)
    }
  }
}

/// Reads a lesson file completely: its structure, then its programs.
public struct LessonLoader {
  public let runner: ProgramRunning

  public init(runner: ProgramRunning) {
    self.runner = runner
  }

  /// The lesson, or every error found in it, sorted by position.
  public func load(_ text: String, fileName: String) -> Result<LessonFile, LessonErrors> {
    let (file, structural) = LessonParser(mode: .lesson).parse(text, fileName: fileName)
    let errors = structural + LessonValidator(runner: runner).validate(file)
    return errors.isEmpty ? .success(file) : .failure(LessonErrors(errors))
  }
}
