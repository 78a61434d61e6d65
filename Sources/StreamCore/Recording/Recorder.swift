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

  public let clock: VirtualClock
  /// The most events a run may record before it stops.
  public let maxEvents: Int
  public private(set) var eventCount = 0
  public private(set) var stopCause: StopCause?
  /// Polled as events arrive; returns true when the user pressed Ctrl-C.
  public var isInterrupted: () -> Bool
  private(set) var channels: [TimelineChannel] = []

  public init(clock: VirtualClock, maxEvents: Int = 1_000_000, isInterrupted: @escaping () -> Bool = { false }) {
    self.clock = clock
    self.maxEvents = maxEvents
    self.isInterrupted = isInterrupted
    clock.shouldStop = { [unowned self] in self.isStopping }
  }

  /// Opens a new row. Rows come out of `timelines` in the order they were opened.
  public func channel(label: String, pipeline: Int, stage: Int, isOutput: Bool = false) -> TimelineChannel {
    let channel = TimelineChannel(
      recorder: self, timeline: Timeline(label: label, pipeline: pipeline, stage: stage, isOutput: isOutput))
    channels.append(channel)
    return channel
  }

  /// A channel that keeps no row but counts every event toward the budget and
  /// honours a stop. Stages nobody sees (inside `flatMap { … }`) get one, so a
  /// runaway inner stream still ends.
  public lazy var silentChannel = TimelineChannel(
    recorder: self, timeline: Timeline(label: "", pipeline: -1, stage: 0), keepsEvents: false)

  /// True once the run has been asked to stop, for any reason.
  public var isStopping: Bool {
    if stopCause != nil { return true }
    if isInterrupted() {
      stopCause = .interrupted
      return true
    }
    return false
  }

  /// Stops the run. The first cause wins: it is the one the student must see.
  public func stop(_ cause: StopCause) {
    if stopCause == nil { stopCause = cause }
  }

  /// Stops the run because a non-throwing stage's closure failed.
  public func fail(_ message: String, stage: String, value: Value?) {
    stop(.runtimeError(RuntimeError(message: message, stage: stage, time: clock.now, value: value)))
  }

  /// Every row recorded so far, sorted by pipeline then stage.
  public var timelines: [Timeline] {
    channels.map(\.timeline).enumerated()
      .sorted { ($0.element.pipeline, $0.element.stage, $0.offset) < ($1.element.pipeline, $1.element.stage, $1.offset) }
      .map(\.element)
  }

  fileprivate func count() {
    eventCount += 1
    if eventCount >= maxEvents { stop(.budget(maxEvents)) }
  }
}

/// One row being recorded: the probe between two stages writes into it.
public final class TimelineChannel {
  private unowned let recorder: Recorder
  public private(set) var timeline: Timeline

  private let keepsEvents: Bool

  init(recorder: Recorder, timeline: Timeline, keepsEvents: Bool = true) {
    self.recorder = recorder
    self.timeline = timeline
    self.keepsEvents = keepsEvents
  }

  public var isStopping: Bool { recorder.isStopping }

  public func record(_ kind: TimelineEvent.Kind) {
    if keepsEvents {
      timeline.events.append(TimelineEvent(time: recorder.clock.now, kind: kind))
    }
    recorder.count()
  }
}
