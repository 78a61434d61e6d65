import Lessons

/// The hints a student may ask for, one at a time: those of the student
/// copy (`streamlab lesson student`), where a hint that is only `Type: <the
/// solution>` is left out and one with help before its `Type:` keeps the
/// help; every hint as written when the server was started with `--keep-solutions`.
struct LessonHints: Sendable {
  let keepSolutions: Bool

  func of(_ exercise: Exercise) -> [String] {
    keepSolutions ? exercise.hints : SolutionHint.studentHints(of: exercise)
  }
}
