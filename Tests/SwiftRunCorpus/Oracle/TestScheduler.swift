import OpenCombine

typealias TestSchedulerOf<S: Scheduler> = TestScheduler<S.SchedulerTimeType, S.SchedulerOptions>
where S.SchedulerTimeType: OracleTimeType

/// Point-Free's `TestScheduler` (combine-schedulers 1.x): work waits in its
/// own queue until the snippet advances it; the oracle's clock follows it, so
/// what a sink prints during `advance(by:)` is stamped with the scheduler's time.
final class TestScheduler<SchedulerTimeType: OracleTimeType, SchedulerOptions>: Scheduler {
  private var lastSequence = 0
  private var scheduled: [(sequence: Int, date: SchedulerTimeType, action: () -> Void)] = []
  private(set) var now: SchedulerTimeType

  var minimumTolerance: OracleStride { .init(nanoseconds: 0) }

  init(now: SchedulerTimeType) { self.now = now }

  func advance(by stride: OracleStride = .init(nanoseconds: 0)) {
    advance(to: now.advanced(by: stride))
  }

  func advance(to instant: SchedulerTimeType) {
    while let next = scheduled.min(by: { ($0.date, $0.sequence) < ($1.date, $1.sequence) }), next.date <= instant {
      scheduled.removeAll { $0.sequence == next.sequence }
      if next.date > now { now = next.date }
      OracleClock.shared.move(to: now.nanoseconds)
      next.action()
    }
    if instant > now { now = instant }
    OracleClock.shared.move(to: now.nanoseconds)
  }

  func run() {
    while let next = scheduled.min(by: { ($0.date, $0.sequence) < ($1.date, $1.sequence) }) {
      advance(to: next.date)
    }
  }

  func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    enqueue(now, action)
  }

  func schedule(
    after date: SchedulerTimeType, tolerance: OracleStride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    enqueue(date, action)
  }

  func schedule(
    after date: SchedulerTimeType, interval: OracleStride, tolerance: OracleStride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) -> Cancellable {
    let sequence = nextSequence()
    func repeating(_ date: SchedulerTimeType) {
      scheduled.append(
        (
          sequence, date,
          { [weak self] in
            self?.remove(sequence)
            repeating(date.advanced(by: interval))
            action()
          }
        ))
    }
    repeating(date)
    return AnyCancellable { [weak self] in self?.remove(sequence) }
  }

  private func enqueue(_ date: SchedulerTimeType, _ action: @escaping () -> Void) {
    scheduled.append((nextSequence(), date, action))
  }

  private func remove(_ sequence: Int) {
    scheduled.removeAll { $0.sequence == sequence }
  }

  private func nextSequence() -> Int {
    lastSequence += 1
    return lastSequence
  }
}

typealias AnySchedulerOf<S: Scheduler> = AnyScheduler<S.SchedulerTimeType, S.SchedulerOptions>

/// Point-Free's `AnyScheduler`: a scheduler with its type erased.
struct AnyScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: Scheduler
where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {
  private let _now: () -> SchedulerTimeType
  private let _minimumTolerance: () -> SchedulerTimeType.Stride
  private let _schedule: (SchedulerOptions?, @escaping () -> Void) -> Void
  private let _scheduleAfter:
    (SchedulerTimeType, SchedulerTimeType.Stride, SchedulerOptions?, @escaping () -> Void) -> Void
  private let _scheduleInterval:
    (SchedulerTimeType, SchedulerTimeType.Stride, SchedulerTimeType.Stride, SchedulerOptions?, @escaping () -> Void) ->
      Cancellable

  init<S: Scheduler>(_ scheduler: S)
  where S.SchedulerTimeType == SchedulerTimeType, S.SchedulerOptions == SchedulerOptions {
    _now = { scheduler.now }
    _minimumTolerance = { scheduler.minimumTolerance }
    _schedule = { scheduler.schedule(options: $0, $1) }
    _scheduleAfter = { scheduler.schedule(after: $0, tolerance: $1, options: $2, $3) }
    _scheduleInterval = { scheduler.schedule(after: $0, interval: $1, tolerance: $2, options: $3, $4) }
  }

  var now: SchedulerTimeType { _now() }
  var minimumTolerance: SchedulerTimeType.Stride { _minimumTolerance() }

  func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) { _schedule(options, action) }

  func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    _scheduleAfter(date, tolerance, options, action)
  }

  func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) -> Cancellable {
    _scheduleInterval(date, interval, tolerance, options, action)
  }
}

extension Scheduler {
  func eraseToAnyScheduler() -> AnyScheduler<SchedulerTimeType, SchedulerOptions> { AnyScheduler(self) }
}

extension AnyScheduler
where SchedulerTimeType == DispatchQueue.SchedulerTimeType, SchedulerOptions == DispatchQueue.SchedulerOptions {
  static var main: Self { DispatchQueue.main.eraseToAnyScheduler() }
}

extension AnyScheduler
where SchedulerTimeType == RunLoop.SchedulerTimeType, SchedulerOptions == RunLoop.SchedulerOptions {
  static var main: Self { RunLoop.main.eraseToAnyScheduler() }
}
