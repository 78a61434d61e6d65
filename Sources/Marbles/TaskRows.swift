import StreamCore

/// Issue 31's task rows: one per Swift `Task` of the paste, drawn under the
/// pipelines (after the lifetime rows) on the same time axis: `^` where it
/// started, `o` at each instant it went on after waiting at an `await`, and
/// `|` where it finished (`x` cancelled, `#` threw), or `still waiting` to
/// the end. Between its marks a task is suspended.
extension RunResult {
  /// The same run with a task row after its other rows for each task.
  var withTaskRows: RunResult {
    guard !tasks.isEmpty else { return self }
    var result = self
    for task in tasks {
      var events: [TimelineEvent] = []
      var lastResume: VirtualTime?
      for (time, moment) in task.moments {
        switch moment {
        case .started: events.append(TimelineEvent(time: time, kind: .subscribed))
        case .suspended: break
        case .resumed:
          // One mark per instant: a task that awaits what is already there goes on at once.
          guard lastResume != time, time != task.moments.first?.time else { break }
          lastResume = time
          events.append(TimelineEvent(time: time, kind: .value(.string(MarbleToken.taskResume))))
        case .finished: events.append(TimelineEvent(time: time, kind: .finished))
        case .cancelled: events.append(TimelineEvent(time: time, kind: .cancelled))
        case .threw(let error): events.append(TimelineEvent(time: time, kind: .failed(error)))
        }
      }
      var row = Timeline(label: task.name, pipeline: -1, stage: 0, events: events)
      row.task = task
      result.rows.append(row)
    }
    return result
  }
}

extension Array where Element == StyledText {
  /// A task row's marbles: nothing before it started, `x` where it was
  /// cancelled, and how it ended written after.
  func taskMarbles(_ task: TaskTimeline) -> [StyledText] {
    let started = task.moments.first?.time ?? task.made
    let opened = started > .zero ? blankingLeadingDashes() : self
    let marbles = opened.map { part in
      part.text == "!" && part.style == .lifecycle ? StyledText("x", .lifecycle) : part
    }
    let style: TextStyle = task.end == nil ? .elided : .lifecycle
    return marbles.trimmedTrailingSpaces() + [StyledText(" " + task.ending, style)]
  }
}
