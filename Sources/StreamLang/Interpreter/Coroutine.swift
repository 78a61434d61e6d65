import StreamCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A line of execution that can stop in the middle and be continued later:
/// what a Swift `Task` is to the pasted-Swift interpreter (issue 31).
///
/// The interpreter walks Swift's syntax tree on the machine's own stack, so
/// a task that waits (`await Task.sleep`, the next value of a `for await`)
/// waits with its whole stack. Each coroutine therefore runs on a thread of
/// its own, a `LargeStack`-sized one, and exactly one thread runs at a time:
/// `resume()` hands the turn to the coroutine and waits until it comes back
/// (by `suspend()` or by ending), so a run stays as deterministic as it is
/// with one thread, and the mutex hand-off orders every write before the
/// other side reads it.
public final class Coroutine {
  private var mutex = pthread_mutex_t()
  private var turnChanged = pthread_cond_t()
  /// Whose turn it is: the coroutine's, or whoever resumed it. Written
  /// under `mutex`; read without it while a waiter spins (`waitFor`).
  private let coroutineHasTurn = Atomic<Bool>(false)
  private var body: ((Coroutine) -> Void)?
  private var started = false
  public private(set) var isFinished = false

  /// The coroutine runs `body` from its first `resume()`; `body` gets the
  /// coroutine, to `suspend()` it.
  public init(_ body: @escaping (Coroutine) -> Void) {
    self.body = body
    pthread_mutex_init(&mutex, nil)
    pthread_cond_init(&turnChanged, nil)
  }

  deinit {
    pthread_cond_destroy(&turnChanged)
    pthread_mutex_destroy(&mutex)
  }

  /// Runs the coroutine until it suspends or ends; the caller waits meanwhile.
  /// False when its thread could not be started (the coroutine has not run).
  @discardableResult
  public func resume() -> Bool {
    guard !isFinished else { return true }
    if !started {
      started = true
      pass(toCoroutine: true)
      guard let thread = SystemThread.start(stackSize: LargeStack.size, { [self] in runOnThread() }) else {
        pass(toCoroutine: false)
        started = false
        return false
      }
      SystemThread.detach(thread)
    } else {
      pass(toCoroutine: true)
    }
    waitFor(coroutineTurn: false)
    return true
  }

  /// Called on the coroutine's own thread: gives the turn back to whoever
  /// resumed it and waits for the next `resume()`.
  public func suspend() {
    pass(toCoroutine: false)
    waitFor(coroutineTurn: true)
  }

  private func runOnThread() {
    LargeStack.markCurrentThread()
    waitFor(coroutineTurn: true)
    runBody()
    // Everything the body held was let go of inside `runBody`, on this
    // thread's turn: nothing is released once the turn is handed back.
    isFinished = true
    pass(toCoroutine: false)
  }

  /// Gives the turn to one side and wakes a waiter that went to sleep.
  private func pass(toCoroutine: Bool) {
    pthread_mutex_lock(&mutex)
    coroutineHasTurn.store(toCoroutine, ordering: .releasing)
    pthread_cond_broadcast(&turnChanged)
    pthread_mutex_unlock(&mutex)
  }

  /// Waits until it is the given side's turn: spinning a little first, since
  /// a turn usually comes back within microseconds and waking a sleeping
  /// thread costs far more (measured: 230 µs a turn asleep, on two cores).
  private func waitFor(coroutineTurn: Bool) {
    for _ in 0..<Self.spins where coroutineHasTurn.load(ordering: .acquiring) == coroutineTurn { return }
    pthread_mutex_lock(&mutex)
    while coroutineHasTurn.load(ordering: .acquiring) != coroutineTurn {
      pthread_cond_wait(&turnChanged, &mutex)
    }
    pthread_mutex_unlock(&mutex)
  }

  private static let spins = 20_000

  private func runBody() {
    let body = self.body
    self.body = nil
    body?(self)
  }
}
