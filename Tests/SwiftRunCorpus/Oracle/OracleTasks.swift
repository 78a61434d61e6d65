#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Swift's tasks on the oracle's virtual clock (issue 31): every job the
/// snippet's code gives the main actor or the global executor is queued on
/// `OracleClock` at its current time, first in, first out, and run there
/// on this one thread; `Task.sleep` waits on the virtual clock. So
/// `Task { … }`, `await`, `for await … in publisher.values` and
/// `Future`-from-`Task` run as Swift runs them on a serial main actor,
/// with the timing exactly repeatable.
///
/// It uses the concurrency runtime's hooks for test executors
/// (`swift_task_getMainExecutor_hook`, `swift_task_enqueueGlobal_hook`), as
/// Point-Free's `withMainSerialExecutor` does. They are installed only while
/// a snippet runs (`capturing`), and only jobs enqueued from the snippet's
/// thread are taken: anything else in the process keeps the real executors.
enum OracleTasks {
  private typealias EnqueueOriginal = @convention(thin) (UnownedJob) -> Void
  private typealias EnqueueHook = @convention(thin) (UnownedJob, EnqueueOriginal) -> Void
  private typealias MainOriginal = @convention(thin) () -> UnownedSerialExecutor
  private typealias MainHook = @convention(thin) (MainOriginal) -> UnownedSerialExecutor

  private static let enqueueGlobalHook = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook")!
    .assumingMemoryBound(to: EnqueueHook?.self)
  private static let mainExecutorHook = dlsym(dlopen(nil, RTLD_NOW), "swift_task_getMainExecutor_hook")!
    .assumingMemoryBound(to: MainHook?.self)

  /// The thread the snippet runs on, while one runs.
  nonisolated(unsafe) fileprivate static var snippetThread: pthread_t?

  fileprivate static var isOnSnippetThread: Bool {
    guard let snippetThread else { return false }
    return pthread_equal(pthread_self(), snippetThread) != 0
  }

  /// Runs `body` (a snippet, then its clock) with the snippet's jobs on the virtual clock.
  static func capturing(_ body: () -> Void) {
    snippetThread = pthread_self()
    enqueueGlobalHook.pointee = { job, original in
      if OracleTasks.isOnSnippetThread { OracleExecutor.shared.enqueue(job) } else { original(job) }
    }
    mainExecutorHook.pointee = { original in
      OracleTasks.isOnSnippetThread ? OracleExecutor.shared.asUnownedSerialExecutor() : original()
    }
    defer {
      enqueueGlobalHook.pointee = nil
      mainExecutorHook.pointee = nil
      snippetThread = nil
    }
    body()
  }

  /// An async snippet's body, started as the main actor's first job; the
  /// clock then runs until nothing is left.
  @MainActor static func run(_ snippet: @escaping @MainActor () async -> Void) {
    capturing {
      Task { @MainActor in await snippet() }
      OracleClock.shared.run()
    }
  }

  /// Waits until the clock has nothing else to do: an async snippet's end,
  /// after which a script's main run loop would have nothing left to run.
  static func untilIdle() async {
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
      OracleClock.shared.whenIdle { continuation.resume() }
    }
  }

  /// `Task.sleep` on the virtual clock: resumes after `nanoseconds`, or at
  /// once with `CancellationError` when the task is cancelled meanwhile.
  static func sleep(nanoseconds: Int) async throws {
    let sleep = Sleep()
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, Error>) in
        sleep.start(continuation, nanoseconds: nanoseconds)
      }
    } onCancel: {
      sleep.cancel()
    }
  }

  /// One sleep: its continuation, resumed once, by its time or by cancellation.
  private final class Sleep: @unchecked Sendable {
    private var continuation: UnsafeContinuation<Void, Error>?
    private var work: OracleClock.Work?
    private var isCancelled = false

    func start(_ continuation: UnsafeContinuation<Void, Error>, nanoseconds: Int) {
      if isCancelled { return continuation.resume(throwing: CancellationError()) }
      self.continuation = continuation
      work = OracleClock.shared.schedule(at: OracleClock.shared.now + nanoseconds) { [self] in
        self.continuation?.resume()
        self.continuation = nil
      }
    }

    func cancel() {
      isCancelled = true
      work?.isCancelled = true
      continuation?.resume(throwing: CancellationError())
      continuation = nil
    }
  }
}

/// The executor the snippet's main actor and global jobs run on: the virtual clock's queue.
final class OracleExecutor: SerialExecutor, @unchecked Sendable {
  static let shared = OracleExecutor()

  func enqueue(_ job: UnownedJob) {
    OracleClock.shared.schedule(at: OracleClock.shared.now) {
      job.runSynchronously(on: OracleExecutor.shared.asUnownedSerialExecutor())
    }
  }

  /// Everything runs on the snippet's one thread, which is where this executor's jobs run.
  func checkIsolated() {}
}

extension Task where Success == Never, Failure == Never {
  /// `Task.sleep(for:)` on the oracle's clock (shadowing the Standard Library's, which waits in real time).
  static func sleep(for duration: Duration) async throws {
    let (seconds, attoseconds) = duration.components
    try await OracleTasks.sleep(nanoseconds: Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
  }

  /// `Task.sleep(nanoseconds:)` on the oracle's clock.
  static func sleep(nanoseconds: UInt64) async throws {
    try await OracleTasks.sleep(nanoseconds: Int(nanoseconds))
  }
}
