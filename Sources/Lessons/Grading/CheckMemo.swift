/// The checks of one grading run, kept by what decides them: the exercise's
/// givens and expectation and the answer's text (issue 34). A class writes few
/// different answers (most right answers are the same line), so grading
/// 10,000 files runs each distinct answer once, and each hidden variant's
/// solution once. Bounded: past `capacity` entries it starts over, so a class
/// whose every answer differs keeps its memory flat and is graded as fast as
/// with no memo at all.
final class CheckMemo: @unchecked Sendable {
  struct Key: Hashable {
    var exercise: Int
    var givens: [String]
    var expect: String?
    var answer: String
  }

  /// A check's verdict and its plain-text details.
  struct Checked {
    var result: CheckResult
    var details: String
  }

  static let capacity = 4_096
  private var entries: [Key: Checked] = [:]
  private var expectations: [Key: Result<ExerciseChecker.Expected, ExpectationFailure>] = [:]
  private let lock = ThreadLock()

  static func key(_ exercise: Exercise, answer: String) -> Key {
    Key(exercise: exercise.number, givens: exercise.givens.map(\.text), expect: exercise.expect?.text, answer: answer)
  }

  /// The check of `answer`, worked out by `check` the first time.
  func checked(_ exercise: Exercise, answer: String, check: () -> Checked) -> Checked {
    remembered(Self.key(exercise, answer: answer), in: \.entries, check)
  }

  /// The exercise's expected output, worked out by `expected` the first time.
  func expected(
    _ exercise: Exercise, _ expected: () -> Result<ExerciseChecker.Expected, ExpectationFailure>
  ) -> Result<ExerciseChecker.Expected, ExpectationFailure> {
    remembered(Self.key(exercise, answer: ""), in: \.expectations, expected)
  }

  /// `table[key]`, worked out by `compute` (unlocked: two threads may both
  /// work one out, and agree) the first time.
  private func remembered<Value>(
    _ key: Key, in table: ReferenceWritableKeyPath<CheckMemo, [Key: Value]>, _ compute: () -> Value
  ) -> Value {
    if let known = lock.locked({ self[keyPath: table][key] }) { return known }
    let found = compute()
    lock.locked {
      if self[keyPath: table].count >= Self.capacity { self[keyPath: table].removeAll(keepingCapacity: true) }
      self[keyPath: table][key] = found
    }
    return found
  }
}
