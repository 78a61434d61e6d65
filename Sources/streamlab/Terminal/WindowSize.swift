#if canImport(Glibc)
  import Glibc
#endif

/// Counts the SIGWINCH signals received; the handler may only touch
/// lock-free state (see `InterruptFlag`).
@exclusivity(unchecked) private nonisolated(unsafe) var resizeCount: sig_atomic_t = 0

/// The terminal's width as it changes: a student who widens the window
/// gets wider diagrams at the next input, unless `--width` or `COLUMNS`
/// pinned the width.
///
/// SIGWINCH only counts; the line editor compares the count with the one
/// it saw last and has libedit measure the terminal again.
enum WindowSize {
  /// Installs the handler, with `SA_RESTART` so no other call is cut short by a resize.
  static func install() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in resizeCount &+= 1 }
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    sigaction(SIGWINCH, &action, nil)
  }

  /// How many resizes have been signalled so far.
  static var generation: Int { Int(resizeCount) }

  /// The output terminal's columns now, or nil when it cannot be asked.
  static func columns() -> Int? {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}

/// The width diagrams are drawn at: fixed by `--width` or `COLUMNS`, else
/// the terminal's, asked again before each input is handled.
///
/// Asked, not told by SIGWINCH: the kernel may hand the signal to another
/// thread, whose handler can run after the line typed next has been read.
/// The size itself is set before the signal is sent, and one ioctl per
/// input costs nothing.
struct DiagramWidth {
  /// The width in use.
  private(set) var current: Int
  /// True when the width follows the terminal.
  let follows: Bool

  init(initial: Int, follows: Bool) {
    current = initial
    self.follows = follows
  }

  /// The new width when the terminal's width is not the one in use, else nil.
  mutating func change() -> Int? {
    guard follows, let columns = WindowSize.columns().map({ min($0, 1_000) }), columns != current else { return nil }
    current = columns
    return columns
  }
}
