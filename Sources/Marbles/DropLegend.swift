import StreamCore

/// The legend lines that explain the `×` marks: which values a stage
/// dropped, when, and which stage had not asked for them.
///
///     × dropped: "b" at 300ms by flatMap max 1
///
/// A timed source drops a value when its subscriber has no outstanding
/// demand, as a `PassthroughSubject` does. The row that drops it is the
/// source's, but the student needs the stage whose demand was missing: the
/// first one downstream that was itself asked for unlimited values (stages
/// between, such as `map`, only pass a smaller demand on).
enum DropLegend {
  /// Past this many drops in one row, the line gives their count and span.
  static let listedDrops = 3

  /// `pipelines` names a pasted `for await` loop's pipeline (`subject.values`):
  /// a source row with no stage below it dropped for that loop.
  static func entries(_ rows: [Timeline], pipelines: [ShownPipeline] = []) -> [String] {
    rows.compactMap { row in
      let drops = row.events.dropPositions.compactMap { position -> (Value, VirtualTime)? in
        guard case .dropped(let value) = row.events.kind(at: position) else { return nil }
        return (value, row.events.time(at: position))
      }
      guard let first = drops.first, let last = drops.last else { return nil }
      let what =
        drops.count <= listedDrops
        ? drops.map { "\($0.0) at \($0.1)" }.joined(separator: ", ")
        : "\(drops.count) values from \(first.1) to \(last.1)"
      let loop =
        pipelines.indices.contains(row.pipeline) && pipelines[row.pipeline].source.hasSuffix(".values")
        ? " by the `for await` loop over `\(pipelines[row.pipeline].source.singleLine)`" : ""
      let by = demandingStage(below: row, in: rows).map { " by \($0.label.singleLine)" } ?? loop
      return "\(MarbleToken.dropMark) dropped: \(what)\(by)"
    }
  }

  /// The stage whose missing demand made `row` drop values.
  private static func demandingStage(below row: Timeline, in rows: [Timeline]) -> Timeline? {
    let below = rows.filter { $0.pipeline == row.pipeline && $0.stage > row.stage }.sorted { $0.stage < $1.stage }
    return below.first { !$0.events.hasBoundedRequest } ?? below.first
  }
}
