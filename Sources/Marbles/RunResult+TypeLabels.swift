import StreamCore

extension RunResult {
  /// The run with each stage row's label followed by its type, as
  /// `--types` draws it: `map x * 2  <Int, Never>`. Where a stage changes
  /// the Failure the label says from what: `tryMap x  <Int, Never → Error>`.
  public var withTypesInLabels: RunResult {
    var result = self
    for index in result.rows.indices {
      guard let type = stageType(of: rows[index]) else { continue }
      result.rows[index].label += "  " + typeText(type, of: rows[index])
    }
    return result
  }

  private func typeText(_ type: StageTypeLabel, of row: Timeline) -> String {
    guard type.changesFailure, row.stage > 0, stageTypes[row.pipeline].indices.contains(row.stage - 1) else {
      return type.text
    }
    return "<\(type.output), \(stageTypes[row.pipeline][row.stage - 1].failure) → \(type.failure)>"
  }
}
