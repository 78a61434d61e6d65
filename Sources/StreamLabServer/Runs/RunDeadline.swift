import Dispatch

/// The wall-clock moment a request's run must stop by. A run polls it as the
/// terminal's run polls the Ctrl-C flag (`RunOptions.isInterrupted`).
final class RunDeadline: @unchecked Sendable {
  private let end: DispatchTime
  /// True once a poll found the deadline passed: the run was cut short.
  /// Written by the run's thread only, read after it has finished.
  private(set) var stoppedARun = false

  init(seconds: Double) {
    end = .now() + .nanoseconds(Int(seconds * 1e9))
  }

  var hasPassed: Bool { DispatchTime.now() >= end }

  /// `hasPassed`, remembered when true: the run's `isInterrupted`.
  func poll() -> Bool {
    if hasPassed { stoppedARun = true }
    return stoppedARun
  }
}
