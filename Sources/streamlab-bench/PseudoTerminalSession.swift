#if canImport(Glibc)
  import Glibc
#endif

/// The `streamlab` playground at a pseudo-terminal, as a person at a
/// terminal meets it: its standard input, output and error are the
/// terminal, which is its controlling one, so the interrupt character
/// (0x03) is turned into SIGINT by the kernel's line discipline, as a
/// Ctrl-C typed at a real terminal is. Nothing else (tmux, a shell) sits
/// between the two, so the times are the program's own.
///
/// Linux only: forkpty is glibc's.
final class PseudoTerminalSession {
  /// The master side: what is written to it is typed, what is read from it was shown.
  private let terminal: Int32
  private let pid: pid_t
  /// Everything shown since the last `clearShown()`.
  private(set) var shown: [UInt8] = []
  private var hasExited = false

  /// The playground's prompt as it is shown in a UTF-8 locale.
  static let prompt = Array("» ".utf8)

  /// Starts `binary` with `arguments` on a new terminal of `columns` × 50;
  /// nil when it could not be started.
  init?(binary: String, arguments: [String], environment: [String], columns: Int = 100) {
    // Made before the fork: the child only calls execve.
    let argv = ([binary] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var size = winsize(ws_row: 50, ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    var master: Int32 = -1
    let child = forkpty(&master, nil, nil, &size)
    if child == 0 {
      execve(binary, argv, envp)
      _exit(127)
    }
    guard child > 0 else { return nil }
    terminal = master
    pid = child
  }

  deinit {
    if !hasExited {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    close(terminal)
  }

  /// Types `text` (a line ends with "\r", as the Return key sends it).
  func type(_ text: String) {
    write(Array(text.utf8))
  }

  /// Writes raw bytes: `[0x03]` is Ctrl-C.
  func write(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.write(terminal, $0.baseAddress, $0.count) }
      if written > 0 { offset += written } else if errno != EINTR { return }
    }
  }

  func clearShown() { shown.removeAll(keepingCapacity: true) }

  /// Reads what is shown until `shown` contains `wanted` at or after
  /// `start` (returns true), or `seconds` pass or the program ends (false).
  @discardableResult
  func read(until wanted: [UInt8], within seconds: Double, after start: Int = 0) -> Bool {
    let deadline = Self.now() + seconds
    var searchedUpTo = start
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      if Self.find(wanted, in: shown, from: searchedUpTo) != nil { return true }
      searchedUpTo = max(searchedUpTo, shown.count - wanted.count + 1)
      let left = deadline - Self.now()
      guard left > 0 else { return false }
      var descriptor = pollfd(fd: terminal, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, Int32(min(left * 1000 + 1, 1000)))
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { Glibc.read(terminal, $0.baseAddress, $0.count) }
      if count > 0 {
        shown += buffer[0..<count]
      } else if count < 0, errno == EINTR || errno == EAGAIN {
        continue
      } else {
        // EIO: the program ended and closed the terminal's other side.
        return false
      }
    }
  }

  /// Reads until nothing more is shown for `quietSeconds`.
  func drain(quietSeconds: Double = 0.05) {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      var descriptor = pollfd(fd: terminal, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, Int32(quietSeconds * 1000)) > 0 else { return }
      let count = buffer.withUnsafeMutableBytes { Glibc.read(terminal, $0.baseAddress, $0.count) }
      guard count > 0 else { return }
      shown += buffer[0..<count]
    }
  }

  /// The text shown since the last `clearShown()`, escape sequences and all.
  var shownText: String { String(decoding: shown, as: UTF8.self) }

  /// Ends the session with `:quit`; true when the program exited with status 0.
  func quit() -> Bool {
    type(":quit\r")
    drain(quietSeconds: 0.2)
    var status: Int32 = 0
    for _ in 0..<100 {
      if waitpid(pid, &status, WNOHANG) == pid {
        hasExited = true
        return status == 0
      }
      usleep(20_000)
    }
    return false
  }

  static func find(_ wanted: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard !wanted.isEmpty, bytes.count >= wanted.count, start <= bytes.count - wanted.count else { return nil }
    var index = start
    while index <= bytes.count - wanted.count {
      if bytes[index] == wanted[0], bytes[index..<(index + wanted.count)].elementsEqual(wanted) { return index }
      index += 1
    }
    return nil
  }

  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
