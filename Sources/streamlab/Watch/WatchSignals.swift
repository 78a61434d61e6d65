#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The last SIGTERM or SIGHUP received (0 for none); the handler may only
/// touch lock-free state (see `InterruptFlag`).
@exclusivity(unchecked) private nonisolated(unsafe) var stopSignal: sig_atomic_t = 0
/// Counts SIGCONTs: the process was stopped (Ctrl-Z) and brought back.
@exclusivity(unchecked) private nonisolated(unsafe) var continueCount: sig_atomic_t = 0
/// Set by SIGTSTP (Ctrl-Z): the watch restores the terminal, then stops itself.
@exclusivity(unchecked) private nonisolated(unsafe) var suspendAsked: sig_atomic_t = 0

/// The signals besides Ctrl-C's that `streamlab watch` answers: SIGTERM and
/// SIGHUP (a closed window, a dropped SSH connection) end it after the
/// terminal is restored, instead of killing it in single-key mode with the
/// cursor hidden; Ctrl-Z (SIGTSTP) stops it after the terminal is restored,
/// and SIGCONT makes it set the terminal up again and redraw.
enum WatchSignals {
  static func install() {
    installSuspendHandler()
    for signal in [SIGTERM, SIGHUP] {
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { stopSignal = $0 }
      #else
        action.__sigaction_u.__sa_handler = { stopSignal = $0 }
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      sigaction(signal, &action, nil)
    }
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = { _ in continueCount &+= 1 }
    #else
      action.__sigaction_u.__sa_handler = { _ in continueCount &+= 1 }
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    sigaction(SIGCONT, &action, nil)
  }

  private static func installSuspendHandler() {
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = { _ in suspendAsked = 1 }
    #else
      action.__sigaction_u.__sa_handler = { _ in suspendAsked = 1 }
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGTSTP, &action, nil)
  }

  /// True once after each Ctrl-Z.
  static func takeSuspendRequest() -> Bool {
    guard suspendAsked != 0 else { return false }
    suspendAsked = 0
    return true
  }

  /// Stops the process as Ctrl-Z does by default; returns once it is continued.
  static func suspend() {
    signal(SIGTSTP, SIG_DFL)
    raise(SIGTSTP)
    installSuspendHandler()
  }

  /// SIGTERM or SIGHUP when one has arrived.
  static var stop: Int32? { stopSignal == 0 ? nil : Int32(stopSignal) }

  /// How many times the process has been continued after a stop.
  static var continuations: Int { Int(continueCount) }
}
