/// Makes the copy of a lesson that students receive: every exercise's
/// `expect:` written out (computed from its solution when the teacher wrote
/// none; for a test exercise, the `near-miss:` lines its solution's test
/// catches), solutions removed, hints that give the solution away (`Type: …`)
/// left out unless `keepSolutionHints`, and answers emptied. Every other byte
/// stays as the teacher wrote it.
public enum StudentCopy {
  public static func make(_ file: LessonFile, checker: ExerciseChecker, keepSolutionHints: Bool = false) -> Result<
    String, LessonErrors
  > {
    var edits: [FileEdit] = []
    var errors: [LessonError] = []
    let newline = FileEdit.lineEnding(of: file.text)
    let bytes = Array(file.text.utf8)
    for exercise in file.exercises {
      if let lines = exercise.solutionLines {
        var replacement = ""
        let endsLine =
          lines.upperBound > 0 && lines.upperBound <= bytes.count && bytes[lines.upperBound - 1] == UInt8(ascii: "\n")
        if exercise.asksForATest, exercise.nearMisses.isEmpty {
          // The near misses the solution's test catches replace it, so the student's copy checks the same.
          switch checker.nearMissesToCatch(exercise) {
          case .success(let nearMisses):
            replacement =
              nearMisses.map { "near-miss: " + $0.change }.joined(separator: newline)
              + (endsLine && !nearMisses.isEmpty ? newline : "")
          case .failure(let failure):
            let position = exercise.solution?.start ?? FilePosition(line: exercise.line, column: 1)
            errors.append(
              LessonError(
                fileName: file.fileName, position: position,
                message: "cannot work out the near misses the solution's test catches: \(failure)"))
          }
        } else if exercise.expect == nil, !exercise.asksForATest {
          switch expectText(for: exercise, checker: checker) {
          case .success(let text):
            replacement = "expect: " + text + (endsLine ? newline : "")
          case .failure(let problem):
            let position = exercise.solution?.start ?? FilePosition(line: exercise.line, column: 1)
            errors.append(LessonError(fileName: file.fileName, position: position, message: problem.message))
          }
        }
        edits.append(FileEdit(range: lines, replacement: replacement))
      }
      if !keepSolutionHints, let solution = exercise.solution {
        edits += solutionHintEdits(exercise, solution: solution.text, newline: newline)
      }
      if let span = exercise.answerSpan, exercise.answer != nil {
        edits.append(FileEdit(range: span, replacement: ""))
      }
    }
    guard errors.isEmpty else { return .failure(LessonErrors(errors)) }
    return .success(FileEdit.apply(edits, to: file.text))
  }

  /// Each hint that gives `solution` away: removed, or rewritten as the one
  /// line of help that was before its `Type:`.
  private static func solutionHintEdits(_ exercise: Exercise, solution: String, newline: String) -> [FileEdit] {
    zip(exercise.hints, exercise.hintLines).compactMap { hint, lines in
      guard let remainder = SolutionHint.remainder(of: hint, solution: solution) else { return nil }
      return FileEdit(range: lines, replacement: remainder.isEmpty ? "" : "hint: " + remainder + newline)
    }
  }

  static func expectText(for exercise: Exercise, checker: ExerciseChecker) -> Result<String, ExpectProblem> {
    switch checker.expected(for: exercise) {
    case .failure(let failure):
      return .failure(ExpectProblem(message: "cannot compute `expect:` from the solution: \(failure)"))
    case .success(let expected):
      guard let text = EventsText.format(expected.events ?? []) else {
        return .failure(
          ExpectProblem(
            message: "the solution's output holds streams, which `expect:` cannot write; write `expect:` by hand"))
      }
      // The student's copy checks the releases and leaks the solution showed, too.
      return .success(([text] + expected.lifetimes.map(\.description)).joined(separator: ", "))
    }
  }
}

/// Why an exercise's `expect:` could not be written out, in words.
struct ExpectProblem: Error {
  var message: String
}
