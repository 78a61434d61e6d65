#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  init() { pthread_mutex_init(mutex, nil) }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  private func locked<T>(_ body: () -> T) -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body()
  }

  static func key(_ exercise: Exercise, answer: String) -> Key {
    Key(exercise: exercise.number, givens: exercise.givens.map(\.text), expect: exercise.expect?.text, answer: answer)
  }

  /// The check of `answer`, worked out by `check` the first time.
  func checked(_ exercise: Exercise, answer: String, check: () -> Checked) -> Checked {
    let key = Self.key(exercise, answer: answer)
    if let known = locked({ entries[key] }) { return known }
    // Worked out unlocked: two threads may both check one answer, and agree.
    let found = check()
    locked {
      if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
      entries[key] = found
    }
    return found
  }

  /// The exercise's expected output, worked out by `expected` the first time.
  func expected(
    _ exercise: Exercise, _ expected: () -> Result<ExerciseChecker.Expected, ExpectationFailure>
  ) -> Result<ExerciseChecker.Expected, ExpectationFailure> {
    let key = Self.key(exercise, answer: "")
    if let known = locked({ expectations[key] }) { return known }
    let found = expected()
    locked {
      if expectations.count >= Self.capacity { expectations.removeAll(keepingCapacity: true) }
      expectations[key] = found
    }
    return found
  }
}
