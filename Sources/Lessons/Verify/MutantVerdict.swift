import StreamCore

/// What checking one mutant against its exercise found.
public enum MutantVerdict: Hashable {
  /// The mutant runs and its output differs from the expected one: the exercise tells it apart.
  case killedOnOutput
  /// The mutant's output matches, but it breaks a `require:` or `forbid:` rule.
  case killedByRule
  /// The mutant is not a program the exercise can run (it does not build or
  /// stops with a runtime error): not a near miss worth keeping.
  case notRunnable
  /// The mutant passes and gives the solution's output on every probe input.
  case equivalent
  /// The mutant passes although it computes something else: the exercise
  /// accepts a wrong answer. `probe` is an input that tells them apart.
  case survives(probe: InputProbe, solution: [TimelineEvent]?, mutant: [TimelineEvent]?)
  /// Of a test exercise's `code:` (issue 32): the solution's test fails on
  /// this near miss, so every answer must catch it too.
  case caughtByTest
  /// Of a test exercise's `code:`: the near miss changes what the solution's
  /// test `test` records, yet that test passes on it. The solution's test is
  /// too weak, and answers are not asked to catch the change.
  case missedByTest(test: String)
  /// Of a test exercise whose `near-miss:` lines choose the near misses to
  /// catch: one they leave out, which no test is asked to catch.
  case notAsked
}
