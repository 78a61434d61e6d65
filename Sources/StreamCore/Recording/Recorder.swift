import OpenCombine

/// Collects the timelines of one run and decides when the run must stop.
///
/// Every probe of a run writes into one recorder. Stopping is cooperative:
/// once `stopCause` is set, the clock runs no further action and every probe
/// cancels its upstream at the next event, so even a synchronous source of a
/// billion values ends promptly.
public final class Recorder {
  /// Why the recorder asked the run to stop.
  public enum StopCause: Hashable {
    case budget(Int)
    case runtimeError(RuntimeError)
    case interrupted
  }

  public var clock: VirtualClock { state.clock }
  /// The most events a run may record before it stops.
  public var maxEvents: Int { state.maxEvents }
  public var eventCount: Int { state.eventCount }
  public var stopCause: StopCause? { state.stopCause }
  /// Polled as events arrive (every few hundred events, and before every
  /// clock action); returns true when the user pressed Ctrl-C.
  public var isInterrupted: () -> Bool {
    get { state.isInterrupted }
    set { state.isInterrupted = newValue }
  }
  private(set) var channels: [TimelineChannel] = []
  /// What every channel shares. Channels hold it rather than the recorder,
  /// so recording an event touches one small object and no reference cycle
  /// forms between the recorder and its channels.
  private let state: RecordingState

  public init(
    clock: VirtualClock, maxEvents: Int = 1_000_000, isInterrupted: @escaping () -> Bool = { false },
    tracksCauses: Bool = false
  ) {
    let causes = tracksCauses ? CauseTracker() : nil
    let state = RecordingState(clock: clock, maxEvents: maxEvents, isInterrupted: isInterrupted, causes: causes)
    self.state = state
    clock.causes = causes
    clock.shouldStop = { [unowned state] in
      state.countClockAction()
      return state.pollIsStopping()
    }
  }

  /// Opens a new row. Rows come out of `timelines` in the order they were opened.
  /// A row of a shared upstream gives `sharedBy` the binding's name and the
  /// count of its subscribers; it comes before the pipeline's own rows.
  public func channel(
    label: String, pipeline: Int, stage: Int, isOutput: Bool = false,
    sharedBy: (binding: String, subscribers: SubscriberCount)? = nil
  ) -> TimelineChannel {
    let channel = TimelineChannel(
      state: state, timeline: Timeline(label: label, pipeline: pipeline, stage: stage, isOutput: isOutput))
    channel.sharedBy = sharedBy
    channel.index = channels.count
    channels.append(channel)
    return channel
  }

  /// Opens an inner row under `parent`'s row: one subscription its operator
  /// (or the inner stream it shows) made to a publisher of its own. `label`
  /// says what started it. Under a channel that keeps no row, such as a stage
  /// nobody sees, nothing is drawn either: the silent channel is returned.
  public func innerChannel(under parent: TimelineChannel, label: String, stageOfInner: Int? = nil) -> TimelineChannel {
    guard parent.keepsEvents, let parentIndex = parent.index else { return silentChannel }
    let above = parent.row
    let stage = above.inner?.parent ?? above.stage
    let key = [above.pipeline, stage]
    let number = innerCounts[key, default: 0] + 1
    innerCounts[key] = number
    let placement = InnerPlacement(
      parent: stage, number: number, nestedIn: above.inner?.number, depth: (above.inner?.depth ?? 0) + 1,
      stageOfInner: stageOfInner)
    let channel = TimelineChannel(
      state: state, timeline: Timeline(label: label, pipeline: above.pipeline, stage: stage, inner: placement))
    channel.index = channels.count
    channel.parentIndex = parentIndex
    // Every event an inner row records also passes the probe after the last
    // stage of the inner pipeline, which counts it: counted twice, a
    // flatMap of 100,000 inner streams would use up the budget for nothing.
    channel.countsTowardBudget = false
    channels.append(channel)
    return channel
  }

  /// How many inner rows each operator row has opened, by pipeline and stage.
  private var innerCounts: [[Int]: Int] = [:]

  /// A channel that keeps no row but counts every event toward the budget and
  /// honours a stop. Stages nobody sees (inside `flatMap { … }`) get one, so a
  /// runaway inner stream still ends.
  public lazy var silentChannel = TimelineChannel(
    state: state, timeline: Timeline(label: "", pipeline: -1, stage: 0), keepsEvents: false)

  /// The clock's waiting work at the instant `noteState(at:)` named, once noted.
  public private(set) var pendingAtSnapshot: [PendingWork]?

  /// Notes the run's state at `instant` (issue 33's `:at`, causes tracked):
  /// the clock's waiting work and every row's outstanding demand, taken by
  /// the clock once everything due by then has run, whoever runs the clock.
  public func noteState(at instant: VirtualTime) {
    state.clock.noteState(at: instant) { [unowned self] in
      pendingAtSnapshot = state.clock.pendingWork
      for channel in channels { channel.snapshotDemand() }
    }
  }

  /// Takes the note of `noteState(at:)` now if the run ended before its
  /// instant (not when it was stopped: a stopped run's state is not the program's).
  public func takeStateNoteIfDue() {
    if state.stopCause == nil { state.clock.takeStateNoteIfDue() }
  }

  /// Every break of Combine's contract a probe saw, in order. Empty unless
  /// streamlab has a bug: the contract sweep in the tests asserts that.
  public var contractViolations: [RuntimeError] { state.contractViolations }

  /// True while some probe has a subscription that has not yet finished,
  /// failed or been cancelled: something recorded may still happen.
  public var hasOpenSubscriptions: Bool { state.openSubscriptions > 0 }

  /// What `print` and `handleEvents` wrote, in the order written: the
  /// first `maxKeptLogLines` lines, then, if more were written, one line
  /// saying how many were not kept.
  public var log: [LogLine] {
    guard unkeptLogLines > 0, let last = lastUnkeptLogTime else { return keptLog }
    let note = "… \(unkeptLogLines) more lines not kept (streamlab keeps the first \(Self.maxKeptLogLines))"
    return keptLog + [LogLine(time: last, text: note)]
  }

  /// How many log lines a run keeps. `range 1...65536 | print` writes two
  /// lines per value; nobody reads past the first few thousand, and keeping
  /// them all cost a fuzzed program gigabytes.
  public static let maxKeptLogLines = 10_000

  private var keptLog: [LogLine] = []
  /// Lines written after the log was full: counted, never kept.
  private var unkeptLogLines = 0
  private var lastUnkeptLogTime: VirtualTime?

  /// Adds a line to the run's log at the current virtual time. Each line
  /// counts toward the event budget like a recorded event, so a stage that
  /// logs without end stops the run as a runaway stream does.
  public func log(_ text: String) {
    state.count()
    guard keptLog.count < Self.maxKeptLogLines else {
      unkeptLogLines += 1
      lastUnkeptLogTime = state.clock.now
      return
    }
    keptLog.append(LogLine(time: state.clock.now, text: text))
  }

  /// True once the run has been asked to stop, for any reason.
  public var isStopping: Bool { state.pollIsStopping() }

  /// Stops the run. The first cause wins: it is the one the student must see.
  public func stop(_ cause: StopCause) {
    state.stop(cause)
  }

  /// Marks the run over once its result is taken, without a stop cause:
  /// probes then treat the teardown that follows as streamlab's doing, so
  /// cancelling what is still subscribed draws no `cancel` on any row.
  public func endRun() {
    state.end()
  }

  /// Stops the run because a non-throwing stage's closure failed.
  public func fail(_ message: String, stage: String, value: Value?) {
    stop(.runtimeError(RuntimeError(message: message, stage: stage, time: clock.now, value: value)))
  }

  /// Every row recorded so far, sorted by pipeline then stage; each row's
  /// inner rows follow it in subscription order, each followed by its own.
  public var timelines: [Timeline] {
    var children: [Int: [Int]] = [:]
    var roots: [Int] = []
    for (index, channel) in channels.enumerated() {
      if let parent = channel.parentIndex {
        children[parent, default: []].append(index)
      } else {
        roots.append(index)
      }
    }
    // A shared upstream comes first in its pipeline: its subscribers follow.
    func key(_ index: Int) -> (Int, Int, Int, Int) {
      let row = channels[index].row
      return (row.pipeline, channels[index].sharedBy == nil ? 1 : 0, row.stage, index)
    }
    roots.sort { key($0) < key($1) }
    var ordered: [Timeline] = []
    ordered.reserveCapacity(channels.count)
    // Depth first without recursion: a deep nesting cannot exhaust the stack.
    var pending = Array(roots.reversed())
    while let index = pending.popLast() {
      ordered.append(channels[index].timeline)
      pending += (children[index] ?? []).reversed()
    }
    return ordered
  }
}

/// The state one run's recorder and channels share: the clock, the event
/// count against the budget, and whether the run must stop.
///
/// Probes read `isStopped` for every event, so it is a plain flag; the
/// interrupt callback is polled only every `pollInterval` events.
final class RecordingState {
  let clock: VirtualClock
  let maxEvents: Int
  var isInterrupted: () -> Bool
  // Every recorded event touches these counters; they are only ever used
  // from the run's one thread, so the dynamic exclusivity check is skipped.
  @exclusivity(unchecked) fileprivate(set) var eventCount = 0
  @exclusivity(unchecked) private var clockActionCount = 0
  fileprivate(set) var stopCause: Recorder.StopCause?
  fileprivate(set) var contractViolations: [RuntimeError] = []
  /// Subscriptions through any probe that have not ended yet.
  fileprivate(set) var openSubscriptions = 0
  // Read by every probe at every value (see the counters above).
  @exclusivity(unchecked) fileprivate(set) var isStopped = false
  @exclusivity(unchecked) private var eventsUntilPoll = RecordingState.pollInterval
  private static let pollInterval = 256

  /// Set when the run tracks causes.
  let causes: CauseTracker?

  init(clock: VirtualClock, maxEvents: Int, isInterrupted: @escaping () -> Bool, causes: CauseTracker?) {
    self.clock = clock
    self.maxEvents = maxEvents
    self.isInterrupted = isInterrupted
    self.causes = causes
  }

  func stop(_ cause: Recorder.StopCause) {
    guard stopCause == nil else { return }
    stopCause = cause
    isStopped = true
  }

  /// Lets nothing more through, with no cause to report: the run is over.
  func end() {
    isStopped = true
  }

  /// Asks the interrupt callback now, and says whether the run must stop.
  func pollIsStopping() -> Bool {
    if !isStopped, isInterrupted() { stop(.interrupted) }
    return isStopped
  }

  /// Counts one action the clock runs. A timer that fires with nothing to
  /// record (`never | collect 1ns`: ten billion empty windows before a 10s
  /// horizon) records no event, so the budget counts the clock's actions
  /// too: a run does at most `maxEvents` of either.
  func countClockAction() {
    clockActionCount += 1
    if clockActionCount >= maxEvents { stop(.budget(maxEvents)) }
  }

  func count() {
    eventCount += 1
    if eventCount >= maxEvents { stop(.budget(maxEvents)) }
    eventsUntilPoll -= 1
    if eventsUntilPoll == 0 {
      eventsUntilPoll = RecordingState.pollInterval
      _ = pollIsStopping()
    }
  }
}

/// One row being recorded: the probe between two stages writes into it.
public final class TimelineChannel {
  private let state: RecordingState
  /// The row's label and position; its events are kept apart, in `events`.
  fileprivate let row: Timeline
  // Appended to for every event, from the run's one thread only.
  @exclusivity(unchecked) private var events = TimelineEvents()
  fileprivate let keepsEvents: Bool
  /// Where the recorder keeps this channel, and the channel whose row an
  /// inner row hangs under; nil for the silent channel and for stage rows.
  fileprivate var index: Int?
  fileprivate var parentIndex: Int?
  fileprivate var sharedBy: (binding: String, subscribers: SubscriberCount)?
  fileprivate var countsTowardBudget = true
  /// One channel can carry several subscriptions (retry subscribes again,
  /// silent stages share one), each counted until its terminal event.
  private var openSubscriptions = 0
  /// With causes tracked: each kept event's id, and the id of the event
  /// being handled when it happened (-1 for none), beside `events`.
  @exclusivity(unchecked) private var eventIDs: [Int] = []
  @exclusivity(unchecked) private var handledDuring: [Int] = []
  /// How the stage's operator makes its events from its inputs, where the
  /// event being handled does not say it all (`CauseRule`).
  public var causeRule: CauseRule?
  /// With causes tracked: the outstanding demand of the subscription through
  /// this row's probe, kept by the probe; nil when none is open.
  @exclusivity(unchecked) private var demand: DemandCount?
  private var demandAtSnapshot: DemandCount?

  /// The probe's outstanding demand changed (causes tracked only).
  @inline(__always) func noteDemand(_ demand: Subscribers.Demand?) {
    guard state.causes != nil else { return }
    self.demand = demand.map { $0.max.map(DemandCount.max) ?? .unlimited }
  }

  /// Keeps the outstanding demand as it is now, for `RowCauses.demandAtSnapshot`.
  func snapshotDemand() { demandAtSnapshot = demand }

  init(state: RecordingState, timeline: Timeline, keepsEvents: Bool = true) {
    self.state = state
    self.row = timeline
    self.keepsEvents = keepsEvents
  }

  /// The row recorded so far.
  public var timeline: Timeline {
    var timeline = row
    // Shared, not copied, when the row had none of its own: a run stopped
    // after millions of events hands them over at once (Ctrl-C must not wait).
    if timeline.events.isEmpty { timeline.events = events } else { timeline.events += events }
    timeline.shared = sharedBy.map { SharedUpstream(binding: $0.binding, subscribers: $0.subscribers.count) }
    if state.causes != nil, keepsEvents {
      timeline.causes = RowCauses(
        eventIDs: eventIDs, handledDuring: handledDuring, rule: causeRule, demandAtSnapshot: demandAtSnapshot)
    }
    return timeline
  }

  /// Gives the event just kept its id and what was being handled; nil when causes are not tracked.
  @inline(__always) private func noteCause() -> Int? {
    guard let causes = state.causes else { return nil }
    let id = causes.newID()
    eventIDs.append(id)
    handledDuring.append(causes.current ?? -1)
    return id
  }

  /// Runs `body`, a request passed upstream, with nothing being handled (`CauseTracker.asking`).
  @inline(__always) public func asking<T>(_ body: () -> T) -> T {
    guard let causes = state.causes else { return body() }
    return causes.asking(body)
  }

  /// Runs `body`, which passes the event `id` on, with that event as what
  /// is being handled (`CauseTracker`).
  @inline(__always) public func passing<T>(_ id: Int?, _ body: () -> T) -> T {
    guard let id, let causes = state.causes else { return body() }
    return causes.handling(id, body)
  }

  /// True once the run must stop: probes then let nothing more through.
  public var isStopping: Bool { state.isStopped }

  /// True when the channel keeps a row that a diagram draws.
  public var isDrawn: Bool { keepsEvents && index != nil }

  /// The row's label: the source text of the stage it shows.
  public var label: String { row.label }

  /// Stops the run because the stage in front of this channel's probe broke
  /// Combine's contract. It is kept apart too, so tests can tell such a bug
  /// from a runtime error the student's program caused.
  public func reportContractViolation(_ message: String, stage: String) {
    let error = RuntimeError(
      message: message + " (a bug in streamlab, not in your program)", stage: stage, time: state.clock.now, value: nil)
    state.contractViolations.append(error)
    state.stop(.runtimeError(error))
  }

  /// `record(.value(value))`, the event nearly every probe call records,
  /// without the `Kind` and `TimelineEvent` made on the way: a value neither
  /// opens nor ends a subscription.
  @discardableResult public func recordValue(_ value: Value) -> Int? {
    var id: Int?
    if keepsEvents {
      events.appendValue(value, at: state.clock.now)
      id = noteCause()
    }
    if countsTowardBudget { state.count() }
    return id
  }

  /// Records `kind` now; with causes tracked, returns the event's id.
  @discardableResult public func record(_ kind: TimelineEvent.Kind) -> Int? {
    switch kind {
    case .subscribed:
      openSubscriptions += 1
      state.openSubscriptions += 1
    case .finished, .failed, .cancelled:
      guard openSubscriptions > 0 else { break }
      openSubscriptions -= 1
      state.openSubscriptions -= 1
    default: break
    }
    var id: Int?
    if keepsEvents {
      events.append(TimelineEvent(time: state.clock.now, kind: kind))
      id = noteCause()
    }
    if countsTowardBudget { state.count() }
    return id
  }
}
