import Dispatch
import StreamLang

/// Work the REPL waits for but Ctrl-C can walk away from: drawing a huge
/// diagram takes seconds, and the prompt must come back at once.
///
/// The work runs on its own thread (with a `LargeStack`-sized stack); the
/// caller looks at the interrupt every few milliseconds. When it is raised,
/// the caller returns and the thread's result is thrown away when it ends.
/// The work must only read what it was given (a finished run), never the
/// session.
enum InterruptibleWork {
  /// How often the waiting caller looks at the interrupt.
  static let pollMilliseconds = 5

  /// `work`'s result, or nil when `isInterrupted` became true first.
  static func run<Output>(isInterrupted: () -> Bool, _ work: @escaping () -> Output) -> Output? {
    let outcome = Outcome<Output>()
    let started = LargeStack.detach {
      outcome.value = work()
      outcome.done.signal()
    }
    guard started else { return work() }
    while outcome.done.wait(timeout: .now() + .milliseconds(pollMilliseconds)) == .timedOut {
      if isInterrupted() { return nil }
    }
    return outcome.value
  }

  /// Written by the worker before it signals `done`; read by the caller only
  /// after `done`, so the semaphore orders the two.
  private final class Outcome<Output> {
    var value: Output?
    let done = DispatchSemaphore(value: 0)
  }
}
