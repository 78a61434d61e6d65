import StreamCore

extension RunStop {
  /// The one line a diagram prints under itself about why the run ended, or
  /// nil when it simply ran out of work.
  func sentence(endTime: VirtualTime) -> String? {
    switch self {
    case .idle: return nil
    case .horizon(let time): return "stopped at the \(time) horizon; \u{2026} marks streams still running"
    case .budget(let count):
      return "stopped after \(count) events (the event budget); \u{2026} marks streams still running"
    case .runtimeError(let error): return "stopped by a \(error)"
    case .interrupted: return "stopped by Ctrl-C at \(endTime); \u{2026} marks streams still running"
    case .testEnded(let time):
      return "the test returned at \(time): XCTest runs nothing after that; \u{2026} marks streams still running"
    }
  }
}
