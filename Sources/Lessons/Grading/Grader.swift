import Marbles
import StreamCore

/// Grades students' lesson files against the teacher's lesson: each answer is
/// checked with the TEACHER's givens, expect and solution, never the student's.
/// A copy made for a student (`variant: SEED`) is graded on the teacher's
/// lesson made into that variant again; an exercise with `hidden: N` also on
/// N variants the student never saw.
public struct Grader {
  public let checker: ExerciseChecker
  /// Each exercise's usable variants, worked out once for every submission.
  public let variants: VariantPool
  /// Turns a failed check into plain-text details (diagrams, caret); no colour.
  public let details: (CheckResult, Exercise) -> String

  public init(checker: ExerciseChecker, details: @escaping (CheckResult, Exercise) -> String = { _, _ in "" }) {
    self.checker = checker
    self.details = details
    self.variants = VariantPool(checker: checker)
  }

  /// One entry per submission and exercise of `lesson`, in order.
  public func grade(_ lesson: LessonFile, submissions: [Submission]) -> GradeReport {
    var entries: [GradeEntry] = []
    grade(lesson, count: submissions.count, submission: { submissions[$0] }) { entries += $0 }
    return GradeReport(lesson: lesson.fileName, entries: entries)
  }

  /// How many submissions are read and graded at once: enough to keep every
  /// core busy, few enough that a class of 10,000 is never in memory.
  static let batchSize = 64

  /// Grades `count` submissions on every core (issue 34): `submission(i)`
  /// reads the i-th when its batch comes, and `each` gets each one's entries
  /// in order, so a report can be written as the class is graded. Each
  /// exercise's expected output is worked out once for the whole class.
  public func grade(
    _ lesson: LessonFile, count: Int, submission: (Int) -> Submission, each: ([GradeEntry]) -> Void
  ) {
    let memo = CheckMemo()
    var start = 0
    while start < count {
      let batch = (start..<min(start + Self.batchSize, count)).map(submission)
      let graded = ParallelMap.map(batch) { grade(lesson, $0, memo: memo) }
      graded.forEach(each)
      start += batch.count
    }
  }

  /// The lesson's own `answer:` lines checked (what `--check` reports).
  public func check(_ lesson: LessonFile) -> GradeReport {
    grade(lesson, submissions: [Submission(name: lesson.fileName, text: lesson.text)])
  }

  /// `memo`: the checks and expected outputs already worked out for the class.
  private func grade(_ lesson: LessonFile, _ submission: Submission, memo: CheckMemo) -> [GradeEntry] {
    /// The check of `answer`, run once per class for each distinct answer.
    func check(_ exercise: Exercise, _ answer: String) -> CheckMemo.Checked {
      memo.checked(exercise, answer: answer) {
        let expected = memo.expected(exercise) { checker.expected(for: exercise) }
        let result = checker.check(exercise, answer: answer, expected: expected)
        return CheckMemo.Checked(result: result, details: result.passed ? "" : details(result, exercise))
      }
    }
    func entry(_ exercise: Exercise, passed: Bool, message: String, expected: [TimelineEvent]?) -> GradeEntry {
      var entry = GradeEntry(
        student: submission.name, exercise: exercise.number, title: exercise.title, passed: passed,
        message: message, points: exercise.points)
      entry.testCode = exercise.testCode(expected: expected)
      return entry
    }
    // No answer of a file that cannot be read or parsed is checked: each is
    // an error, not a failed check (JUnit's <error>, Exercism's "error").
    func errorAll(_ reason: String) -> [GradeEntry] {
      lesson.exercises.map {
        let exercise = $0
        let events = try? memo.expected(exercise) { checker.expected(for: exercise) }.get().events
        var entry = entry($0, passed: false, message: reason, expected: events)
        entry.isError = true
        return entry
      }
    }
    guard let text = submission.text else {
      return errorAll("cannot read the submission: \(submission.readError ?? "unknown error")")
    }
    let (file, errors) = LessonParser(mode: .submission).parse(text, fileName: submission.name)
    if let first = errors.first {
      let more = errors.count > 1 ? " (and \(errors.count - 1) more)" : ""
      return errorAll("the submission does not parse: \(first)\(more)")
    }
    // A student's own variant, made again from the teacher's lesson (a
    // lesson checked with its own answers is that variant already).
    var graded = lesson
    if let seed = file.variant, lesson.variant == nil {
      switch LessonVariant.text(of: lesson, seed: seed, pool: variants) {
      case .failure(let errors):
        return errorAll("the submission's variant `\(seed)` cannot be made: \(errors)")
      case .success(let text):
        graded = LessonParser().parse(text, fileName: lesson.fileName).file
      }
    }
    return zip(lesson.exercises, graded.exercises).map { teachers, exercise in
      let answer = Self.answer(to: exercise, in: file, lesson: graded)
      let answered = check(exercise, answer)
      let result = answered.result
      var checked = entry(exercise, passed: result.passed, message: result.summary, expected: result.expected)
      checked.details = answered.details
      checked.output = LogText.entries(result.log).joined(separator: "\n")
      checked.variant = file.variant
      if result.passed,
        let (missed, variant) = variants.firstHiddenFailure(
          of: teachers, seed: file.variant ?? "", check: { check($0, answer) }, passed: \.result.passed)
      {
        checked.passed = false
        checked.message =
          "passes on the givens shown, but not on a variant of them it was not shown (\(variant.change)): \(missed.result.summary)"
        checked.details = missed.details
      }
      return checked
    }
  }

  /// The student's answer to a teacher's exercise: the exercise with the same
  /// title, or failing that the one at the same position when the student's
  /// file has as many exercises as the lesson.
  static func answer(to exercise: Exercise, in submission: LessonFile, lesson: LessonFile) -> String {
    if let match = submission.exercises.first(where: { $0.title == exercise.title }) { return match.answerText }
    guard submission.exercises.count == lesson.exercises.count else { return "" }
    return submission.exercises[exercise.number - 1].answerText
  }
}
