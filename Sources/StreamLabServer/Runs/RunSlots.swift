import Foundation

/// At most `count` runs at once; the others wait their turn in arrival order.
/// Runs take a whole core each, so more of them at once only slows all.
///
/// A request given a slot another run let go of goes first among the
/// `RunWorkers`' jobs: behind the jobs already waiting there it waited twice,
/// once for the slot and once for a thread, and under 200 clients those
/// were the slowest answers.
/// @unchecked: `free` and `waiting` are read and written with `lock` held.
final class RunSlots: @unchecked Sendable {
  private let lock = NSLock()
  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(count: Int) {
    free = max(1, count)
  }

  func acquire() async {
    if lock.withLock({ take() }) { return }
    await withCheckedContinuation { continuation in
      // A slot may have been let go of since the first look.
      let now = lock.withLock { () -> Bool in
        if take() { return true }
        waiting.append(continuation)
        return false
      }
      if now { continuation.resume() }
    }
  }

  /// Hands the slot to the longest waiting request, or frees it.
  func release() {
    let next = lock.withLock { () -> CheckedContinuation<Void, Never>? in
      if waiting.isEmpty {
        free += 1
        return nil
      }
      return waiting.removeFirst()
    }
    guard let next else { return }
    RunWorkers.$resumesFirst.withValue(true) { next.resume() }
  }

  /// A free slot taken; the lock must be held.
  private func take() -> Bool {
    guard free > 0 else { return false }
    free -= 1
    return true
  }
}
