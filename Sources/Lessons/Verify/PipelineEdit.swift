import StreamLang

/// A pipeline with some of its operator stages replaced, removed or added:
/// one near miss of the pipeline, still on the syntax tree.
struct PipelineEdit {
  /// One stage of the edited pipeline.
  enum Stage {
    /// A stage kept as the author wrote it.
    case original(OperatorStage)
    /// A stage as the author wrote it but for one node inside it (a nested pipeline).
    case rewritten(OperatorStage, SourceSplice)
    /// A stage the edit made.
    case new(OperatorKind)
  }

  /// What changed, in words (`debounce 300ms → throttle 300ms`).
  var change: String
  /// A new source's text; nil keeps the source as written.
  var source: String? = nil
  var stages: [Stage]

  /// The pipeline's text: its source and kept stages as written, new stages printed.
  func text(of pipeline: Pipeline, printer: SyntaxPrinter) -> String? {
    var parts = [source ?? printer.original(pipeline.source.range)]
    for stage in stages {
      switch stage {
      case .original(let kept): parts.append(printer.original(kept.range))
      case .rewritten(let kept, let splice):
        let inside = SourceRange(
          start: splice.range.start - kept.range.start, end: splice.range.end - kept.range.start)
        parts.append(
          SourceSplice(range: inside, replacement: splice.replacement).applied(to: printer.original(kept.range)))
      case .new(let kind):
        guard let printed = printer.stage(kind) else { return nil }
        parts.append(printed)
      }
    }
    return parts.joined(separator: " | ")
  }
}
