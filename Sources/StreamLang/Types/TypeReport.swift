/// A typed program as text, for `:type` in the REPL and `eval --full-types`:
/// each stage's label beside its `<Output, Failure>`, the stage where the
/// Failure changes marked, and on request each pipeline's full Combine type
/// beside the `eraseToAnyPublisher()` form.
///
///     just 1,2,3  <Int, Never>
///     tryMap x    <Int, Error>  ← Failure changes from Never to Error
public enum TypeReport {
  public static func text(of typed: TypedProgram, full: Bool) -> String {
    var blocks: [String] = []
    for name in typed.bindings.keys.sorted() {
      guard let pipeline = typed.bindings[name] else { continue }
      blocks.append("let \(name):\n" + rows(of: pipeline, full: full, indent: "  "))
    }
    blocks += typed.shown.map { rows(of: $0, full: full, indent: "") }
    let warnings = typed.warnings.map { "warning: \($0.description)" }
    return (blocks + warnings).joined(separator: "\n\n")
  }

  /// Each shown pipeline's full type and erased type, for the end of a diagram.
  public static func fullTypes(of typed: TypedProgram) -> String {
    typed.shown.compactMap { pipeline -> String? in
      guard let last = pipeline.stages.last else { return nil }
      return "\(last.label):\n" + fullType(of: pipeline, indent: "  ")
    }.joined(separator: "\n")
  }

  private static func rows(of pipeline: TypedPipeline, full: Bool, indent: String) -> String {
    let labels = pipeline.stages.map { $0.label.split(whereSeparator: \.isNewline).joined(separator: " ") }
    let width = labels.map(\.count).max() ?? 0
    var lines: [String] = []
    for (index, stage) in pipeline.stages.enumerated() {
      let padding = String(repeating: " ", count: width - labels[index].count)
      var line = indent + labels[index] + padding + "  " + stage.type.spelling
      if stage.changesFailure, index > 0 {
        line +=
          "  ← Failure changes from \(pipeline.stages[index - 1].type.failure.spelling) to \(stage.type.failure.spelling)"
      }
      lines.append(line)
    }
    if full, !pipeline.stages.isEmpty { lines.append(fullType(of: pipeline, indent: indent)) }
    return lines.joined(separator: "\n")
  }

  private static func fullType(of pipeline: TypedPipeline, indent: String) -> String {
    let erased = pipeline.type?.erasedSpelling ?? ""
    return indent + "type:   " + pipeline.fullType.spelling + "\n" + indent + "erased: " + erased
  }
}
