/// The teacher's check of a lesson (`streamlab lesson verify`): every solution
/// passes its expect, an empty answer and one that emits nothing both fail, no
/// near miss of a solution passes while computing something else
/// (`MutationCheck`), every exercise keeps at least two hints in the student
/// copy (LessonVerifier+Hints.swift), and every demo parses and runs.
public struct LessonVerifier {
  public let checker: ExerciseChecker
  /// The commands the lesson prompt accepts, with their colons: StreamLab's
  /// `LessonPrompt.commandNames`, which `streamlab lesson verify` passes.
  /// Lessons cannot see the playground's commands, so without the list (nil)
  /// the prose's commands are not checked.
  public let promptCommands: [String]?

  public init(checker: ExerciseChecker, promptCommands: [String]? = nil) {
    self.checker = checker
    self.promptCommands = promptCommands
  }

  /// One entry per exercise and per demo, as a `GradeReport` whose student is the file itself.
  public func verify(_ file: LessonFile) -> GradeReport {
    var entries: [GradeEntry] = []
    for exercise in file.exercises {
      var problems: [String] = []
      if let solution = exercise.solution {
        let result = checker.check(exercise, answer: solution.text)
        if !result.passed { problems.append("the solution does not pass: \(result.summary)") }
      }
      if checker.check(exercise, answer: "").passed { problems.append("the empty answer passes") }
      if checker.check(exercise, answer: "never").passed {
        problems.append("an answer that emits nothing (`never`) passes; the expected output needs an event")
      }
      if problems.isEmpty, exercise.asksForATest { problems += testExerciseProblems(exercise) }
      // Near misses only mean something beside a solution that passes.
      if problems.isEmpty { problems += MutationCheck(checker: checker).survivorProblems(for: exercise) }
      if let hintProblem = hintProblem(for: exercise) { problems.append(hintProblem) }
      if problems.isEmpty, let variantProblem = hiddenVariantProblem(for: exercise) { problems.append(variantProblem) }
      entries.append(
        GradeEntry(
          student: file.fileName, exercise: exercise.number, title: exercise.title, passed: problems.isEmpty,
          message: problems.isEmpty ? "passed" : problems.joined(separator: "; ")))
    }
    for (index, demo) in file.demos.enumerated() {
      var message = "passed"
      if case .invalid(let problems) = checker.runner.run(demo.text) {
        message = "line \(demo.start.line): " + (problems.first?.description ?? "does not run")
      }
      entries.append(
        GradeEntry(
          student: file.fileName, exercise: file.exercises.count + index + 1, title: "demo: \(demo.text)",
          passed: message == "passed", message: message))
    }
    // What the lesson's words promise: LessonVerifier+Text.swift.
    entries += textEntries(file, numberedAfter: entries.count)
    return GradeReport(lesson: file.fileName, entries: entries)
  }

  /// A test exercise needs near misses to catch, or any test that passes
  /// passes. (A `near-miss:` line the solution's test lets pass makes the
  /// solution itself fail its check, which says so first.)
  private func testExerciseProblems(_ exercise: Exercise) -> [String] {
    guard case .success(let nearMisses) = checker.nearMissesToCatch(exercise), nearMisses.isEmpty else { return [] }
    return [
      "the solution's test catches no near miss of `code:`, so any test that passes on the code passes the exercise"
    ]
  }

  /// `hidden: N` needs N variants besides the one a student is shown, each
  /// solvable and keeping every near miss the shown givens catch failing
  /// (`VariantPool` keeps only those): fewer, and some students would be
  /// graded on fewer hidden variants than the lesson says.
  func hiddenVariantProblem(for exercise: Exercise) -> String? {
    guard exercise.hiddenVariants > 0 else { return nil }
    let usable = VariantPool(checker: checker).variants(of: exercise).count
    guard usable < exercise.hiddenVariants + 1 else { return nil }
    return "`hidden: \(exercise.hiddenVariants)` needs \(exercise.hiddenVariants + 1) variants of the givens that the "
      + "solution solves and its near misses still fail on (one shown, the rest hidden); \(usable) found. "
      + "Give the givens more events, or ask for fewer"
  }
}
