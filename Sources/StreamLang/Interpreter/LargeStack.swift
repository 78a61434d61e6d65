import StreamCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs work on a thread with a large stack.
///
/// Building, subscribing and running a pipeline recurse once per stage
/// (OpenCombine's `receive(subscriber:)`, `request` and `receive(_:)` call
/// through every stage), so the main thread's 8 MB stack holds about 7,000
/// stages in a release build and 3,000 in a debug build. streamlab runs
/// programs on a 512 MB stack instead; pages are only committed as they are
/// touched, so a small program costs no more than before. `ProgramLimits`
/// are set well inside what this stack holds.
public enum LargeStack {
  /// The stack size of the threads `run` starts.
  public static let size = SystemThread.largeStackSize

  /// Runs `body` on a thread with a `size` stack and waits for it; on such a
  /// thread already (or if no thread can be started) runs it right here.
  public static func run<Result>(_ body: () -> Result) -> Result {
    if isOnLargeStack { return body() }
    return withoutActuallyEscaping(body) { body in
      var result: Result?
      guard start(waiting: true, { result = body() }) else { return body() }
      return result!
    }
  }

  /// Starts `work` on a new thread with a `size` stack and returns at once,
  /// without waiting for it; false when no thread could be started. For
  /// work a caller may walk away from (`InterruptibleWork`), started with
  /// the C library rather than Foundation's `Thread`, which only the full
  /// Foundation has (docs/benchmarks.md, "Start-up").
  public static func detach(_ work: @escaping () -> Void) -> Bool {
    start(waiting: false, work)
  }

  /// Marks the current thread, started with a `size` stack elsewhere (a
  /// `Coroutine`'s), as one `run` need not leave.
  static func markCurrentThread() {
    pthread_setspecific(largeStackKey, UnsafeRawPointer(bitPattern: 1))
  }

  /// True on a thread `run` or `detach` started.
  static var isOnLargeStack: Bool { pthread_getspecific(largeStackKey) != nil }

  /// Starts a thread that runs `work` and, when `waiting`, joins it (else
  /// detaches it); false when no thread could be started.
  private static func start(waiting: Bool, _ work: @escaping () -> Void) -> Bool {
    let started = SystemThread.start(stackSize: size) {
      markCurrentThread()
      work()
    }
    guard let started else { return false }
    if waiting { SystemThread.join(started) } else { SystemThread.detach(started) }
    return true
  }
}

/// Marks the threads `LargeStack.run` started (a thread-specific value).
private let largeStackKey: pthread_key_t = {
  var key = pthread_key_t()
  pthread_key_create(&key, nil)
  return key
}()
