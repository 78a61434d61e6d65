import Foundation
import StreamCore
import StreamLang

/// What one request may cost the server. A run gets `streamlab eval`'s
/// horizon and event budget; the wall-clock cap stops a run that is within
/// both but slow (a deep pipeline on a busy machine), the way Ctrl-C does.
// @unchecked: VirtualTime is a plain Int that StreamCore does not mark Sendable.
public struct ServerLimits: @unchecked Sendable {
  /// The largest request body read; a larger one gets 413 without being parsed.
  public var maxBodyBytes = 1 << 20
  /// Wall-clock seconds a request may spend waiting for a run slot and running.
  public var wallClockSeconds = 5.0
  /// Runs at once; the rest wait for a slot.
  public var concurrentRuns = max(1, ProcessInfo.processInfo.activeProcessorCount)
  /// Virtual time a run may take: eval's default.
  public var horizon = RunOptions().horizon
  /// Recorded events a run may make: eval's default.
  public var maxEvents = RunOptions().maxEvents

  public init() {}
}
