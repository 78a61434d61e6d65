// Generated from Snippets/88-task-cancel-sleep.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet88TaskCancelSleep() {
  // Form: A tutorial on cancellation: a task cancelled while it sleeps wakes at once with `CancellationError`.

  let worker = Task {
    print("worker starts, cancelled: \(Task.isCancelled)")
    do {
      try await Task.sleep(for: .seconds(2))
      print("worker woke")
    } catch {
      print("worker stopped: \(error), cancelled: \(Task.isCancelled)")
    }
  }

  let canceller = Task {
    try await Task.sleep(nanoseconds: 300_000_000)
    print("cancelling")
    worker.cancel()
  }
  OracleClock.shared.run()
  withExtendedLifetime((worker, canceller)) { OracleLog.shared.close() }
}
