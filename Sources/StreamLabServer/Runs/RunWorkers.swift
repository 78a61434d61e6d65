import Foundation
import StreamLang

/// The threads the server's requests are handled and their programs run on:
/// a fixed set of threads with `LargeStack`'s stack, started once and kept,
/// each taking the oldest job. A task executor, so a connection's task runs
/// here from its first byte to its answer and a run needs no thread of its
/// own (`withTaskExecutorPreference`).
///
/// Before, a request crossed five threads: the event loop, Swift's
/// cooperative pool, a Dispatch worker, a new thread with a 512 MB stack
/// (mapped, faulted in, unmapped) and the pool again. Under 200 clients the
/// waking and switching cost more than the run itself (docs/reliability.md,
/// "Load"). `RunSlots` lets `concurrentRuns` runs in at once; the threads
/// beyond those keep answering pages and refusals while every slot runs a
/// long program. The threads end when the workers are let go of.
final class RunWorkers: TaskExecutor {
  private let queue = JobQueue()

  init(count: Int) {
    for _ in 0..<max(1, count) {
      let queue = self.queue
      guard LargeStack.detach({ queue.serve() }) else { break }
      queue.addThread()
    }
  }

  deinit {
    queue.close()
  }

  /// True on one of the workers' threads (of any `RunWorkers`), which have
  /// `LargeStack`'s stack.
  static var isWorkerThread: Bool { pthread_getspecific(workerThreadKey) != nil }

  /// True while `RunSlots` hands a slot on: the task resumed with it goes
  /// ahead of the other jobs.
  @TaskLocal static var resumesFirst = false

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    // With no thread started (the system refused), a Dispatch worker takes
    // it; a run then starts its own large stack, as before.
    if !queue.add({ job.runSynchronously(on: executor) }, first: Self.resumesFirst) {
      DispatchQueue.global().async { job.runSynchronously(on: executor) }
    }
  }
}

/// The jobs waiting for a thread, in arrival order, and the threads' lock.
/// @unchecked: every property is read and written with `condition` held.
private final class JobQueue: @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [@Sendable () -> Void] = []
  private var next = 0
  private var threads = 0
  private var closed = false

  func addThread() {
    condition.withLock { threads += 1 }
  }

  /// False when no thread will take it.
  func add(_ job: @escaping @Sendable () -> Void, first: Bool) -> Bool {
    condition.withLock {
      guard threads > 0, !closed else { return false }
      if first { jobs.insert(job, at: next) } else { jobs.append(job) }
      condition.signal()
      return true
    }
  }

  func close() {
    condition.withLock {
      closed = true
      condition.broadcast()
    }
  }

  /// A thread's life: the oldest job, run without the lock, until closed
  /// and every job taken.
  func serve() {
    pthread_setspecific(workerThreadKey, UnsafeRawPointer(bitPattern: 1))
    condition.lock()
    while true {
      while next == jobs.count, !closed { condition.wait() }
      guard next < jobs.count else { break }
      let job = jobs[next]
      next += 1
      // Taken jobs are dropped in one go once they are half the array, so
      // taking one is not a shift of the whole array.
      if next * 2 >= jobs.count {
        jobs.removeFirst(next)
        next = 0
      }
      condition.unlock()
      job()
      condition.lock()
    }
    condition.unlock()
  }
}

/// Marks the workers' threads (a thread-specific value).
private let workerThreadKey: pthread_key_t = {
  var key = pthread_key_t()
  pthread_key_create(&key, nil)
  return key
}()
