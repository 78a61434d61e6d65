/// The non-interactive lesson commands as pure functions of file texts:
/// `run --check`, `run --answers`, `lesson verify`, `lesson student`. The
/// executable reads the files, calls these and prints the outcome.
public struct LessonTools {
  public let runner: ProgramRunning
  /// Draws diagrams for failure details; plain text, never colour.
  public let feedback: CheckFeedback
  /// The commands the lesson prompt accepts, which `verify` checks the prose
  /// against; nil leaves the prose unchecked (see `LessonVerifier.promptCommands`).
  public let promptCommands: [String]?

  public init(
    runner: ProgramRunning, feedback: CheckFeedback,
    promptCommands: [String]? = nil
  ) {
    self.runner = runner
    self.feedback = feedback
    self.promptCommands = promptCommands
  }

  private var checker: ExerciseChecker { ExerciseChecker(runner: runner) }

  private var grader: Grader {
    let feedback = self.feedback
    return Grader(checker: checker, details: { result, _ in feedback.render(result) })
  }

  /// Loads a teacher's lesson, or the outcome that reports its errors (exit 2).
  public func load(_ text: String, fileName: String) -> Result<LessonFile, ToolOutcome> {
    switch LessonLoader(runner: runner).load(text, fileName: fileName) {
    case .success(let file):
      return .success(file)
    case .failure(let errors):
      return .failure(ToolOutcome(standardError: errors.rendered(in: text) + "\n", exitCode: 2))
    }
  }

  /// `streamlab run FILE --check`: the file's own `answer:` lines.
  public func check(_ text: String, fileName: String, format: ReportFormat = .text) -> ToolOutcome {
    switch load(text, fileName: fileName) {
    case .failure(let outcome):
      return outcome
    case .success(let file):
      return outcome(of: grader.check(file), format: format)
    }
  }

  /// `streamlab run LESSON --answers a.txt b.txt …`: each submission against the teacher's lesson.
  public func grade(_ text: String, fileName: String, submissions: [Submission], format: ReportFormat)
    -> ToolOutcome
  {
    switch load(text, fileName: fileName) {
    case .failure(let outcome):
      return outcome
    case .success(let file):
      return outcome(of: grader.grade(file, submissions: submissions), format: format)
    }
  }

  /// `streamlab lesson verify FILE…`: each file's errors, or its verification lines.
  /// With several files, a last line totals them, so CI's closing line counts every check.
  public func verify(_ files: [(fileName: String, text: String)]) -> ToolOutcome {
    var total = ToolOutcome()
    var passed = 0
    var failed = 0
    for (fileName, text) in files {
      switch load(text, fileName: fileName) {
      case .failure(let outcome):
        total.merge(outcome)
      case .success(let file):
        let report = LessonVerifier(checker: checker, promptCommands: promptCommands).verify(file)
        var lines = report.entries.map { entry in
          (entry.passed ? "ok    " : "FAIL  ") + "\(fileName): \(entry.heading)"
            + (entry.passed ? "" : ": \(entry.message)")
        }
        lines.append("\(fileName): \(report.passedCount) passed, \(report.failedCount) failed")
        passed += report.passedCount
        failed += report.failedCount
        total.merge(
          ToolOutcome(standardOutput: lines.joined(separator: "\n") + "\n", exitCode: report.allPassed ? 0 : 1))
      }
    }
    if files.count > 1 {
      total.merge(ToolOutcome(standardOutput: "lessons: \(passed) passed, \(failed) failed\n"))
    }
    return total
  }

  /// `streamlab lesson student FILE`: the student copy on standard output.
  /// - Parameter keepSolutionHints: keep the hints that give the solution away (`--keep-solutions`).
  public func studentCopy(_ text: String, fileName: String, keepSolutionHints: Bool = false) -> ToolOutcome {
    switch load(text, fileName: fileName) {
    case .failure(let outcome):
      return outcome
    case .success(let file):
      switch StudentCopy.make(file, checker: checker, keepSolutionHints: keepSolutionHints) {
      case .success(let copy):
        return ToolOutcome(standardOutput: copy)
      case .failure(let errors):
        return ToolOutcome(
          standardError: errors.rendered(in: text) + "\n", exitCode: 2)
      }
    }
  }

  private func outcome(of report: GradeReport, format: ReportFormat) -> ToolOutcome {
    ToolOutcome(standardOutput: format.render(report), exitCode: report.allPassed ? 0 : 1)
  }
}
