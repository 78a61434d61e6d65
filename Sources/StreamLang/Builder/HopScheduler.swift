import OpenCombine
import StreamCore

/// The clock as `receive on` and `subscribe on` see it: every scheduler a
/// student names is the one virtual clock, and each hop it queues is counted
/// until it runs.
///
/// A run ends once no subscription is open (`VirtualClock.isSettled`), but
/// `subscribe on` opens its subscription only inside the action it queued:
/// until that action has run, the count keeps the run going, so a pipeline
/// whose only subscriber is behind `subscribe on` is still subscribed.
struct HopScheduler: Scheduler {
  typealias SchedulerTimeType = VirtualTime
  typealias SchedulerOptions = Never

  let clock: VirtualClock
  let pending: PendingHops

  var now: VirtualTime { clock.now }
  var minimumTolerance: VirtualInterval { clock.minimumTolerance }

  func schedule(options: Never?, _ action: @escaping () -> Void) {
    pending.count += 1
    clock.schedule(options: options) { [pending] in
      pending.count -= 1
      action()
    }
  }

  // ReceiveOn and SubscribeOn only ever hop at once; the timed forms pass through.
  func schedule(after date: VirtualTime, tolerance: VirtualInterval, options: Never?, _ action: @escaping () -> Void) {
    clock.schedule(after: date, tolerance: tolerance, options: options, action)
  }

  func schedule(
    after date: VirtualTime, interval: VirtualInterval, tolerance: VirtualInterval, options: Never?,
    _ action: @escaping () -> Void
  ) -> Cancellable {
    clock.schedule(after: date, interval: interval, tolerance: tolerance, options: options, action)
  }
}

/// How many hops of `HopScheduler` are queued and not yet run.
final class PendingHops {
  var count = 0
}
