import StreamCore
import StreamLang
import SwiftImport

/// A Swift `Task` of the paste (`Task { … }`, `Task.detached { … }`): its
/// body runs as a coroutine on the one virtual clock, started by the clock
/// as Swift's executor starts it (after the code that made it yields), and
/// interleaved with everything else only where it awaits (issue 31).
final class TaskValue: OpaqueValue {
  enum State: Equatable {
    /// Made, waiting for the clock to start it.
    case waiting
    case running
    /// Stopped at an `await`, for `suspension`.
    case suspended
    case finished
  }

  let serial: Int
  /// Where `Task {` was written, for its row's name and its notes.
  let range: SourceRange
  let isDetached: Bool
  /// When `Task {` ran.
  let made: VirtualTime
  var state = State.waiting
  private(set) var isCancelled = false
  /// What the body returned or threw, once it has ended.
  var outcome: Result<Value, ThrownValue>?
  /// The body, kept until the task ends: a task keeps what it captures alive until then (issue 30).
  var body: FunctionValue?
  var coroutine: Coroutine?
  /// What the task waits for while suspended.
  var suspension: Suspension?
  /// While it waits: the scopes of the `await`s on its stack, what it holds there (for the leak finder).
  var frames: [Scope] = []
  /// Tasks and top-level code waiting for this task's `value`.
  var awaiting: [Suspension] = []
  /// Its row: what happened when.
  var moments: [(time: VirtualTime, moment: TaskTimeline.Moment)] = []
  /// What to do for `cancel()` while the task waits (`Task.sleep` ends at once; a `for await` ends its loop).
  var onCancel: (() -> Void)?

  init(serial: Int, range: SourceRange, isDetached: Bool, made: VirtualTime, body: FunctionValue) {
    self.serial = serial
    self.made = made
    self.range = range
    self.isDetached = isDetached
    self.body = body
  }

  /// Marks the task cancelled; what it waits for reacts, as Swift's cancellation handlers do.
  func cancel() {
    guard !isCancelled else { return }
    isCancelled = true
    let handler = onCancel
    onCancel = nil
    handler?()
  }

  override var typeName: String { "Task" }
  override var description: String { "Task" }
}

/// An error a Swift `throw` raised, as a value (a task's failure).
struct ThrownValue: Error {
  let value: Value
}

/// One `await` that has not finished yet: the task (or the top-level code)
/// waiting, and, once someone resumes it, with what.
final class Suspension {
  enum Resumption {
    case value(Value)
    case thrown(Value)
    /// The run is over: the waiting code unwinds without running more Swift.
    case teardown
  }

  /// The task waiting, or nil for the top-level code.
  let task: TaskValue?
  /// Where the `await` is, for notes.
  let range: SourceRange
  private(set) var resumption: Resumption?
  /// Set when the clock reaches the resumption: the top-level code continues then.
  var isDue = false

  init(task: TaskValue?, range: SourceRange) {
    self.task = task
    self.range = range
  }

  /// Records how the await ends; the first resumption wins, as a continuation may be resumed once.
  /// True when this call resumed it.
  @discardableResult
  func resume(_ resumption: Resumption) -> Bool {
    guard self.resumption == nil else { return false }
    self.resumption = resumption
    return true
  }
}

/// Thrown through a task's or the top-level code's stack when the run ends
/// while it waits: never caught by the paste's `catch`.
struct RunEndedWhileWaiting: Error {}
