/// A scheduler as a student writes it after `receive on` or `subscribe on`.
///
/// Every one of them is the run's single virtual clock: what the program
/// shows is Combine's asynchronous hop (the action is queued behind what is
/// already scheduled for that instant), never a delay and never another
/// thread. `ImmediateScheduler.shared` is the exception Combine itself makes:
/// it runs the action at once, so it does not hop.
public enum SchedulerName: String, CaseIterable, Hashable, Sendable {
  case main
  case background
  case dispatchQueueMain = "DispatchQueue.main"
  case dispatchQueueGlobal = "DispatchQueue.global()"
  case runLoopMain = "RunLoop.main"
  case operationQueueMain = "OperationQueue.main"
  case immediate = "ImmediateScheduler.shared"

  /// Whether the scheduler queues an action instead of running it in the caller.
  public var hops: Bool { self != .immediate }

  /// The spellings, for diagnostics and help: "main, background, DispatchQueue.main, …".
  public static var spellings: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
