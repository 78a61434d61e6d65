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
    var output = ""
    var outcome = grade(
      text, fileName: fileName, students: submissions.map(\.name), format: format, read: { submissions[$0] }
    ) { output += $0 }
    outcome.standardOutput = output + outcome.standardOutput
    return outcome
  }

  /// The same for a class of any size: the i-th submission read (`read(i)`)
  /// when its turn comes, on every core, and the report handed to `write` as
  /// each is graded (issue 34); what is left to say and the exit status.
  public func grade(
    _ text: String, fileName: String, students: [String], format: ReportFormat, read: (Int) -> Submission,
    write: @escaping (String) -> Void
  ) -> ToolOutcome {
    switch load(text, fileName: fileName) {
    case .failure(let outcome):
      return outcome
    case .success(let file):
      var writer = ReportWriter(
        format: format, lesson: file.fileName, students: students, exercises: file.exercises, write: write)
      grader.grade(file, count: students.count, submission: read) { writer.add($0) }
      writer.finish()
      return ToolOutcome(exitCode: writer.totals.failed == 0 ? 0 : 1)
    }
  }

  /// The lesson's text as the variant `seed` makes it (issue 34), or the
  /// outcome that reports why not (exit 2).
  public func variant(_ text: String, fileName: String, seed: String) -> Result<String, ToolOutcome> {
    switch load(text, fileName: fileName) {
    case .failure(let outcome):
      return .failure(outcome)
    case .success(let file):
      return LessonVariant.text(of: file, seed: seed, pool: grader.variants).mapError { errors in
        ToolOutcome(
          standardError: errors.errors.map { $0.rendered(in: text) }.joined(separator: "\n") + "\n", exitCode: 2)
      }
    }
  }

  /// `streamlab lesson verify FILE…`: each file's errors, or its verification lines.
  /// With several files, a last line totals them, so CI's closing line counts every check.
  /// With `variant`, each file is verified as that student's variant of it.
  public func verify(_ files: [(fileName: String, text: String)], variant seed: String? = nil) -> ToolOutcome {
    var total = ToolOutcome()
    var passed = 0
    var failed = 0
    for (fileName, original) in files {
      var text = original
      if let seed {
        switch variant(original, fileName: fileName, seed: seed) {
        case .failure(let outcome):
          total.merge(outcome)
          continue
        case .success(let varied): text = varied
        }
      }
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
  /// - Parameter variant: the student's seed: the copy's givens are that
  ///   student's variant, its expects computed on them (`--variant`).
  public func studentCopy(
    _ original: String, fileName: String, keepSolutionHints: Bool = false, variant seed: String? = nil
  )
    -> ToolOutcome
  {
    var text = original
    if let seed {
      switch variant(original, fileName: fileName, seed: seed) {
      case .failure(let outcome): return outcome
      case .success(let varied): text = varied
      }
    }
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

extension LessonTools {
  /// `streamlab lesson report LESSON --answers …`: the class at a glance
  /// (issue 34), each exercise's answers grouped by behaviour.
  public func classReport(_ text: String, fileName: String, submissions: [Submission], format: ClassReportFormat)
    -> ToolOutcome
  {
    switch load(text, fileName: fileName) {
    case .failure(let outcome):
      return outcome
    case .success(let file):
      let report = ClassReport.make(file, submissions: submissions, checker: checker, feedback: feedback)
      return ToolOutcome(standardOutput: format.render(report))
    }
  }
}
