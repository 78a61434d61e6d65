extension HelpPage {
  /// `receive on` and `subscribe on`. Every scheduler is the run's one
  /// virtual clock, so what the pages show is Combine's asynchronous hop.
  static let schedulers: [HelpPage] = [
    HelpPage(
      name: "receive",
      paragraph: """
        Delivers every value and the completion from an action queued on the scheduler, so they \
        arrive after everything already due at that instant, never later in time. Every \
        scheduler (`main`, `background`, `DispatchQueue.main`, `DispatchQueue.global()`, \
        `RunLoop.main`, `OperationQueue.main`) is the one virtual clock; \
        `ImmediateScheduler.shared` runs at once and does not hop. Below, merge's own `just 9` \
        overtakes the values that hopped to main.
        """,
      demo: "just 1,2,3 | merge { just 9 }; just 1,2,3 | receive on main | merge { just 9 }"),
    HelpPage(
      name: "subscribe",
      paragraph: """
        Subscribes to upstream (and requests and cancels) from an action queued on the scheduler, \
        so the subscription is made after everything already due at that instant. Every \
        scheduler is the one virtual clock; `ImmediateScheduler.shared` does not hop. Below, the \
        second subscriber of a subject misses the value sent at 0ms: its subscription moved \
        behind that send.
        """,
      demo: "let s = subject 0ms:1, 100ms:2, 200ms:|; s; s | subscribe on main"),
  ]
}
