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
    value.onEnd = { [weak self] byCancel in
      guard let self, !self.isEnding else { return }
      self.subscriptionEnds.append((pipeline, self.clock.now, self.runningStatement, byCancel))
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
      let statement = Self.statementText(in: location.lineText, fromColumn: location.column)
      let shown = statement.count > 60 ? String(statement.prefix(57)) + "…" : statement
      return SubscriptionRelease(
        pipeline: end.pipeline, time: end.time, statement: "line \(location.line): \(shown)", byCancel: end.byCancel)
    }
  }

  /// The statement that starts at `column` of `line`: up to a `;` or the
  /// closing bracket of the block it is in (`{ stopwatch = nil }` gives
  /// `stopwatch = nil`), or the end of the line.
  static func statementText(in line: String, fromColumn column: Int) -> String {
    var depth = 0
    var statement = ""
    var strings = StringLiteralTracker()
    for character in line.dropFirst(max(column - 1, 0)) {
      if !strings.isInString(character) {
        switch character {
        case "(", "[", "{": depth += 1
        case ")", "]", "}":
          if depth == 0 { return statement.trimmingWhitespace() }
          depth -= 1
        case ";" where depth == 0: return statement.trimmingWhitespace()
        default: break
        }
      }
      statement.append(character)
    }
    return statement.trimmingWhitespace()
  }
}
