import HeapModule
import OpenCombine

/// An OpenCombine `Scheduler` whose time only moves when `run` says so.
///
/// Actions wait in a heap ordered by (time, insertion sequence), so actions
/// due at the same instant run first in, first out, and a run is exactly
/// repeatable. `schedule` with no delay queues at `now` rather than running
/// inline, as a real run-loop scheduler would.
public final class VirtualClock: Scheduler {
  public typealias SchedulerTimeType = VirtualTime
  public typealias SchedulerOptions = Never

  /// Why `run` returned.
  public enum StopReason: Hashable {
    /// Nothing was left to do, or nothing left could matter (`isSettled`).
    case idle
    /// Actions remained, but the next one was due after the horizon.
    case horizon
    /// `shouldStop` asked the clock to stop (an event budget, a runtime error, Ctrl-C).
    case stopped
  }

  private struct ScheduledAction: Comparable {
    let time: VirtualTime
    /// 0 for actions that open an instant (see `scheduleFirst`), 1 otherwise.
    let lane: Int
    let sequence: Int
    /// When cancelled, the action is skipped without moving the clock, so a
    /// cancelled source leaves no trace on the time axis.
    let token: ScheduledActionToken?
    /// The event being handled when the action was scheduled, when the
    /// run tracks causes (`CauseTracker`); -1 for none.
    let context: Int
    let action: () -> Void

    static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.time, lhs.lane, lhs.sequence) < (rhs.time, rhs.lane, rhs.sequence)
    }
    static func == (lhs: Self, rhs: Self) -> Bool {
      (lhs.time, lhs.lane, lhs.sequence) == (rhs.time, rhs.lane, rhs.sequence)
    }
  }

  @exclusivity(unchecked) public private(set) var now: VirtualTime = .zero
  public var minimumTolerance: VirtualInterval { .zero }

  // Touched at every scheduled action, from the run's one thread, and never
  // across a call out (an action runs after its pop has ended): unchecked,
  // because the dynamic exclusivity check was about 3% of a 100,000-tick run.
  @exclusivity(unchecked) private var queue = Heap<ScheduledAction>()
  @exclusivity(unchecked) private var nextSequence = 0

  /// Set while a run tracks causes: each action runs as part of the event
  /// that was being handled when it was scheduled.
  public var causes: CauseTracker?

  /// A note to take once, with the clock at `instant`, after everything due
  /// by then: the state of a run at an instant (issue 33's `:at`), for
  /// whichever code runs the clock (the pipeline language's, or the Swift
  /// interpreter's at each `await` and test-scheduler step).
  private var stateNote: (instant: VirtualTime, take: () -> Void)?

  /// Takes `take` once the clock has run everything due by `instant`, with
  /// the clock at `instant` (or at the end, if the run ends before).
  public func noteState(at instant: VirtualTime, _ take: @escaping () -> Void) {
    stateNote = (instant, take)
  }

  /// Takes the note now if it is still to be taken: the run ended before its instant.
  public func takeStateNoteIfDue() {
    guard let note = stateNote else { return }
    stateNote = nil
    note.take()
  }

  /// Asked before every action; returning true ends `run` with `.stopped`.
  public var shouldStop: () -> Bool = { false }

  /// Asked before every action; returning true ends `run` with `.idle`. The
  /// interpreter says so once every subscription has ended and none is still
  /// to come: what waits then (a repeating timer `timeout` never cancels, a
  /// delivery `delay` scheduled before its subscriber cancelled) can change
  /// nothing anyone sees, and must not stretch the run to its time.
  public var isSettled: () -> Bool = { false }

  public init() {}

  /// The number of actions still waiting.
  public var pendingCount: Int { queue.count }

  /// The work waiting on the clock that was scheduled while an event was
  /// being handled (causes tracked): when each is due, and that event's id.
  /// What operators are waiting to do (issue 33): `debounce`'s send of its
  /// pending value, `delay`'s deliveries, the end of a `throttle` window.
  public var pendingWork: [PendingWork] {
    queue.unordered.filter { $0.context >= 0 && !($0.token?.isCancelled ?? false) }
      .sorted { ($0.time, $0.sequence) < ($1.time, $1.sequence) }
      .map { PendingWork(due: $0.time, scheduledWhileHandling: $0.context) }
  }

  /// The time of the next waiting action, if any.
  public var nextActionTime: VirtualTime? { queue.min?.time }

  public func schedule(options: Never?, _ action: @escaping () -> Void) {
    enqueue(at: now, action)
  }

  public func schedule(
    after date: VirtualTime,
    tolerance: VirtualInterval,
    options: Never?,
    _ action: @escaping () -> Void
  ) {
    // An action can never run in the past: Combine's schedulers treat a
    // past date as "as soon as possible".
    enqueue(at: max(date, now), action)
  }

  public func schedule(
    after date: VirtualTime,
    interval: VirtualInterval,
    tolerance: VirtualInterval,
    options: Never?,
    _ action: @escaping () -> Void
  ) -> Cancellable {
    let timer = ScheduledActionToken()
    // A zero or negative period would fire forever at one instant.
    let period = VirtualInterval(nanoseconds: max(interval.nanoseconds, 1))
    func fire(at time: VirtualTime) {
      enqueue(at: time, token: timer) { [weak self] in
        guard !timer.isCancelled else { return }
        action()
        guard !timer.isCancelled, let self else { return }
        fire(at: time.advanced(by: period))
      }
    }
    fire(at: max(date, now))
    return timer
  }

  /// Schedules `action` at `time` (or now, if that has passed), to be
  /// withdrawn by cancelling `token`: a withdrawn action never runs and never
  /// moves the clock. One token can withdraw many actions at once.
  public func schedule(at time: VirtualTime, token: ScheduledActionToken, _ action: @escaping () -> Void) {
    enqueue(at: max(time, now), token: token, action)
  }

  /// Schedules an action that runs before every ordinary action due at the
  /// same instant. The interpreter subscribes, cancels and connects this way,
  /// so a subscriber that arrives at 250ms sees a hot send made at 250ms.
  public func scheduleFirst(at time: VirtualTime, _ action: @escaping () -> Void) {
    enqueue(at: max(time, now), lane: 0, action)
  }

  /// Runs actions in order until nothing is left, the next action is due
  /// after `horizon`, or `shouldStop` says so.
  @discardableResult
  public func run(until horizon: VirtualTime = VirtualTime(nanoseconds: .max)) -> StopReason {
    while true {
      if let stop = step(until: horizon) { return stop }
    }
  }

  /// Runs actions in order until `isDone` holds after one of them (nil), or
  /// the clock stops first, as `run(until:)` stops (why). The pasted-Swift
  /// interpreter runs the clock this way while top-level code awaits.
  public func run(until horizon: VirtualTime, orUntil isDone: () -> Bool) -> StopReason? {
    while !isDone() {
      if let stop = step(until: horizon) { return stop }
    }
    return nil
  }

  /// Runs the next action, or says why none runs.
  @inline(__always)
  private func step(until horizon: VirtualTime) -> StopReason? {
    while let next = queue.min {
      if let token = next.token, token.isCancelled {
        _ = queue.popMin()
        continue
      }
      if shouldStop() { return .stopped }
      if isSettled() { return .idle }
      if let note = stateNote, next.time > note.instant {
        // Everything due by the instant has run: the note sees the clock at it.
        stateNote = nil
        let was = now
        now = max(now, note.instant)
        note.take()
        now = max(was, now)
        continue
      }
      if next.time > horizon {
        now = max(now, horizon)
        return .horizon
      }
      _ = queue.popMin()
      now = next.time
      if let causes {
        let outer = causes.actionContext
        causes.actionContext = next.context >= 0 ? next.context : nil
        next.action()
        causes.actionContext = outer
      } else {
        next.action()
      }
      return nil
    }
    return shouldStop() ? .stopped : .idle
  }

  /// Ends the clock's part in a finished run: withdraws every waiting action
  /// and forgets the callbacks.
  ///
  /// A waiting action holds the subscription that scheduled it, and that
  /// subscription holds the clock (its scheduler): without this, a run that
  /// ended at the horizon, the budget or an error would keep its whole
  /// pipeline alive in that cycle. `isSettled` holds the run's recorder,
  /// which holds the clock, so it goes too.
  public func discardPendingActions() {
    shouldStop = { false }
    isSettled = { false }
    causes = nil
    stateNote = nil
    // Releasing an action can free subscriptions; should one schedule
    // something as it goes, that is dropped too.
    while !queue.isEmpty {
      let dropped = queue
      queue = Heap()
      withExtendedLifetime(dropped) {}
    }
  }

  /// Runs everything due at or before `time`, then sets the clock to `time`.
  public func advance(to time: VirtualTime) {
    _ = run(until: time)
    now = max(now, time)
  }

  private func enqueue(
    at time: VirtualTime, lane: Int = 1, token: ScheduledActionToken? = nil, _ action: @escaping () -> Void
  ) {
    let context = causes?.schedulingContext ?? -1
    queue.insert(
      ScheduledAction(time: time, lane: lane, sequence: nextSequence, token: token, context: context, action: action))
    nextSequence += 1
  }
}
