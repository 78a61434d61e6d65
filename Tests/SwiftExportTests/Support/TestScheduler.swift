import Foundation
import OpenCombine
import StreamCore

/// Point-Free's `TestScheduler` (combine-schedulers 1.x,
/// `Sources/CombineSchedulers/TestScheduler.swift`), written again for
/// OpenCombine so the exported XCTest cases compile and run here as they do
/// against Apple's Combine: the same API (`DispatchQueue.test`, `now`,
/// `advance()`, `advance(by:)`, `advance(to:)`, `run()`) and the same order.
///
/// Its order is its own, not `VirtualClock`'s, on purpose: actions run by
/// date, then by the sequence number they were scheduled with, and a
/// repeating action keeps its first sequence number for every repetition, as
/// Point-Free's does. An exported test that passes here passes on the
/// scheduler learners use, not only on streamlab's clock.
final class TestScheduler: OpenCombine.Scheduler {
  typealias SchedulerTimeType = VirtualTime
  typealias SchedulerOptions = Never

  private(set) var now: VirtualTime
  let minimumTolerance: VirtualTime.Stride = .zero
  private var lastSequence: UInt = 0
  private var scheduled: [(sequence: UInt, date: VirtualTime, action: () -> Void)] = []

  init(now: VirtualTime) {
    self.now = now
  }

  func advance(by duration: VirtualTime.Stride = .zero) {
    advance(to: now.advanced(by: duration))
  }

  /// Runs every action due by `instant`, each with `now` at its date, then
  /// leaves `now` at `instant`.
  func advance(to instant: VirtualTime) {
    while now <= instant, runNextAction(dueBy: instant) {}
  }

  /// Runs the first action due by `instant`, with `now` at its date, and
  /// says so; or, when none is due, leaves `now` at `instant` and returns false.
  func runNextAction(dueBy instant: VirtualTime) -> Bool {
    scheduled.sort { ($0.date, $0.sequence) < ($1.date, $1.sequence) }
    guard let next = scheduled.first, instant >= next.date else {
      now = instant
      return false
    }
    now = next.date
    scheduled.removeFirst()
    next.action()
    return true
  }

  /// Runs until nothing is scheduled.
  func run() {
    while let date = scheduled.min(by: { ($0.date, $0.sequence) < ($1.date, $1.sequence) })?.date {
      advance(by: now.distance(to: date))
    }
  }

  func schedule(
    after date: VirtualTime, interval: VirtualTime.Stride, tolerance: VirtualTime.Stride, options: Never?,
    _ action: @escaping () -> Void
  ) -> Cancellable {
    let sequence = nextSequence()
    func scheduleAction(for date: VirtualTime) -> () -> Void {
      { [weak self] in
        let nextDate = date.advanced(by: interval)
        self?.scheduled.append((sequence, nextDate, scheduleAction(for: nextDate)))
        action()
      }
    }
    scheduled.append((sequence, date, scheduleAction(for: date)))
    return AnyCancellable { [weak self] in self?.scheduled.removeAll { $0.sequence == sequence } }
  }

  func schedule(after date: VirtualTime, tolerance: VirtualTime.Stride, options: Never?, _ action: @escaping () -> Void)
  {
    scheduled.append((nextSequence(), date, action))
  }

  func schedule(options: Never?, _ action: @escaping () -> Void) {
    scheduled.append((nextSequence(), now, action))
  }

  private func nextSequence() -> UInt {
    lastSequence += 1
    return lastSequence
  }
}

extension DispatchQueue {
  /// Point-Free's `DispatchQueue.test`: a test scheduler whose clock starts at
  /// 1ns (combine-schedulers starts at `DispatchTime(uptimeNanoseconds: 1)`).
  static var test: TestScheduler { TestScheduler(now: VirtualTime(nanoseconds: 1)) }
}
