import OpenCombine

/// The clock as OpenCombine's `timeout` sees it: its timer fires once.
///
/// OpenCombine 0.14.0's `Timeout` starts its timer as a *repeating* schedule
/// and never cancels it after the timeout has fired (its state is already
/// terminal when downstream cancels). Every later firing does nothing, but
/// each one is an action on the virtual clock: `timeout 0ms` (a period of
/// 1ns) kept the run busy at the same few instants forever, the hang the
/// fuzzer found, and `timeout 1ms` fired 10,000 times before the horizon.
/// Only the first firing of a timer can ever time out, so firing once is
/// exactly the operator's behaviour without the idle repeats.
public struct TimeoutScheduler: Scheduler {
  public typealias SchedulerTimeType = VirtualTime
  public typealias SchedulerOptions = Never

  let clock: VirtualClock

  public init(clock: VirtualClock) {
    self.clock = clock
  }

  public var now: VirtualTime { clock.now }
  public var minimumTolerance: VirtualInterval { clock.minimumTolerance }

  public func schedule(options: Never?, _ action: @escaping () -> Void) {
    clock.schedule(options: options, action)
  }

  public func schedule(
    after date: VirtualTime, tolerance: VirtualInterval, options: Never?, _ action: @escaping () -> Void
  ) {
    clock.schedule(after: date, tolerance: tolerance, options: options, action)
  }

  public func schedule(
    after date: VirtualTime, interval: VirtualInterval, tolerance: VirtualInterval, options: Never?,
    _ action: @escaping () -> Void
  ) -> Cancellable {
    let token = ScheduledActionToken()
    clock.schedule(at: date, token: token, action)
    return token
  }
}
