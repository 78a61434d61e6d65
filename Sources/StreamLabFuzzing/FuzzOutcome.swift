/// How far one fuzz input got. Every input must end in one of these: a trap,
/// a crash or a hang anywhere on the way is the bug the fuzzer looks for.
public enum FuzzOutcome: Hashable {
  /// Refused with messages (parse or build errors, lesson errors); the count is how many.
  case refused(messages: Int)
  /// Ran and was drawn in every format; `stop` says how the run ended.
  case ran(stop: String)

  /// True when the input reached the engine, for the fuzzer's "what fraction runs" figure.
  public var didRun: Bool {
    if case .ran = self { return true }
    return false
  }
}
