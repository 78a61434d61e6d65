#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One run of another program, as a user runs it: its wall time, its peak
/// resident memory (the kernel's `ru_maxrss` for that child alone, from
/// `wait4`) and how many bytes it wrote to standard output, which is read
/// through a pipe as a terminal or `| wc -c` would read it.
struct ProcessRun {
  var seconds: Double
  /// The child's user and system CPU time: on a shared machine, what it
  /// cost apart from the time it waited for a core.
  var cpuSeconds: Double
  var peakBytes: Int
  var outputBytes: Int
  var status: Int32

  /// Runs `path` with `arguments`, its standard input read from the file at
  /// `input` when given, its standard error thrown away when `quiet`; nil
  /// when it could not be started.
  static func run(_ path: String, _ arguments: [String], input: String? = nil, quiet: Bool = false) -> ProcessRun? {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return nil }
    defer { close(pipeEnds[0]) }
    #if canImport(Glibc)
      var actions = posix_spawn_file_actions_t()
    #else
      var actions: posix_spawn_file_actions_t?
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    if let input { posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0) }
    if quiet { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let start = now()
    var pid = pid_t()
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
    close(pipeEnds[1])
    guard spawned == 0 else { return nil }
    var outputBytes = 0
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
      if count > 0 {
        outputBytes += count
      } else if count == 0 || errno != EINTR {
        break
      }
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let seconds = now() - start
    // Linux reports ru_maxrss in kilobytes, macOS in bytes.
    #if canImport(Glibc)
      let peak = usage.ru_maxrss * 1024
    #else
      let peak = usage.ru_maxrss
    #endif
    let cpu = [usage.ru_utime, usage.ru_stime].reduce(0) { $0 + Double($1.tv_sec) + Double($1.tv_usec) / 1e6 }
    return ProcessRun(seconds: seconds, cpuSeconds: cpu, peakBytes: peak, outputBytes: outputBytes, status: status)
  }

  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
