import StreamCore

/// Why a wrong answer's output sent the event where it first differs from
/// the expected output (issue 33): the event and what it was made from, from
/// the answer's run with its causes recorded, in the operator's own words
/// where it has them: `your `debounce 100ms` let "ip" through at 200ms
/// because 100ms of quiet followed it (it came at 100ms)`.
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
    let made = graph.causes(of: ids[position]).compactMap { cause -> Made? in
      guard let place = graph.place(of: cause) else { return nil }
      return Made(label: result.rows[place.row].label, event: result.rows[place.row].events[place.index])
    }
    guard !made.isEmpty else { return nil }
    if let reason = reason(row.label, sent: event, from: made) {
      return "your `\(row.label)` " + reason
    }
    let causes = made.map { cause -> String in
      let before = cause.event.time.distance(to: event.time)
      let when = before == .zero ? "at the same instant" : "\(before) before"
      return cause.description + ", \(when)"
    }
    return "your `\(row.label)` sent \(OutputDifference.describe(event.kind)) at \(event.time), made from "
      + causes.joined(separator: " and ")
  }

  /// An event a sent event was made from, and the row it is on.
  struct Made: CustomStringConvertible {
    var label: String
    var event: TimelineEvent
    var description: String { "`\(label)` \(OutputDifference.describe(event.kind)) at \(event.time)" }
  }

  /// Why the operator sent `event`, in the words of its documented rule,
  /// from the events the run recorded it was made from; nil for an
  /// operator without words of its own here (the sentence then lists the
  /// causes and how long before they came).
  static func reason(_ label: String, sent event: TimelineEvent, from made: [Made]) -> String? {
    guard case .value(let value) = event.kind else { return nil }
    let name = operatorName(label)
    let (sent, at) = ("\(value) at \(event.time)", event.time)
    let values = made.filter { if case .value = $0.event.kind { true } else { false } }
    switch (name, values.count) {
    case ("debounce", 1):
      // Debounce sends a value once its due time has passed with no newer one.
      let quiet = values[0].event.time.distance(to: event.time)
      guard quiet > .zero else { return nil }
      return "let \(value) through at \(at) because \(quiet) of quiet followed it (it came at \(values[0].event.time))"
    case ("throttle", 1):
      let waited = values[0].event.time.distance(to: event.time)
      if waited == .zero { return "let \(value) through at once at \(at): no throttle window was open" }
      return "sent \(sent) when its window closed, keeping the value that came at \(values[0].event.time)"
    case ("delay", 1):
      let late = values[0].event.time.distance(to: event.time)
      return "sent \(sent), \(late) after it got it at \(values[0].event.time)"
    case ("map", 1), ("compactMap", 1), ("tryMap", 1):
      return "made \(sent) from \(values[0])"
    case ("filter", 1), ("tryFilter", 1):
      return "let \(value) through at \(at): its condition held for \(values[0])"
    case ("combineLatest", 2...):
      return "sent \(sent), the latest value of each input: " + values.map(\.description).joined(separator: " and ")
    case ("zip", 2...):
      return "sent \(sent), pairing " + values.map(\.description).joined(separator: " and ")
    case ("collect", 1...):
      let (first, last) = (values[0].event.time, values[values.count - 1].event.time)
      let span = first == last ? "at \(first)" : "from \(first) to \(last)"
      return "sent \(sent), the batch of the \(values.count) value\(values.count == 1 ? "" : "s") it got \(span)"
    default:
      return nil
    }
  }

  /// `debounce` of `debounce 100ms` and of `.debounce(for: …)`, by the
  /// name `require:` knows it by (`take` is `prefix`).
  static func operatorName(_ label: String) -> String {
    OperatorNames.canonical(String(label.drop { $0 == " " || $0 == "." }.prefix { $0.isLetter || $0.isNumber }))
  }
}
