import Foundation
import OpenCombine
import StreamCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The concurrency half of Point-Free's test tooling, written again for
// OpenCombine so an exported test of a program with tasks (`values`,
// `task { … }`) compiles and runs here as it does on an Apple platform:
// combine-schedulers' `Scheduler.sleep(for:)` and `timer(interval:)`
// (`Sources/CombineSchedulers/Concurrency.swift`) and the async
// `TestScheduler.advance` (`TestScheduler.swift`), and
// swift-concurrency-extras' `withMainSerialExecutor` and `Task.megaYield`
// (`MainSerialExecutor.swift`, `Task.swift`). Same APIs, same mechanisms:
// the proof is only as good as the likeness.

extension OpenCombine.Scheduler {
  /// Suspends the current task for `duration` on this scheduler's clock; a
  /// cancelled task wakes at once and throws `CancellationError`.
  func sleep(
    for duration: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride = .zero,
    options: SchedulerOptions? = nil
  ) async throws {
    try Task.checkCancellation()
    _ = await timer(interval: duration, tolerance: tolerance, options: options).first { _ in true }
    try Task.checkCancellation()
  }

  /// The scheduler's time, every `interval`, until the stream's consumer stops.
  func timer(
    interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride = .zero,
    options: SchedulerOptions? = nil
  ) -> AsyncStream<SchedulerTimeType> {
    let scheduler = UncheckedBox(self)
    return AsyncStream { continuation in
      let cancellable = self.schedule(
        after: self.now.advanced(by: interval), interval: interval, tolerance: tolerance, options: options
      ) {
        continuation.yield(scheduler.value.now)
      }
      let held = UncheckedBox(cancellable)
      continuation.onTermination = { _ in held.value.cancel() }
    }
  }
}

/// A value that crosses into a `@Sendable` closure, as combine-schedulers'
/// `@UncheckedSendable` does: everything here runs on one serial executor.
private final class UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

extension TestScheduler {
  /// Advances the clock by `duration`, letting the tasks' pending jobs run
  /// before each scheduled action and before it returns.
  @MainActor func advance(by duration: VirtualTime.Stride = .zero) async {
    await advance(to: now.advanced(by: duration))
  }

  @MainActor func advance(to instant: VirtualTime) async {
    while now <= instant {
      await Task.megaYield()
      guard runNextAction(dueBy: instant) else { return }
    }
  }
}

extension Task where Success == Never, Failure == Never {
  /// Yields `count` times, each through a detached task, so that every job
  /// already queued runs first.
  static func megaYield(count: Int = 20) async {
    for _ in 0..<count {
      await Task<Void, Never>.detached(priority: .background) { await Task.yield() }.value
    }
  }
}

/// Runs `operation` with every job Swift's global executor is given sent
/// to the main actor instead, one at a time and in order, so a test of tasks
/// sees the same interleaving on every run.
@MainActor func withMainSerialExecutor(operation: @isolated(any) () async throws -> Void) async rethrows {
  let hook = MainSerialExecutorHook.pointer
  let previous = hook.pointee
  defer { hook.pointee = previous }
  hook.pointee = { job, _ in MainActor.shared.enqueue(job) }
  try await operation()
}

private enum MainSerialExecutorHook {
  typealias Original = @convention(thin) (UnownedJob) -> Void
  typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  nonisolated(unsafe) static let pointer = dlsym(dlopen(nil, 0), "swift_task_enqueueGlobal_hook")!
    .assumingMemoryBound(to: Hook?.self)
}
