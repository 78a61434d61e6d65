import StreamCore
import StreamLang

/// The small horizon and event budget every fuzz run uses, so one input
/// costs milliseconds, not the REPL's ten seconds and million events.
public enum FuzzLimits {
  /// Longer than every lesson's timeline (the longest ends near 3 s), so demos still finish.
  public static let horizonInterval = VirtualInterval.milliseconds(5_000)
  public static let horizon = VirtualTime.zero.advanced(by: horizonInterval)
  public static let maxEvents = 2_000
  /// Inputs longer than this are cut: the fuzzer looks for wrong states, not slow big inputs.
  public static let maxInputBytes = 4_096

  public static var runOptions: RunOptions { RunOptions(horizon: horizon, maxEvents: maxEvents) }
}
