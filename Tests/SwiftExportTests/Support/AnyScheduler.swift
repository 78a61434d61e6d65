import OpenCombine
import StreamCore

/// Point-Free's `AnyScheduler` (combine-schedulers 1.x,
/// `Sources/CombineSchedulers/AnyScheduler.swift`), written again for
/// OpenCombine: a scheduler erased to closures, so code can take
/// `AnySchedulerOf<…>` and be handed the main queue by the app and a
/// `TestScheduler` by a test. Lesson 15's code takes one.
struct AnyScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: OpenCombine.Scheduler
where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {
  private let nowClosure: () -> SchedulerTimeType
  private let minimumToleranceClosure: () -> SchedulerTimeType.Stride
  private let scheduleAfterInterval:
    (SchedulerTimeType, SchedulerTimeType.Stride, SchedulerTimeType.Stride, SchedulerOptions?, @escaping () -> Void)
      -> Cancellable
  private let scheduleAfter:
    (SchedulerTimeType, SchedulerTimeType.Stride, SchedulerOptions?, @escaping () -> Void) -> Void
  private let scheduleNow: (SchedulerOptions?, @escaping () -> Void) -> Void

  init<S: OpenCombine.Scheduler>(_ scheduler: S)
  where S.SchedulerTimeType == SchedulerTimeType, S.SchedulerOptions == SchedulerOptions {
    nowClosure = { scheduler.now }
    minimumToleranceClosure = { scheduler.minimumTolerance }
    scheduleAfterInterval = { scheduler.schedule(after: $0, interval: $1, tolerance: $2, options: $3, $4) }
    scheduleAfter = { scheduler.schedule(after: $0, tolerance: $1, options: $2, $3) }
    scheduleNow = { scheduler.schedule(options: $0, $1) }
  }

  var now: SchedulerTimeType { nowClosure() }
  var minimumTolerance: SchedulerTimeType.Stride { minimumToleranceClosure() }

  func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) -> Cancellable {
    scheduleAfterInterval(date, interval, tolerance, options, action)
  }

  func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    scheduleAfter(date, tolerance, options, action)
  }

  func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    scheduleNow(options, action)
  }
}

/// `AnySchedulerOf<DispatchQueue>` in the code as written; the harness's
/// files name the scheduler a test hands over (`AnySchedulerOf<TestScheduler>`),
/// since `DispatchQueue` is no OpenCombine scheduler here.
typealias AnySchedulerOf<S: OpenCombine.Scheduler> = AnyScheduler<S.SchedulerTimeType, S.SchedulerOptions>
where S.SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible

extension OpenCombine.Scheduler where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {
  func eraseToAnyScheduler() -> AnyScheduler<SchedulerTimeType, SchedulerOptions> { AnyScheduler(self) }
}
