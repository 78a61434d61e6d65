import StreamCore

/// A run as DSL.md's JSON, for tools and graders:
///
///     {"streamlab": 1,
///      "rows": [{"label": "just 1,2,3", "pipeline": 0, "stage": 0,
///                "events": [{"t": 0, "kind": "value", "value": 1}, …]}, …],
///      "notes": ["…"],
///      "lifetimes": [{"type": "Clock", "made": 0, "released": 500, "leaked": false}, …],
///      "releases": [{"pipeline": 0, "t": 500, "statement": "line 14: vm = nil", "by": "release"}, …],
///      "tasks": [{"name": "Task line 6", "made": 0, "moments": [{"t": 0, "kind": "started"}, …],
///                 "cancelled": false}, …],
///      "log": [{"t": 0, "text": "tap: receive value: (1)"}, …]}
///
/// `t` is virtual milliseconds (fractions allowed). Demand and dropped
/// events are left out of `"events"`: they are the trace, not the timeline;
/// a row whose source dropped values (`×`) lists them as `"dropped"`. The run's stop
/// reason, when it was cut short, is the last note. `"log"` (what `print`
/// wrote) is there only when something was written. A row drawn from a
/// `marbles` or `events` literal says `"draggable": true` (and its
/// `"frame"` for marbles): the browser playground lets it be dragged.
///
/// `write` streams the document into a `TextOutput` row by row, event by
/// event, so `streamlab eval --format json` needs no memory for it however
/// long the run; `encode` collects the same bytes into a String (the REPL,
/// the web server).
public enum TimelineJSON {
  public static func encode(_ result: RunResult, draggable: [Int: DraggableRow] = [:]) -> String {
    TextOutput.string { write(result, draggable: draggable, to: $0) }
  }

  public static func write(_ result: RunResult, draggable: [Int: DraggableRow] = [:], to output: TextOutput) {
    var notes = result.notes
    if let sentence = result.stop.sentence(endTime: result.endTime) { notes.append(sentence) }
    output.write("{\"streamlab\": 1")
    // With causes tracked (`--causes`), every event has an `"id"` and the ids of its `"causes"` (issue 33).
    let causes = CauseGraph(rows: result.rows)
    // Each top-level section after the version is a list; a new one is one more call.
    section(
      "rows", of: Array(result.rows.enumerated()), to: output, opening: "[\n  ", separator: ",\n  ", closing: "\n ]"
    ) {
      row(
        $0.element, type: result.stageType(of: $0.element), draggable: draggable[$0.offset], causes: causes,
        to: output)
    }
    section("notes", of: notes, to: output, opening: "[", separator: ", ", closing: "]") {
      output.write(TextEscaping.jsonStringLiteral($0))
    }
    // `"lifetimes"` comes only from a Swift paste whose objects held subscriptions.
    if !result.lifetimes.isEmpty {
      section("lifetimes", of: result.lifetimes, to: output, opening: "[", separator: ", ", closing: "]") {
        output.write("{\"type\": ")
        output.write(TextEscaping.jsonStringLiteral($0.typeName))
        output.write(", \"made\": ")
        Milliseconds.write($0.made.nanoseconds, to: output)
        output.write(", \"released\": ")
        if let released = $0.released {
          Milliseconds.write(released.nanoseconds, to: output)
        } else {
          output.write("null")
        }
        output.write($0.leaked ? ", \"leaked\": true" : ", \"leaked\": false")
        if let name = $0.name {
          output.write(", \"name\": ")
          output.write(TextEscaping.jsonStringLiteral(name))
        }
        output.write("}")
      }
    }
    // `"releases"`: each subscription a release or a `cancel()` ended, and the statement that did it.
    if !result.releases.isEmpty {
      section("releases", of: result.releases, to: output, opening: "[", separator: ", ", closing: "]") {
        output.write("{\"pipeline\": \($0.pipeline), \"t\": ")
        Milliseconds.write($0.time.nanoseconds, to: output)
        output.write(", \"statement\": ")
        output.write(TextEscaping.jsonStringLiteral($0.statement))
        output.write($0.byCancel ? ", \"by\": \"cancel\"}" : ", \"by\": \"release\"}")
      }
    }
    // `"tasks"`: each Swift `Task` of a paste, with when it started, waited, went on and ended.
    if !result.tasks.isEmpty {
      section("tasks", of: result.tasks, to: output, opening: "[", separator: ", ", closing: "]") { task in
        output.write("{\"name\": ")
        output.write(TextEscaping.jsonStringLiteral(task.name))
        output.write(", \"made\": ")
        Milliseconds.write(task.made.nanoseconds, to: output)
        output.write(", \"moments\": [")
        for (index, (time, moment)) in task.moments.enumerated() {
          output.write(index == 0 ? "{\"t\": " : ", {\"t\": ")
          Milliseconds.write(time.nanoseconds, to: output)
          switch moment {
          case .threw(let error):
            output.write(", \"kind\": \"threw\", \"error\": ")
            output.write(TextEscaping.jsonStringLiteral(error))
            output.write("}")
          default:
            output.write(", \"kind\": \"\(moment.word)\"}")
          }
        }
        output.write(task.wasCancelled ? "], \"cancelled\": true}" : "], \"cancelled\": false}")
      }
    }
    // `"log"` comes only with a log, so documents of runs without one are unchanged.
    if !result.log.isEmpty {
      section("log", of: result.log, to: output, opening: "[", separator: ", ", closing: "]") {
        output.write("{\"t\": ")
        Milliseconds.write($0.time.nanoseconds, to: output)
        output.write(", \"text\": ")
        output.write(TextEscaping.jsonStringLiteral($0.text))
        output.write("}")
      }
    }
    // `"assertions"`: a pasted test's XCTest assertions, only when it made some (issue 32).
    if !result.assertions.isEmpty {
      section("assertions", of: result.assertions, to: output, opening: "[", separator: ", ", closing: "]") {
        output.write("{\"t\": ")
        Milliseconds.write($0.time.nanoseconds, to: output)
        output.write(", \"line\": \($0.line), \"passed\": \($0.passed), \"source\": ")
        output.write(TextEscaping.jsonStringLiteral($0.source))
        if let message = $0.message {
          output.write(", \"message\": ")
          output.write(TextEscaping.jsonStringLiteral(message))
        }
        output.write("}")
      }
    }
    output.write("}")
  }

  /// `,\n "name": [item, item]`, or `[]` when there is no item.
  private static func section<Item>(
    _ name: StaticString, of items: [Item], to output: TextOutput, opening: StaticString, separator: StaticString,
    closing: StaticString, item: (Item) -> Void
  ) {
    output.write(",\n \"")
    output.write(name)
    output.write("\": ")
    guard !items.isEmpty else {
      output.write("[]")
      return
    }
    output.write(opening)
    for (index, element) in items.enumerated() {
      if index > 0 { output.write(separator) }
      item(element)
    }
    output.write(closing)
  }

  /// One row's object. The one place a row's keys are written. A stage row
  /// with a known type also has `"output"` and `"failure"` as Swift spells them.
  private static func row(
    _ timeline: Timeline, type: StageTypeLabel?, draggable: DraggableRow?, causes: CauseGraph?, to output: TextOutput
  ) {
    output.write("{\"label\": ")
    output.write(TextEscaping.jsonStringLiteral(timeline.label))
    output.write(", \"pipeline\": ")
    output.write(timeline.pipeline)
    output.write(", \"stage\": ")
    output.write(timeline.stage)
    output.write(", ")
    if let type {
      output.write("\"output\": ")
      output.write(TextEscaping.jsonStringLiteral(type.output))
      output.write(", \"failure\": ")
      output.write(TextEscaping.jsonStringLiteral(type.failure))
      output.write(", ")
    }
    placement(timeline, to: output)
    dragging(draggable, to: output)
    output.write("\"events\": [")
    var first = true
    let events = timeline.events
    for index in events.indices {
      let kind = events.kind(at: index)
      if case .requested = kind { continue }
      if case .dropped = kind { continue }
      if !first { output.write(", ") }
      first = false
      event(time: events.time(at: index), kind: kind, to: output)
      if let causes, let id = timeline.causes?.eventIDs[index] {
        output.write(", \"id\": \(id), \"causes\": [")
        output.write(causes.causes(of: id).map(String.init).joined(separator: ", "))
        output.write("]")
      }
      output.write("}")
    }
    output.write("]")
    // What the row's source dropped for want of demand (`×`): beside the
    // events, whose kinds stay DSL.md's, and only on a row that dropped something.
    let drops = events.dropPositions
    if !drops.isEmpty {
      output.write(", \"dropped\": [")
      for (number, index) in drops.enumerated() {
        guard case .dropped(let value) = events.kind(at: index) else { continue }
        output.write(number == 0 ? "{\"t\": " : ", {\"t\": ")
        Milliseconds.write(events.time(at: index).nanoseconds, to: output)
        output.write(", \"value\": ")
        JSONText.write(value, to: output)
        output.write("}")
      }
      output.write("]")
    }
    output.write("}")
  }

  /// `"draggable": true, "frame": 100, ` for a row drawn from a literal; nothing otherwise.
  private static func dragging(_ draggable: DraggableRow?, to output: TextOutput) {
    guard let draggable else { return }
    output.write("\"draggable\": true, ")
    guard let frame = draggable.frame else { return }
    output.write("\"frame\": ")
    Milliseconds.write(frame.nanoseconds, to: output)
    output.write(", ")
  }

  /// An inner row's `"parent"` (its operator's stage) and `"inner"` (1, 2, …
  /// in subscription order under that operator), with `"nestedIn"` (the inner
  /// row it hangs in) when it is nested; a shared upstream's row's
  /// `"shared"` (the binding) and `"subscribers"`. Nothing on a stage row.
  private static func placement(_ timeline: Timeline, to output: TextOutput) {
    if let inner = timeline.inner {
      output.write("\"parent\": ")
      output.write(inner.parent)
      output.write(", \"inner\": ")
      output.write(inner.number)
      output.write(", ")
      if let outer = inner.nestedIn {
        output.write("\"nestedIn\": ")
        output.write(outer)
        output.write(", ")
      }
      if let stage = inner.stageOfInner {
        output.write("\"innerStage\": ")
        output.write(stage)
        output.write(", ")
      }
    }
    if let shared = timeline.shared {
      output.write("\"shared\": ")
      output.write(TextEscaping.jsonStringLiteral(shared.binding))
      output.write(", \"subscribers\": ")
      output.write(shared.subscribers)
      output.write(", ")
    }
  }

  private static func event(time: VirtualTime, kind: TimelineEvent.Kind, to output: TextOutput) {
    output.write("{\"t\": ")
    Milliseconds.write(time.nanoseconds, to: output)
    output.write(", \"kind\": ")
    // The caller closes the object, after the event's causes if it has them.
    switch kind {
    case .subscribed: output.write("\"subscribed\"")
    case .value(let value):
      output.write("\"value\", \"value\": ")
      JSONText.write(value, to: output)
    case .finished: output.write("\"finished\"")
    case .failed(let message):
      output.write("\"failed\", \"error\": ")
      output.write(TextEscaping.jsonStringLiteral(message))
    case .cancelled: output.write("\"cancelled\"")
    case .requested, .dropped: break
    }
  }
}
