import Foundation
import StreamCore
import StreamLang

/// Where every program a request brings is run: off the server's event loop
/// on one of the `RunWorkers`' threads (which have `LargeStack`'s stack), in
/// one of `RunSlots`, with the server's horizon, event budget and wall-clock
/// cap.
struct RunGate: Sendable {
  let limits: ServerLimits
  let slots: RunSlots
  /// Also the executor the server's connections are handled on.
  let workers: RunWorkers

  init(limits: ServerLimits) {
    self.limits = limits
    self.slots = RunSlots(count: limits.concurrentRuns)
    workers = RunWorkers(count: limits.concurrentRuns + ProcessInfo.processInfo.activeProcessorCount)
  }

  /// `work`'s result, given run options whose `isInterrupted` turns true at
  /// the deadline; 503 when the deadline stopped the run or passed while the
  /// request waited for a slot.
  func run<Output: Sendable>(_ work: @escaping @Sendable (RunOptions) -> Output) async throws -> Output {
    let deadline = RunDeadline(seconds: limits.wallClockSeconds)
    await slots.acquire()
    var output: Output?
    if !deadline.hasPassed {
      let limits = self.limits
      let options = RunOptions(horizon: limits.horizon, maxEvents: limits.maxEvents, isInterrupted: deadline.poll)
      if RunWorkers.isWorkerThread {
        // A connection's task, on the workers: the run is a call.
        output = work(options)
      } else {
        // A caller elsewhere (a test calling `WebAPI` directly) runs it on a
        // large stack of its own, off Swift's cooperative threads.
        output = await withCheckedContinuation { continuation in
          DispatchQueue.global().async { continuation.resume(returning: LargeStack.run { work(options) }) }
        }
      }
    }
    slots.release()
    guard let output, !deadline.stoppedARun else { throw tooSlow }
    return output
  }

  /// The error for a run the wall-clock cap stopped, or that waited past it.
  var tooSlow: APIError {
    let seconds = limits.wallClockSeconds
    let shown = seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)"
    return APIError(
      status: 503,
      "the run was stopped after \(shown) s of wall-clock time, the server's limit for one request; "
        + "try a shorter horizon, fewer stages or fewer events")
  }
}
