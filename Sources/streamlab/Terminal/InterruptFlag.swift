#if canImport(Glibc)
  import Glibc
#endif

/// Set by the SIGINT handler, read and cleared by the REPL. A handler may only
/// touch lock-free state, so this is a `sig_atomic_t` and nothing more.
///
/// Unchecked: Swift's dynamic exclusivity check would see the handler's write
/// as a conflicting access when the signal lands on a thread that is in the
/// middle of reading the flag (a run polling it), and trap. Ctrl-C during a
/// lesson answer's run crashed that way.
@exclusivity(unchecked) private nonisolated(unsafe) var interruptRaised: sig_atomic_t = 0

/// The thread that reads input. The kernel may deliver SIGINT to any thread
/// that does not block it (the Swift runtime starts Dispatch threads), and
/// only the reader's blocked `read` must see EINTR, so the handler passes the
/// signal on to it.
@exclusivity(unchecked) private nonisolated(unsafe) var readerThread: pthread_t = pthread_self()

/// Ctrl-C as a flag rather than a kill: while a program runs on the virtual
/// clock the run polls `isRaised` and stops; at the prompt the interrupted
/// read returns and the input is cleared.
enum InterruptFlag {
  /// Installs the handler without `SA_RESTART`, so a blocked `read` at the
  /// prompt returns `EINTR` and libedit hands control back.
  static func install() {
    readerThread = pthread_self()
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { signal in
      interruptRaised = 1
      // pthread_self, pthread_equal and pthread_kill are async-signal-safe.
      if pthread_equal(pthread_self(), readerThread) == 0 {
        pthread_kill(readerThread, signal)
      }
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
    // A parent may have started us with SIGINT blocked (thread pools block
    // it and children inherit the mask); then Ctrl-C would never arrive.
    var interrupt = sigset_t()
    sigemptyset(&interrupt)
    sigaddset(&interrupt, SIGINT)
    sigprocmask(SIG_UNBLOCK, &interrupt, nil)
  }

  static var isRaised: Bool { interruptRaised != 0 }

  static func clear() { interruptRaised = 0 }
}
