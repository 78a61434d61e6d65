import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The real `streamlab` binary running on a pseudo-terminal, driven the way a
/// person at a keyboard drives it: bytes in, screen bytes out.
///
/// Every wait has a deadline, so a binary that hangs fails its test with what
/// it printed so far instead of hanging the suite. The deadlines are generous
/// safety nets, not performance limits.
final class PseudoTerminal {
  /// How long any single wait may take before the test gives up.
  static let patience: TimeInterval = 30

  private let master: Int32
  let pid: pid_t
  /// Every byte the program has written to the terminal so far.
  private var output: [UInt8] = []
  private var exitStatus: Int32?

  /// Starts `arguments` (the binary first) in a new session whose
  /// controlling terminal is a fresh 100x30 pseudo-terminal.
  init(_ arguments: [String], environment: [String: String]) throws {
    // The master is opened close-on-exec in one step and the slave is never
    // opened here: tests run in parallel, and a descriptor that another
    // test's spawn inherited could keep this terminal open or tangle it with
    // another session.
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0 else { throw Failure("opening /dev/ptmx failed: errno \(errno)") }
    // unlockpt and ptsname, spelled as Linux's ioctls (Swift's Glibc module
    // does not import them): TIOCSPTLCK unlocks the slave, TIOCGPTN names it.
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
      close(master)
      throw Failure("could not set up the pseudo-terminal: errno \(errno)")
    }
    var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    let slaveName = "/dev/pts/\(number)"
    self.master = master
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A new session, so opening the terminal below makes it the controlling
    // terminal and Ctrl-C reaches the program as SIGINT. (POSIX_SPAWN_SETSID
    // is a GNU macro Swift does not import.)
    //
    // The test runs on a worker thread whose mask blocks SIGINT, and a
    // spawned process inherits its mask: unblock everything and restore the
    // default SIGINT action (SETSIGMASK 0x08, SETSIGDEF 0x04).
    posix_spawnattr_setflags(&attributes, Int16(0x80 | 0x08 | 0x04))
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGINT)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, slaveName, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)

    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard status == 0 else {
      close(master)
      throw Failure("posix_spawn \(arguments[0]) failed: \(status)")
    }
    self.pid = pid
  }

  deinit {
    if exitStatus == nil {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    close(master)
  }

  /// Types `text` as keystrokes.
  func type(_ text: String) {
    var bytes = Array(text.utf8)
    while !bytes.isEmpty {
      let written = write(master, bytes, bytes.count)
      if written <= 0 { return }
      bytes.removeFirst(written)
    }
  }

  /// Resizes the terminal, as dragging the window's edge does: the kernel
  /// tells the program with SIGWINCH.
  func resize(columns: Int, rows: Int = 30) {
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
  }

  /// Everything the program has written so far, escapes included.
  var transcript: String { String(decoding: output, as: UTF8.self) }

  /// Waits until the output after byte `offset` contains `text`; returns the
  /// offset just past it, so a later wait can look for what comes next.
  @discardableResult
  func waitFor(_ text: String, after offset: Int = 0, patience: TimeInterval = patience) throws -> Int {
    let deadline = Date().addingTimeInterval(patience)
    let needle = Array(text.utf8)
    while true {
      if let end = Self.find(needle, in: output, from: offset) { return end }
      guard Date() < deadline else {
        throw Failure("waited \(Int(patience))s for \(text.debugDescription); the terminal showed:\n\(transcript)")
      }
      readAvailable(waitingAtMost: 0.2)
    }
  }

  /// Waits until the program reads keys one by one (libedit's raw mode:
  /// canonical input off). libedit prints its prompt just before switching,
  /// and keys typed in between are handled by the kernel's line discipline
  /// instead (a Ctrl-D there is swallowed), so a test types only after this.
  func waitForLineEditing() throws {
    let deadline = Date().addingTimeInterval(Self.patience)
    var settings = termios()
    while Date() < deadline {
      if tcgetattr(master, &settings) == 0, settings.c_lflag & tcflag_t(ICANON) == 0 { return }
      readAvailable(waitingAtMost: 0.01)
    }
    throw Failure("the terminal never left canonical mode; it showed:\n\(transcript)")
  }

  /// The terminal is in its ordinary mode: whole lines read, keys echoed
  /// (as a shell expects to find it when a program has left).
  var isInOrdinaryMode: Bool {
    var settings = termios()
    guard tcgetattr(master, &settings) == 0 else { return false }
    let ordinary = tcflag_t(ICANON | ECHO)
    return settings.c_lflag & ordinary == ordinary
  }

  /// The end of the output so far: waits after it see only new output.
  var mark: Int { output.count }

  /// How often `text` appears in the output after byte `offset`.
  func count(of text: String, after offset: Int = 0) -> Int {
    let needle = Array(text.utf8)
    var found = 0
    var start = offset
    while let end = Self.find(needle, in: output, from: start) {
      found += 1
      start = end
    }
    return found
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8], from offset: Int) -> Int? {
    guard !needle.isEmpty, haystack.count - offset >= needle.count else { return nil }
    for start in max(0, offset)...(haystack.count - needle.count)
    where haystack[start..<start + needle.count].elementsEqual(needle) {
      return start + needle.count
    }
    return nil
  }

  /// Waits for the program to exit, reading its last output, and returns
  /// its exit status (or 128 + the signal that killed it).
  func waitForExit() throws -> Int32 {
    if let exitStatus { return exitStatus }
    let deadline = Date().addingTimeInterval(Self.patience)
    while Date() < deadline {
      readAvailable(waitingAtMost: 0.1)
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid {
        readAvailable(waitingAtMost: 0.1)
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        exitStatus = code
        return code
      }
    }
    throw Failure("streamlab did not exit within \(Int(Self.patience))s; the terminal showed:\n\(transcript)")
  }

  private func readAvailable(waitingAtMost seconds: TimeInterval) {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, Int32(seconds * 1000)) > 0 else { return }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = read(master, &buffer, buffer.count)
    if count > 0 { output += buffer[0..<count] }
  }

  /// Why a terminal session did not go as the test expected.
  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }
}
