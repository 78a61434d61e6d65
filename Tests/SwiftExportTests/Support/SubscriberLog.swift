import StreamCore

/// What each subscriber of a program saw, one `t=… event` line per event, in
/// order: the form both an exported function's log and a DSL run's output
/// rows are brought to before they are compared.
struct SubscriberLog: Equatable, CustomStringConvertible {
  var lines: [[String]]

  /// Runs an exported function on a fresh virtual clock up to `horizon` and
  /// sorts its log lines (`"1: value 2"`) by subscriber.
  init(
    running program: (VirtualClock, @escaping (String) -> Void) -> Subscriptions,
    horizon: VirtualTime = .milliseconds(10_000)
  ) {
    let clock = VirtualClock()
    var lines: [[String]] = []
    let subscriptions = program(clock) { line in
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2, let number = Int(parts[0]) else { return }
      while lines.count <= number { lines.append([]) }
      lines[number].append("t=\(clock.now) \(parts[1].dropFirst())")
    }
    clock.run(until: horizon)
    withExtendedLifetime(subscriptions) {}
    self.lines = lines
  }

  /// The output rows of a DSL run, event by event (demand and drops are not
  /// something a subscriber sees).
  init(outputs: [Timeline]) {
    lines = outputs.map { row in
      row.marbleEvents.map { event in
        let detail: String
        switch event.kind {
        case .subscribed: detail = "subscribed"
        case .value(let value): detail = "value \(value.description)"
        case .finished: detail = "finished"
        case .failed(let message): detail = "failed \(message)"
        case .cancelled: detail = "cancelled"
        case .requested, .dropped: detail = "\(event.kind)"
        }
        return "t=\(event.time) \(detail)"
      }
    }
  }

  init(lines: [[String]]) {
    self.lines = lines
  }

  var description: String {
    lines.enumerated().map { "subscriber \($0.offset):\n  " + $0.element.joined(separator: "\n  ") }
      .joined(separator: "\n")
  }
}
