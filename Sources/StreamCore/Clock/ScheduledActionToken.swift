import OpenCombine

/// The cancellation handle of scheduled clock actions: a repeating schedule,
/// or every pending send of one timed-source subscription.
///
/// Cancelling it withdraws the actions: they never run and never move the
/// clock, so a cancelled source does not stretch the run to its next send.
public final class ScheduledActionToken: Cancellable {
  // Read before every action it guards (see VirtualClock's queue).
  @exclusivity(unchecked) public private(set) var isCancelled = false

  public init() {}

  public func cancel() { isCancelled = true }
}
