import StreamCore
import SwiftRun

/// `:type` for Swift the interpreter runs: each shown pipeline's stages,
/// labelled as the diagram labels them, beside the `<Output, Failure>` the
/// interpreter's typer gives (swiftc's inference); then, for every `_`,
/// which closure or value it could not type.
///
///     subject            <Int, Never>
///     .tryMap { … }      <Int, Error>  ← Failure changes from Never to Error
enum InterpretedTypeReport {
  static func text(of result: RunResult, _ uses: SwiftRun.Uses) -> String {
    var blocks: [String] = []
    for pipeline in result.pipelines.indices {
      let rows = result.rows.filter { $0.pipeline == pipeline && $0.isStageRow }.sorted { $0.stage < $1.stage }
      let labels = rows.map { $0.label.split(whereSeparator: \.isNewline).joined(separator: " ") }
      let width = labels.map(\.count).max() ?? 0
      var lines: [String] = []
      for (index, row) in rows.enumerated() {
        guard let type = result.stageType(of: row) else { continue }
        var line = labels[index] + String(repeating: " ", count: width - labels[index].count) + "  " + type.text
        if type.changesFailure, index > 0, let before = result.stageType(of: rows[index - 1]) {
          line += "  ← Failure changes from \(before.failure) to \(type.failure)"
        }
        lines.append(line)
      }
      blocks.append(lines.joined(separator: "\n"))
    }
    if !uses.untypedStages.isEmpty {
      blocks.append(
        uses.untypedStages.map { "_: streamlab cannot type \($0) (swiftc can; the run is not affected)" }
          .joined(separator: "\n"))
    }
    return blocks.joined(separator: "\n\n")
  }
}
