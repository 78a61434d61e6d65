import StreamCore

extension RunResult {
  /// The most inner rows one row has drawn under it; more are summarised.
  static let maxDrawnInnerRows = 8
  /// How many of a summarised group's first inner rows are drawn.
  static let innerRowsDrawnFirst = 3

  /// The rows a diagram draws: under any row with more than
  /// `maxDrawnInnerRows` inner rows, the first few, a line
  /// `… N more inner streams`, and the last. A left-out row's own inner rows
  /// are left out with it. Event lists and JSON keep every row.
  var summarisingInnerRows: RunResult { summarisingInnerRowsWithIndices.result }

  /// `summarisingInnerRows`, with each drawn row's index in `rows` (nil for
  /// a summary line), which the playground's marks name.
  var summarisingInnerRowsWithIndices: (result: RunResult, indices: [Int?]) {
    var siblings: [SiblingGroup: Int] = [:]
    for row in rows {
      if let group = SiblingGroup(row) { siblings[group, default: 0] += 1 }
    }
    guard siblings.values.contains(where: { $0 > Self.maxDrawnInnerRows }) else {
      return (self, Array(rows.indices))
    }
    var seen: [SiblingGroup: Int] = [:]
    var hidden: Set<[Int]> = []
    var kept: [Timeline] = []
    var indices: [Int?] = []
    for (index, row) in rows.enumerated() {
      guard let group = SiblingGroup(row), let inner = row.inner else {
        kept.append(row)
        indices.append(index)
        continue
      }
      if let outer = inner.nestedIn, hidden.contains([row.pipeline, inner.parent, outer]) {
        hidden.insert([row.pipeline, inner.parent, inner.number])
        continue
      }
      let count = siblings[group] ?? 0
      let position = seen[group, default: 0]
      seen[group] = position + 1
      guard count > Self.maxDrawnInnerRows, position >= Self.innerRowsDrawnFirst, position < count - 1 else {
        kept.append(row)
        indices.append(index)
        continue
      }
      hidden.insert([row.pipeline, inner.parent, inner.number])
      if position == count - 2 {
        let summary = InnerPlacement(parent: inner.parent, number: 0, nestedIn: inner.nestedIn, depth: inner.depth)
        let left = count - Self.innerRowsDrawnFirst - 1
        kept.append(
          Timeline(label: "… \(left) more inner streams", pipeline: row.pipeline, stage: row.stage, inner: summary))
        indices.append(nil)
      }
    }
    var result = self
    result.rows = kept
    return (result, indices)
  }
}

/// The inner rows that hang directly under one row.
private struct SiblingGroup: Hashable {
  var pipeline: Int
  var parent: Int
  var nestedIn: Int?

  init?(_ row: Timeline) {
    guard let inner = row.inner else { return nil }
    pipeline = row.pipeline
    parent = inner.parent
    nestedIn = inner.nestedIn
  }
}

extension InnerPlacement {
  /// True for the `… N more inner streams` line that stands for left-out rows.
  var isSummary: Bool { number == 0 }
}
