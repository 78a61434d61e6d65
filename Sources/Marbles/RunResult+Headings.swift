import StreamCore

extension RunResult {
  /// Each row's label, and the header line of its pipeline before the
  /// pipeline's first row.
  ///
  /// Several subscribers, or one with `@` times, are grouped: a header names
  /// the pipeline with its timing and its rows are indented under it. A
  /// pipeline that is one row labelled as the pipeline itself (a bound name,
  /// `s @200ms`) needs no header: the row carries the timing.
  var headings: [(header: String?, label: String)] {
    let grouped = pipelines.count > 1 || pipelines.contains { !$0.timing.isEmpty }
    var rowsPerPipeline: [Int: Int] = [:]
    for row in rows where row.shared == nil { rowsPerPipeline[row.pipeline, default: 0] += 1 }
    var previous: Int?
    var previousShared: String?
    var sawLifetime = false
    var sawTask = false
    return rows.map { row in
      let label = row.headingLabel
      // The assertions row comes last, labelled as what it is.
      if row.assertions != nil { return (nil, label) }
      // Task rows come after them, under a header of their own.
      if row.task != nil {
        defer { sawTask = true }
        return (sawTask ? nil : "tasks:", "  " + label)
      }
      // Lifetime rows come last, under one header of their own.
      if row.lifetime != nil {
        defer { sawLifetime = true }
        return (sawLifetime ? nil : "lifetimes:", "  " + label)
      }
      // A shared upstream gets a header of its own; the rows of the
      // pipeline that first used it follow as they would without it.
      if let shared = row.shared {
        defer { previousShared = shared.binding }
        return (shared.binding != previousShared ? Self.header(of: shared) : nil, "  " + label)
      }
      previousShared = nil
      defer { previous = row.pipeline }
      guard grouped else { return (nil, label) }
      let header = header(of: row.pipeline)
      let source = pipelines.indices.contains(row.pipeline) ? pipelines[row.pipeline].source : nil
      if rowsPerPipeline[row.pipeline] == 1 && source?.singleLine == label { return (nil, header) }
      return (row.pipeline != previous ? header : nil, "  " + label)
    }
  }

  /// `s, shared by 2 subscribers:` over the stages before `s`'s `share`.
  static func header(of shared: SharedUpstream) -> String {
    "\(shared.binding), shared by \(shared.subscribers) subscriber\(shared.subscribers == 1 ? "" : "s"):"
  }

  /// `s @200ms`: a pipeline's source with its timing.
  func header(of index: Int) -> String {
    guard pipelines.indices.contains(index) else { return "pipeline \(index + 1)" }
    let pipeline = pipelines[index]
    let source = pipeline.source.singleLine
    return pipeline.timing.isEmpty ? source : "\(source) \(pipeline.timing)"
  }
}

extension Timeline {
  /// The label a diagram shows: a stage's source text, or for an inner row
  /// `↳` and what started it, indented once per level of nesting.
  var headingLabel: String {
    guard let inner else { return label.singleLine }
    // A stage of a bound pipeline drawn under its inner row is no new
    // subscription: it gets no `↳`.
    let arrow = inner.isSummary || inner.stageOfInner != nil ? "" : "↳ "
    return String(repeating: "  ", count: inner.depth) + arrow + label.singleLine
  }
}
