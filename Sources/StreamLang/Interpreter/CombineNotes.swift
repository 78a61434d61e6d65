import StreamCore

/// One-line explanations of results that surprise people who know Rx, read
/// off the recorded rows after a run.
enum CombineNotes {
  /// A `debounce` stage of a shown pipeline and its due time.
  struct DebounceStage {
    var pipeline: Int
    var stage: Int
    var dueTime: VirtualInterval
  }

  /// A `throttle` stage of a shown pipeline.
  struct ThrottleStage {
    var pipeline: Int
    var stage: Int
  }

  static func explain(_ result: RunResult, debounces: [DebounceStage], throttles: [ThrottleStage] = []) -> [String] {
    var notes: [String] = []
    for debounce in debounces {
      guard
        let input = result.rows.first(where: {
          $0.isStageRow && $0.pipeline == debounce.pipeline && $0.stage == debounce.stage - 1
        }),
        let finish = input.events.first(where: { $0.kind == .finished })?.time,
        let last = input.events.last(where: { if case .value = $0.kind { return true } else { return false } }),
        case .value(let pending) = last.kind,
        last.time.advanced(by: debounce.dueTime) > finish
      else { continue }
      notes.append(
        "debounce dropped the pending value \(pending) when its upstream finished at \(finish): "
          + "Combine's debounce drops a pending value at completion (RxJS and RxPY would emit it).")
    }
    for throttle in throttles {
      if let note = throttleNote(result, throttle) { notes.append(note) }
    }
    return notes
  }

  /// Throttle asks its upstream for every value before its own subscriber
  /// has asked for any (OpenCombine's `Throttle.Inner.receive(subscription:)`),
  /// and drops a value that comes while nobody has asked (the Apple-checked
  /// `ThrottleTests.testNoDemandReceivesNoValues`). A source that sends at
  /// once, as `just` does, loses those values without a trace on the diagram.
  private static func throttleNote(_ result: RunResult, _ throttle: ThrottleStage) -> String? {
    func row(_ stage: Int) -> Timeline? {
      result.rows.first { $0.isStageRow && $0.pipeline == throttle.pipeline && $0.stage == stage }
    }
    guard let input = row(throttle.stage - 1), let output = row(throttle.stage),
      let subscribed = output.events.first(where: { $0.kind == .subscribed })?.time
    else { return nil }
    func values(_ row: Timeline) -> [Value] {
      row.events.compactMap { event in
        if event.time == subscribed, case .value(let value) = event.kind { return value }
        return nil
      }
    }
    let lost = values(input)
    guard !lost.isEmpty, values(output).isEmpty else { return nil }
    let list = lost.map(\.description).joined(separator: ", ")
    return "throttle dropped \(list) at \(subscribed): it asks its upstream for every value as soon as it is "
      + "subscribed, before its own subscriber has asked for any, and drops a value that comes while nobody has "
      + "asked. A source that sends at once, as `just` does, loses those values; one whose values come later "
      + "(`events`, `interval`, a subject) is throttled as expected."
  }
}
