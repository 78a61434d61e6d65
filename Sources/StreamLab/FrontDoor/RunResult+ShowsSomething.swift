import StreamCore

extension RunResult {
  /// Whether an interpreted paste's run has anything to show: a subscription,
  /// a printed line, or a runtime error that stopped it (`while true {}`
  /// stops at the statement budget before it prints). A run with none of
  /// them is left to the short-form reader, which draws a bare publisher.
  var showsSomething: Bool {
    if case .runtimeError = stop { return true }
    return !pipelines.isEmpty || !log.isEmpty || !tasks.isEmpty
  }
}
