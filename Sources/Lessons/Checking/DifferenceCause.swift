import StreamCore

/// Why a wrong answer's output sent the event where it first differs from
/// the expected output (issue 33): the event and what it was made from, from
/// the answer's run with its causes recorded. `your `debounce 100ms` sent
/// "ip" at 200ms, made from `s` "ip" at 100ms, 100ms before`.
enum DifferenceCause {
  /// The sentence for `difference`, or nil when the answer sent nothing there
  /// or nothing recorded made it (a source's own send).
  static func sentence(_ difference: OutputDifference, output pipeline: Int, in result: RunResult) -> String? {
    guard let graph = CauseGraph(rows: result.rows),
      let row = result.rows.first(where: { $0.isOutput && $0.pipeline == pipeline }), let ids = row.causes?.eventIDs
    else { return nil }
    // The event, by its place among the events the comparison counts.
    let counted: [Int]
    let number: Int
    switch difference {
    case .event(let index, _, _?):
      counted = row.events.indices.filter { !ExpectedOutput.comparable([row.events[$0]]).isEmpty }
      number = index
    case .value(let index, _, _?):
      counted = row.events.indices.filter { if case .value = row.events.kind(at: $0) { true } else { false } }
      number = index
    default:
      return nil
    }
    guard counted.indices.contains(number) else { return nil }
    let position = counted[number]
    let event = row.events[position]
    let causes = graph.causes(of: ids[position]).compactMap { cause -> String? in
      guard let place = graph.place(of: cause) else { return nil }
      let made = result.rows[place.row].events[place.index]
      let before = made.time.distance(to: event.time)
      let when = before == .zero ? "at the same instant" : "\(before) before"
      return "`\(result.rows[place.row].label)` \(OutputDifference.describe(made.kind)) at \(made.time), \(when)"
    }
    guard !causes.isEmpty else { return nil }
    return "your `\(row.label)` sent \(OutputDifference.describe(event.kind)) at \(event.time), made from "
      + causes.joined(separator: " and ")
  }
}
