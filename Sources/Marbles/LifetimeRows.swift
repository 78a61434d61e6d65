import StreamCore

/// Issue 30's lifetime rows: one per object that held subscriptions, drawn
/// under the pipelines on the same time axis, from the statement that made
/// it (`^`, unless at 0) to its `deinit` (`x`), or to the end with `leaked`.
extension RunResult {
  /// The same run with a lifetime row after its rows for each object in
  /// `lifetimes` that was released or leaked, for the diagrams to lay out
  /// with the rest. One a global keeps to the end (a script's globals live
  /// on) has no row: it would say nothing but "alive" under every view model.
  var withLifetimeRows: RunResult {
    let drawn = lifetimes.filter { $0.released != nil || $0.leaked }
    guard !drawn.isEmpty else { return self }
    var result = self
    // Two instances of one class are told apart by their order of making.
    let counts = Dictionary(drawn.map { ($0.label, 1) }, uniquingKeysWith: +)
    var seen: [String: Int] = [:]
    for lifetime in drawn {
      var events = [TimelineEvent(time: lifetime.made, kind: .subscribed)]
      if let released = lifetime.released { events.append(TimelineEvent(time: released, kind: .cancelled)) }
      seen[lifetime.label, default: 0] += 1
      let label =
        counts[lifetime.label, default: 0] > 1 ? "\(lifetime.label) #\(seen[lifetime.label]!)" : lifetime.label
      var row = Timeline(label: label, pipeline: -1, stage: 0, events: events)
      row.lifetime = lifetime
      result.rows.append(row)
    }
    return result
  }

  /// A legend entry per subscription a release ended:
  /// `! at 500ms: line 14: vm = nil released the AnyCancellable of `timer | sink``
  /// (`… c.cancel() cancelled the subscription of …`).
  var releaseEntries: [String] {
    releases.map { release in
      var source = pipelines.indices.contains(release.pipeline) ? pipelines[release.pipeline].source.singleLine : ""
      if source.count > 60 { source = String(source.prefix(59)) + "…" }
      if !source.isEmpty { source = " of `\(source)`" }
      return "! at \(release.time): \(release.statement) \(release.verb)\(source)"
    }
  }
}

extension Array where Element == StyledText {
  /// A lifetime row's marbles: nothing before the object was made, `x`
  /// where it was released, and how it ended written after.
  func lifetimeMarbles(_ lifetime: ObjectLifetime) -> [StyledText] {
    let opened = lifetime.made > .zero ? blankingLeadingDashes() : self
    let marbles = opened.map { part in
      part.text == "!" && part.style == .lifecycle ? StyledText("x", .lifecycle) : part
    }
    return marbles.trimmedTrailingSpaces() + [StyledText(" " + lifetime.ending, lifetime.leaked ? .failed : .lifecycle)]
  }
}
