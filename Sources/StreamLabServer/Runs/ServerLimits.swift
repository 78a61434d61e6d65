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
  /// The longest request line (method, path, version) read: 414 past it.
  public var maxRequestLineBytes = 8 << 10
  /// The most bytes of header lines one request may send: 431 past it.
  public var maxHeaderBytes = 64 << 10
  /// Seconds a connection may stay open with no request in progress (a bare
  /// connect, a keep-alive between requests, a head that never ends).
  public var idleTimeoutSeconds = 10.0
  /// Seconds from a request's head to the end of its body: 408 past it, so a
  /// body sent a byte at a time keeps its connection no longer than this.
  public var requestTimeoutSeconds = 10.0
  /// Connections open at once; nil: the file-descriptor limit less a reserve
  /// (`OpenFileLimit`). At the limit the longest-idle connection is closed.
  public var maxConnections: Int?
  /// The longest answer kept in a student's progress (classroom mode).
  public var maxStoredAnswerBytes = 16 << 10
  /// The largest progress file one student may have (classroom mode).
  public var maxStudentProgressBytes = 256 << 10
  /// Students whose progress is kept (classroom mode); a new browser past it
  /// is told its passes are not recorded.
  public var maxStudents = 2_000
  /// Virtual time a run may take: eval's default.
  public var horizon = RunOptions().horizon
  /// Recorded events a run may make: eval's default.
  public var maxEvents = RunOptions().maxEvents

  public init() {}
}
