import StreamCore

extension OperatorKind {
  /// The rule this operator adds to the event being handled when it sends
  /// (`CauseRule`); nil for operators whose every event is made by the
  /// event being handled, or by the clock work that event scheduled.
  var causeRule: CauseRule? {
    switch self {
    case .combineLatest: return .latestOfEachInput
    case .zip: return .nthOfEachInput
    case .scan, .tryScan: return .withPreviousOutput
    case .collect: return .batch
    case .throttle(_, let latest): return latest ? .latestEqualInput : nil
    case .buffer: return .nthInput
    default: return nil
    }
  }
}
