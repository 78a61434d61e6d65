import StreamCore

/// The limits of one run, from the command line, the REPL or a lesson.
public struct RunOptions {
  /// Virtual time after which the run stops (DSL.md: 10s unless `:horizon` or `--horizon` says otherwise).
  public var horizon: VirtualTime
  /// Recorded events after which the run stops (DSL.md: 1,000,000 unless `--max-events`).
  public var maxEvents: Int
  /// Polled while the run goes on; true stops it (Ctrl-C in the REPL).
  public var isInterrupted: () -> Bool
  /// Records inner rows and shared upstreams. Off, the run has exactly the
  /// rows it had before they existed: the tests compare both ways to show
  /// that recording them changes no stage row.
  public var recordsInnerRows = true
  /// Records which event made which (issue 33): each row then carries its
  /// events' ids and causes, and the result a `CauseGraph`. Off by default:
  /// it costs an id and a cause per event (`streamlab-bench causes`).
  public var tracksCauses = false
  /// With `tracksCauses`: the instant at which the run notes the work
  /// waiting on its clock (`RunResult.pendingAtSnapshot`), and goes on.
  public var snapshotAt: VirtualTime?

  public init(
    horizon: VirtualTime = .milliseconds(10_000), maxEvents: Int = 1_000_000,
    isInterrupted: @escaping () -> Bool = { false }
  ) {
    self.horizon = horizon
    self.maxEvents = maxEvents
    self.isInterrupted = isInterrupted
  }
}
