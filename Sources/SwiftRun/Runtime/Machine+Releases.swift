import OpenCombine
import StreamCore
import StreamLang

extension Machine {
  /// The `AnyCancellable` of a subscriber on `hold.pipeline`, which tells the
  /// run the statement that let go of it or cancelled it (issue 30: the
  /// diagram's legend says which statement ended each cancelled row).
  func releasable(_ cancellable: AnyCancellable, hold: SubscriberHold) -> CancellableValue {
    let value = CancellableValue(cancellable, hold: hold)
    let pipeline = hold.pipeline
    value.onEnd = { [weak self] in
      guard let self, !self.isEnding else { return }
      self.subscriptionEnds.append((pipeline, self.clock.now, self.runningStatement))
    }
    return value
  }

  /// The releases that cancelled a subscription, each with its statement's
  /// line: a subscription that had already completed is not ended by a release.
  func subscriptionReleases(rows: [Timeline]) -> [SubscriptionRelease] {
    var cancelled: [Int: VirtualTime] = [:]
    for row in rows where row.isOutput {
      if let last = row.events.last, last.kind == .cancelled { cancelled[row.pipeline] = last.time }
    }
    var seen: Set<Int> = []
    return subscriptionEnds.compactMap { end in
      guard cancelled[end.pipeline] == end.time, seen.insert(end.pipeline).inserted else { return nil }
      let location = SourceLocation(of: SourceRange(start: end.statement, end: end.statement), in: text)
      let line = String(location.lineText.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
      let shown = line.count > 60 ? String(line.prefix(57)) + "…" : line
      return SubscriptionRelease(pipeline: end.pipeline, time: end.time, statement: "line \(location.line): \(shown)")
    }
  }
}
