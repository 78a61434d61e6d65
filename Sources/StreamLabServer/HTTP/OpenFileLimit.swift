#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's limit on open files, which every connection counts
/// against. Linux starts most shells at a soft limit of 1,024 and macOS at
/// 256, far below the hard limit the process may raise it to itself.
enum OpenFileLimit {
  /// Files kept free for what is not a connection: the listening socket,
  /// the event loops' descriptors, lesson and progress files, the runs' threads.
  static let reserve = 128

  /// Raises the soft limit to the hard limit (or to the system's maximum
  /// when the hard limit is unlimited) and returns the soft limit in force.
  @discardableResult
  static func raiseSoftLimit() -> Int {
    var limit = rlimit()
    guard getrlimit(resourceNumber, &limit) == 0 else { return 1_024 }
    var wanted = limit.rlim_max
    #if canImport(Darwin)
      // macOS refuses a soft limit above OPEN_MAX for setrlimit.
      wanted = min(wanted, rlim_t(OPEN_MAX))
    #endif
    if wanted == rlim_t.max { wanted = 1 << 20 }
    if wanted > limit.rlim_cur {
      var raised = limit
      raised.rlim_cur = wanted
      if setrlimit(resourceNumber, &raised) == 0 { limit = raised }
    }
    return Int(clamping: limit.rlim_cur)
  }

  /// Connections the server keeps open at once under `softLimit`.
  static func connectionCapacity(softLimit: Int) -> Int {
    max(16, softLimit - reserve)
  }

  #if canImport(Glibc)
    private static let resourceNumber = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
  #else
    private static let resourceNumber = RLIMIT_NOFILE
  #endif
}
