extension LessonVerifier {
  /// How many hints every exercise must keep in the student copy
  /// (LESSONS.md: "at least two hints each").
  static let minimumStudentHints = 2

  /// Why `exercise` leaves a class too little help, or nil. Hints are counted
  /// as the student copy keeps them: a `Type: <solution>` hint is left out
  /// there, so it does not count, or most exercises would get one real hint.
  func hintProblem(for exercise: Exercise) -> String? {
    let kept = SolutionHint.studentHints(of: exercise).count
    guard kept < Self.minimumStudentHints else { return nil }
    let counted = kept == 1 ? "1 hint" : "\(kept) hints"
    return
      "line \(exercise.line): exercise \"\(exercise.title)\" keeps \(counted) in the student copy"
      + " (a `Type: <solution>` hint is left out there); write at least \(Self.minimumStudentHints)"
      + " that help without giving the solution away"
  }
}
