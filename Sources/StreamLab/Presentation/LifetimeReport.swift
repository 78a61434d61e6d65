import StreamCore

/// `:at TIME`'s answer: the stages as they were at TIME (`StateReport`),
/// then each object that held subscriptions as it was at TIME (made,
/// released, alive or leaked), each subscription a release had
/// cancelled by then, and each leak in Swift's words with what it keeps
/// running at TIME.
enum LifetimeReport {
  /// With `stages`, the stages' table (`StateReport`) comes first, under the same heading.
  static func text(_ result: RunResult, at time: VirtualTime, width: Int, stages: [String] = []) -> String {
    guard !result.lifetimes.isEmpty else {
      guard stages.isEmpty else { return (["at \(time):"] + stages).joined(separator: "\n") }
      return "at \(time): nothing is subscribed, and no object holds a subscription in the last program "
        + "(a class with a `Set<AnyCancellable>`, or `let vm = owner`)"
    }
    var lines = ["at \(time):"] + stages
    if !stages.isEmpty { lines.append("objects:") }
    let labelWidth = result.lifetimes.map(\.label.count).max() ?? 0
    for lifetime in result.lifetimes {
      let state: String
      if let released = lifetime.released {
        state = "released at \(released) (its deinit ran then)"
      } else if lifetime.leaked {
        state = "leaked: alive, and nothing the program can name reaches it"
      } else {
        state = "alive (the program still holds it)"
      }
      let padding = String(repeating: " ", count: labelWidth - lifetime.label.count)
      lines.append("  \(lifetime.label)\(padding)  made at \(lifetime.made), \(state)")
    }
    for release in result.releases {
      let source = result.pipelines.indices.contains(release.pipeline) ? result.pipelines[release.pipeline].source : ""
      let shown = source.split(separator: "\n").map { $0.trimmingWhitespace() }.joined(separator: " ")
      lines += "cancelled at \(release.time): `\(shown)`, by \(release.statement)".wrappedAtSpaces(
        width: width, indent: "      ")
    }
    for leak in result.notes where leak.hasPrefix("leak: ") {
      lines += leak.wrappedAtSpaces(width: width, indent: "      ")
    }
    return lines.joined(separator: "\n")
  }
}
