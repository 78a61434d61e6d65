/// One action waiting on the clock at an instant (issue 33's state at an
/// instant): when it is due, and the id of the event whose handling
/// scheduled it (`CauseTracker`).
public struct PendingWork: Hashable {
  public var due: VirtualTime
  public var scheduledWhileHandling: Int

  public init(due: VirtualTime, scheduledWhileHandling: Int) {
    self.due = due
    self.scheduledWhileHandling = scheduledWhileHandling
  }
}
