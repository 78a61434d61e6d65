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

  static func explain(_ result: RunResult, debounces: [DebounceStage]) -> [String] {
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
    return notes
  }
}
