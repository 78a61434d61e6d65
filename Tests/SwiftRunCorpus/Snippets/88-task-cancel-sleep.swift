// Form: A tutorial on cancellation: a task cancelled while it sleeps wakes at once with `CancellationError`.
import Combine

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
