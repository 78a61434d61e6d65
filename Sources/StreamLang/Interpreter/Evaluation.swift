import StreamCore

/// What running one input gives: the run's timelines, or the reasons it could
/// not run.
public enum Evaluation {
  /// The program ran (a runtime error, if any, is in `RunResult.stop`).
  case ran(RunResult, Program)
  /// The program did not parse or build; nothing ran and nothing was bound.
  case invalid([Diagnostic])
}
