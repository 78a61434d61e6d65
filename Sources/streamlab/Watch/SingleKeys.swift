#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard input read key by key: canonical input and echo off, so `q`
/// acts without Enter and leaves no trace on the screen. Ctrl-C still
/// raises SIGINT (signals stay on), so it also stops a check's run.
///
/// `restore()` puts back the settings found at `enter()`; `streamlab watch`
/// calls it on every way out, and `enter()` again when a Ctrl-Z'd watch is
/// brought back (the shell sets its own modes while it waits).
final class SingleKeys {
  private var saved: termios?

  /// Switches a terminal on standard input to single keys; nothing happens when it is not a terminal.
  func enter() {
    var settings = termios()
    guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &settings) == 0 else { return }
    if saved == nil { saved = settings }
    settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &settings.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    tcsetattr(STDIN_FILENO, TCSANOW, &settings)
  }

  /// The settings `enter()` found.
  func restore() {
    guard var saved else { return }
    tcsetattr(STDIN_FILENO, TCSANOW, &saved)
  }
}
