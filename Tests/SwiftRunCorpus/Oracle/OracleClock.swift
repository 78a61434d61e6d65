import OpenCombine

/// The one virtual clock every stand-in scheduler of the oracle runs on.
///
/// Time is in nanoseconds from 0. Work due at the same time runs first in,
/// first out, as Dispatch's main queue runs it. Nothing here reads a real
/// clock, so a snippet's truth is the same on every machine.
final class OracleClock {
  /// One piece of scheduled work: a closure due at `time`, optionally repeating.
  final class Work {
    let sequence: Int
    var time: Int
    let interval: Int?
    let action: () -> Void
    var isCancelled = false

    init(sequence: Int, time: Int, interval: Int?, action: @escaping () -> Void) {
      self.sequence = sequence
      self.time = time
      self.interval = interval
      self.action = action
    }
  }

  nonisolated(unsafe) static var shared = OracleClock()

  /// Ten seconds: a timer with no `prefix` stops here, as a playground page is stopped.
  static let horizon = 10_000_000_000
  /// A runaway snippet (a zero-interval repeating timer) stops here.
  static let workBudget = 100_000

  private(set) var now = 0
  private var pending: [Work] = []
  /// What runs once nothing else is due (an async snippet's end, `OracleTasks.untilIdle`).
  private var idleActions: [() -> Void] = []
  private var nextSequence = 0

  @discardableResult
  func schedule(at time: Int, interval: Int? = nil, _ action: @escaping () -> Void) -> Work {
    let work = Work(sequence: nextSequence, time: Swift.max(time, now), interval: interval, action: action)
    nextSequence += 1
    pending.append(work)
    return work
  }

  /// Runs what is due, earliest first, until nothing is left or the horizon is reached.
  func run(until horizon: Int = OracleClock.horizon) {
    var budget = OracleClock.workBudget
    while budget > 0, let work = takeNext(until: horizon) ?? takeIdleAction() {
      budget -= 1
      now = Swift.max(now, work.time)
      if let interval = work.interval {
        work.time += Swift.max(interval, 1)
        pending.append(work)
      }
      work.action()
    }
    OracleSubscriberLog.shared.isRecording = false
  }

  /// Runs `action` once nothing else is due.
  func whenIdle(_ action: @escaping () -> Void) {
    idleActions.append(action)
  }

  private func takeIdleAction() -> Work? {
    guard !idleActions.isEmpty else { return nil }
    let action = idleActions.removeFirst()
    return Work(sequence: nextSequence, time: now, interval: nil, action: action)
  }

  /// Moves the clock without running anything (a test scheduler's own queue does that).
  func move(to time: Int) {
    now = Swift.max(now, time)
  }

  private func takeNext(until horizon: Int) -> Work? {
    pending.removeAll { $0.isCancelled }
    guard
      let index = pending.indices.min(by: {
        (pending[$0].time, pending[$0].sequence) < (pending[$1].time, pending[$1].sequence)
      }), pending[index].time <= horizon
    else { return nil }
    return pending.remove(at: index)
  }
}

/// What cancels a piece of scheduled work (a repeating timer's `Cancellable`).
struct OracleWorkCancellable: Cancellable {
  let work: OracleClock.Work
  func cancel() { work.isCancelled = true }
}
