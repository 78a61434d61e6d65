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

  public init(clock: VirtualClock, maxEvents: Int = 1_000_000, isInterrupted: @escaping () -> Bool = { false }) {
    let state = RecordingState(clock: clock, maxEvents: maxEvents, isInterrupted: isInterrupted)
    self.state = state
    clock.shouldStop = { [unowned state] in state.pollIsStopping() }
  }

  /// Opens a new row. Rows come out of `timelines` in the order they were opened.
  public func channel(label: String, pipeline: Int, stage: Int, isOutput: Bool = false) -> TimelineChannel {
    let channel = TimelineChannel(
      state: state, timeline: Timeline(label: label, pipeline: pipeline, stage: stage, isOutput: isOutput))
    channels.append(channel)
    return channel
  }

  /// A channel that keeps no row but counts every event toward the budget and
  /// honours a stop. Stages nobody sees (inside `flatMap { … }`) get one, so a
  /// runaway inner stream still ends.
  public lazy var silentChannel = TimelineChannel(
    state: state, timeline: Timeline(label: "", pipeline: -1, stage: 0), keepsEvents: false)

  /// Every break of Combine's contract a probe saw, in order. Empty unless
  /// streamlab has a bug: the contract sweep in the tests asserts that.
  public var contractViolations: [RuntimeError] { state.contractViolations }

  /// True once the run has been asked to stop, for any reason.
  public var isStopping: Bool { state.pollIsStopping() }

  /// Stops the run. The first cause wins: it is the one the student must see.
  public func stop(_ cause: StopCause) {
    state.stop(cause)
  }

  /// Stops the run because a non-throwing stage's closure failed.
  public func fail(_ message: String, stage: String, value: Value?) {
    stop(.runtimeError(RuntimeError(message: message, stage: stage, time: clock.now, value: value)))
  }

  /// Every row recorded so far, sorted by pipeline then stage.
  public var timelines: [Timeline] {
    channels.map(\.timeline).enumerated()
      .sorted {
        ($0.element.pipeline, $0.element.stage, $0.offset) < ($1.element.pipeline, $1.element.stage, $1.offset)
      }
      .map(\.element)
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
  fileprivate(set) var stopCause: Recorder.StopCause?
  fileprivate(set) var contractViolations: [RuntimeError] = []
  fileprivate(set) var isStopped = false
  @exclusivity(unchecked) private var eventsUntilPoll = RecordingState.pollInterval
  private static let pollInterval = 256

  init(clock: VirtualClock, maxEvents: Int, isInterrupted: @escaping () -> Bool) {
    self.clock = clock
    self.maxEvents = maxEvents
    self.isInterrupted = isInterrupted
  }

  func stop(_ cause: Recorder.StopCause) {
    guard stopCause == nil else { return }
    stopCause = cause
    isStopped = true
  }

  /// Asks the interrupt callback now, and says whether the run must stop.
  func pollIsStopping() -> Bool {
    if !isStopped, isInterrupted() { stop(.interrupted) }
    return isStopped
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
  private let row: Timeline
  // Appended to for every event, from the run's one thread only.
  @exclusivity(unchecked) private var events: [TimelineEvent] = []
  private let keepsEvents: Bool

  init(state: RecordingState, timeline: Timeline, keepsEvents: Bool = true) {
    self.state = state
    self.row = timeline
    self.keepsEvents = keepsEvents
  }

  /// The row recorded so far.
  public var timeline: Timeline {
    var timeline = row
    timeline.events += events
    return timeline
  }

  /// True once the run must stop: probes then let nothing more through.
  public var isStopping: Bool { state.isStopped }

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

  public func record(_ kind: TimelineEvent.Kind) {
    if keepsEvents {
      events.append(TimelineEvent(time: state.clock.now, kind: kind))
    }
    state.count()
  }
}
