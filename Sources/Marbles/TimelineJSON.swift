import StreamCore

/// A run as DSL.md's JSON, for tools and graders:
///
///     {"streamlab": 1,
///      "rows": [{"label": "just 1,2,3", "pipeline": 0, "stage": 0,
///                "events": [{"t": 0, "kind": "value", "value": 1}, …]}, …],
///      "notes": ["…"],
///      "log": [{"t": 0, "text": "tap: receive value: (1)"}, …]}
///
/// `t` is virtual milliseconds (fractions allowed). Demand and dropped
/// events are left out: they are the trace, not the timeline. The run's stop
/// reason, when it was cut short, is the last note. `"log"` (what `print`
/// wrote) is there only when something was written. A row drawn from a
/// `marbles` or `events` literal says `"draggable": true` (and its
/// `"frame"` for marbles): the browser playground lets it be dragged.
public enum TimelineJSON {
  public static func encode(_ result: RunResult, draggable: [Int: DraggableRow] = [:]) -> String {
    let rows = result.rows.enumerated().map { row($1, type: result.stageType(of: $1), draggable: draggable[$0]) }
    var notes = result.notes
    if let sentence = result.stop.sentence(endTime: result.endTime) { notes.append(sentence) }
    let rowsText = rows.isEmpty ? "[]" : "[\n  " + rows.joined(separator: ",\n  ") + "\n ]"
    // `"log"` comes only with a log, so documents of runs without one are unchanged.
    let log =
      result.log.isEmpty
      ? ""
      : ",\n \"log\": ["
        + result.log.map {
          "{\"t\": \(Milliseconds.text($0.time)), \"text\": \(TextEscaping.jsonStringLiteral($0.text))}"
        }.joined(separator: ", ") + "]"
    return "{\"streamlab\": 1,\n \"rows\": \(rowsText),\n \"notes\": ["
      + notes.map(TextEscaping.jsonStringLiteral).joined(separator: ", ") + "]" + log + "}"
  }

  /// A stage row with a known type also has `"output"` and `"failure"` as Swift spells them.
  private static func row(_ timeline: Timeline, type: StageTypeLabel?, draggable: DraggableRow?) -> String {
    let events = timeline.events.compactMap(event)
    let types =
      type.map {
        "\"output\": \(TextEscaping.jsonStringLiteral($0.output)), \"failure\": \(TextEscaping.jsonStringLiteral($0.failure)), "
      } ?? ""
    return "{\"label\": \(TextEscaping.jsonStringLiteral(timeline.label)), \"pipeline\": \(timeline.pipeline), "
      + "\"stage\": \(timeline.stage), " + types + placement(timeline) + dragging(draggable) + "\"events\": ["
      + events.joined(separator: ", ") + "]}"
  }

  /// `"draggable": true, "frame": 100, ` for a row drawn from a literal; nothing otherwise.
  private static func dragging(_ draggable: DraggableRow?) -> String {
    guard let draggable else { return "" }
    guard let frame = draggable.frame else { return "\"draggable\": true, " }
    return "\"draggable\": true, \"frame\": \(Milliseconds.text(frame.nanoseconds)), "
  }

  /// An inner row's `"parent"` (its operator's stage) and `"inner"` (1, 2, …
  /// in subscription order under that operator), with `"nestedIn"` (the inner
  /// row it hangs in) when it is nested; a shared upstream's row's
  /// `"shared"` (the binding) and `"subscribers"`. Nothing on a stage row.
  private static func placement(_ timeline: Timeline) -> String {
    var fields = ""
    if let inner = timeline.inner {
      fields += "\"parent\": \(inner.parent), \"inner\": \(inner.number), "
      if let outer = inner.nestedIn { fields += "\"nestedIn\": \(outer), " }
      if let stage = inner.stageOfInner { fields += "\"innerStage\": \(stage), " }
    }
    if let shared = timeline.shared {
      fields +=
        "\"shared\": \(TextEscaping.jsonStringLiteral(shared.binding)), \"subscribers\": \(shared.subscribers), "
    }
    return fields
  }

  private static func event(_ event: TimelineEvent) -> String? {
    let time = "{\"t\": \(Milliseconds.text(event.time)), \"kind\": "
    switch event.kind {
    case .subscribed: return time + "\"subscribed\"}"
    case .value(let value): return time + "\"value\", \"value\": \(JSONText.value(value))}"
    case .finished: return time + "\"finished\"}"
    case .failed(let message): return time + "\"failed\", \"error\": \(TextEscaping.jsonStringLiteral(message))}"
    case .cancelled: return time + "\"cancelled\"}"
    case .requested, .dropped: return nil
    }
  }
}
