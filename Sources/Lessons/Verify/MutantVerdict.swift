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
}
