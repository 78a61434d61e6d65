#if canImport(Glibc)
  import Glibc
#endif

/// The terminal's echo of typed keys, turned off while an input is handled.
///
/// Between prompts libedit hands the terminal back in its ordinary mode,
/// where a Ctrl-C is echoed as `^C` wherever the cursor is: inside the first
/// row of the diagram being printed. With echo off the key still raises
/// SIGINT, and streamlab says itself what the key did.
enum KeyEcho {
  /// Runs `body` with echo off on standard input, then restores the settings.
  static func suppressed<Result>(_ body: () -> Result) -> Result {
    var saved = termios()
    guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0 else { return body() }
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ECHO | ECHOCTL)
    tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
    defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
    return body()
  }
}
