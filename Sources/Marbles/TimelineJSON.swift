import StreamCore

/// A run as DSL.md's JSON, for tools and graders:
///
///     {"streamlab": 1,
///      "rows": [{"label": "just 1,2,3", "pipeline": 0, "stage": 0,
///                "events": [{"t": 0, "kind": "value", "value": 1}, …]}, …],
///      "notes": ["…"]}
///
/// `t` is virtual milliseconds (fractions allowed). Demand and dropped
/// events are left out: they are the trace, not the timeline. The run's stop
/// reason, when it was cut short, is the last note.
public enum TimelineJSON {
  public static func encode(_ result: RunResult) -> String {
    let rows = result.rows.map { row($0, type: result.stageType(of: $0)) }
    var notes = result.notes
    if let sentence = result.stop.sentence(endTime: result.endTime) { notes.append(sentence) }
    let rowsText = rows.isEmpty ? "[]" : "[\n  " + rows.joined(separator: ",\n  ") + "\n ]"
    return "{\"streamlab\": 1,\n \"rows\": \(rowsText),\n \"notes\": ["
      + notes.map(TextEscaping.jsonStringLiteral).joined(separator: ", ") + "]}"
  }

  /// A stage row with a known type also has `"output"` and `"failure"` as Swift spells them.
  private static func row(_ timeline: Timeline, type: StageTypeLabel?) -> String {
    let events = timeline.events.compactMap(event)
    let types =
      type.map {
        "\"output\": \(TextEscaping.jsonStringLiteral($0.output)), \"failure\": \(TextEscaping.jsonStringLiteral($0.failure)), "
      } ?? ""
    return "{\"label\": \(TextEscaping.jsonStringLiteral(timeline.label)), \"pipeline\": \(timeline.pipeline), "
      + "\"stage\": \(timeline.stage), " + types + placement(timeline) + "\"events\": ["
      + events.joined(separator: ", ") + "]}"
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
