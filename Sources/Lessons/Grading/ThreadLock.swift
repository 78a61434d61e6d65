#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pthread mutex around what grading's threads share: `streamlab` links
/// no Foundation (docs/benchmarks.md, "Start-up"), so no `NSLock`.
final class ThreadLock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  init() { pthread_mutex_init(mutex, nil) }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  func locked<T>(_ body: () -> T) -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body()
  }
}
