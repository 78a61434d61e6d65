import StreamCore

/// `:at TIME`'s table of the stages (issue 33): what each one holds at an
/// instant, read from the run, never from a model of the operator. The
/// demand is what the probe after the stage saw asked and sent; the work
/// waiting is the clock's own queue at that instant (`debounce`'s pending
/// send, `delay`'s deliveries, a `throttle` window's end), each with the event
/// whose handling scheduled it and what it goes on to send; what `buffer`,
/// `zip`, `combineLatest` and `collect` hold follows from their inputs and
/// outputs up to the instant, by the rule of each (`CauseRule`).
public enum StateReport {
  /// One line per stage that is subscribed at `time`, and one per bound
  /// source with its subscribers then. `result` is the whole run, with its
  /// causes and the clock's waiting work noted at `time`.
  public static func lines(_ result: RunResult, at time: VirtualTime) -> [String] {
    guard let pending = result.pendingAtSnapshot, let graph = CauseGraph(rows: result.rows) else {
      return ["  (the run did not note its stages at this instant)"]
    }
    let rows = result.rows
    var lines: [String] = []
    // A label that several pipelines share (`s` read twice) says whose row it is.
    let shown = rows.filter { $0.isStageRow || $0.shared != nil }
    let repeated = Set(Dictionary(grouping: shown, by: \.label).filter { $0.value.count > 1 }.keys)
    for (index, row) in rows.enumerated() where row.isStageRow || row.shared != nil {
      guard let state = state(of: index, rows: rows, graph: graph, pending: pending, at: time)
      else { continue }
      let whose = repeated.contains(row.label) && row.shared == nil ? " (pipeline \(row.pipeline + 1))" : ""
      lines.append("  `\(row.label)`\(whose): " + state)
    }
    lines += subscribers(rows, at: time)
    return lines
  }

  /// What the row's stage holds at `time`, or nil when it is not subscribed then.
  private static func state(
    of index: Int, rows: [Timeline], graph: CauseGraph, pending: [PendingWork], at time: VirtualTime
  ) -> String? {
    let row = rows[index]
    let upToNow = row.events.indices.filter { row.events.time(at: $0) <= time }
    guard let subscribed = upToNow.last(where: { row.events.kind(at: $0) == .subscribed }) else { return nil }
    let since = upToNow.filter { $0 > subscribed }
    if let end = since.first(where: { row.events[$0].isTerminal }) {
      return "ended at \(row.events.time(at: end)) (\(row.events[end].detail))"
    }
    var parts = [demand(row.causes?.demandAtSnapshot)]
    let inputs = CauseGraph.inputRows(of: index, in: rows)
    parts += waiting(of: index, inputs: inputs, rows: rows, graph: graph, pending: pending)
    if let rule = row.causes?.rule, let held = holding(rule, row: row, inputs: inputs.map { rows[$0] }, at: time) {
      parts.append(held)
    }
    return parts.joined(separator: "; ")
  }

  /// `asked for unlimited`, `asked for 1 more`: what downstream has asked
  /// of the stage and not yet received, as the probe after it counts it.
  private static func demand(_ demand: DemandCount?) -> String {
    switch demand {
    case .unlimited: return "asked for unlimited"
    case .max(0), nil: return "asked for nothing more"
    case .max(let count): return "asked for \(count) more"
    }
  }

  /// The clock work waiting for the stage: scheduled as it handled an event
  /// of one of its inputs, and what that work goes on to send on its row
  /// (work that sends nothing, such as a `debounce` deadline a later value
  /// replaced, is left out: it will do nothing).
  private static func waiting(
    of index: Int, inputs: [Int], rows: [Timeline], graph: CauseGraph, pending: [PendingWork]
  ) -> [String] {
    let row = rows[index]
    guard let ids = row.causes?.eventIDs else { return [] }
    return pending.compactMap { work in
      guard let cause = graph.place(of: work.scheduledWhileHandling), inputs.contains(cause.row) else { return nil }
      let sent = ids.indices.first {
        row.events.time(at: $0) == work.due && graph.causes(of: ids[$0]).contains(work.scheduledWhileHandling)
      }
      guard let sent else { return nil }
      let input = rows[cause.row].events[cause.index]
      return "will send \(row.events[sent].detail) at \(work.due), for the \(input.detail) it got at \(input.time)"
    }
  }

  /// What the stage holds at `time` by its rule, or nil when nothing.
  private static func holding(_ rule: CauseRule, row: Timeline, inputs: [Timeline], at time: VirtualTime) -> String? {
    let sent = values(of: row, until: time)
    let received = inputs.map { values(of: $0, until: time) }
    switch rule {
    case .latestOfEachInput:
      let latest = zip(inputs, received).map { input, values in
        "`\(input.label)` " + (values.last.map { "\($0.value) (\($0.time))" } ?? "none yet")
      }
      return "latest: " + latest.joined(separator: ", ")
    case .nthOfEachInput:
      let queues = zip(inputs, received).map { input, values in
        "`\(input.label)` [" + values.dropFirst(sent.count).map(\.value.description).joined(separator: ", ") + "]"
      }
      return "waiting to pair: " + queues.joined(separator: ", ")
    case .nthInput:
      let held = received.first?.dropFirst(sent.count) ?? []
      return "holds [" + held.map(\.value.description).joined(separator: ", ") + "]"
    case .batch:
      // Each batch sent is the next values in, in order: what is left over is the batch so far.
      let batched = sent.reduce(0) { count, batch in
        if case .array(let items) = batch.value { return count + items.count }
        return count + 1
      }
      let batch = received.first?.dropFirst(batched) ?? []
      return "batch so far [" + batch.map(\.value.description).joined(separator: ", ") + "]"
    case .withPreviousOutput, .latestEqualInput:
      return nil
    }
  }

  private static func values(of row: Timeline, until time: VirtualTime) -> [(value: Value, time: VirtualTime)] {
    row.events.indices.compactMap { index in
      guard row.events.time(at: index) <= time, case .value(let value) = row.events.kind(at: index) else { return nil }
      return (value, row.events.time(at: index))
    }
  }

  /// `` `s`: 2 subscribers `` for each bound source that more than one
  /// pipeline reads (a subject, a `share`d binding), as at `time`.
  private static func subscribers(_ rows: [Timeline], at time: VirtualTime) -> [String] {
    var counts: [String: Int] = [:]
    var order: [String] = []
    for row in rows where row.stage == 0 && row.inner == nil {
      let upToNow = row.events.indices.filter { row.events.time(at: $0) <= time }
      guard upToNow.contains(where: { row.events.kind(at: $0) == .subscribed }) else { continue }
      let live = !upToNow.contains { row.events[$0].isTerminal }
      if counts[row.label] == nil { order.append(row.label) }
      counts[row.label, default: 0] += live ? 1 : 0
    }
    let shared = Set(rows.compactMap { $0.shared?.binding })
    return order.filter { label in
      shared.contains(label) || rows.filter { $0.stage == 0 && $0.inner == nil && $0.label == label }.count > 1
    }.map { label in
      let count = counts[label] ?? 0
      return "  `\(label)`: \(count) subscriber\(count == 1 ? "" : "s")"
    }
  }
}
