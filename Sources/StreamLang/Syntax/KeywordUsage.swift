/// The source and operator keywords a program uses, as typed and where,
/// nested pipelines included (`flatMap { just x | debounce 1s }` uses
/// `debounce`). Lessons' `require:` and `forbid:` read this, comparing
/// `Keyword.canonical` so that `take` satisfies `require: prefix`.
public struct KeywordUsage {
  /// Every keyword stage in source order, with the table entry it stands for.
  public private(set) var uses: [(name: Name, keyword: Keyword)] = []

  public init(_ program: Program) {
    for statement in program.statements {
      switch statement {
      case .binding(_, let pipeline, _): visit(pipeline)
      case .subscription(let pipeline, let timing, _):
        visit(pipeline)
        if let capture = timing.capture { uses.append((capture.owner, StatementName.sink.keyword)) }
        if let owner = timing.storedIn { uses.append((owner, StatementName.store.keyword)) }
      case .connect(let name, _, _):
        uses.append((name, StatementName.connect.keyword))
      case .owner(let name, _):
        uses.append((name, StatementName.owner.keyword))
      case .release(let name, _, _):
        uses.append((name, StatementName.release.keyword))
      case .task(let steps, _, let range):
        uses.append((Name("task", range: range), StatementName.task.keyword))
        for step in steps {
          switch step {
          case .sleep(_, let range): uses.append((Name("sleep", range: range), StatementName.sleep.keyword))
          case .loop(let pipeline, _): visit(pipeline)
          }
        }
      }
    }
  }

  /// Whether the program uses the operator or source `name`, or an alias of it.
  public func uses(_ name: String) -> Bool {
    uses.contains { $0.keyword.name == name || $0.keyword.canonical == name }
  }

  /// The operators the program uses, by Combine's name (`take` is `.prefix`).
  public var operatorNames: Set<OperatorName> { Set(uses.compactMap(\.keyword.operatorName)) }

  /// The source keywords the program uses.
  public var sourceNames: Set<SourceName> { Set(uses.compactMap(\.keyword.sourceName)) }

  private mutating func visit(_ pipeline: Pipeline) {
    if let keyword = Keywords.keyword(named: pipeline.source.keyword.text, role: .source) {
      uses.append((pipeline.source.keyword, keyword))
    }
    for inner in pipeline.source.nestedPipelines { visit(inner) }
    for stage in pipeline.operators {
      if let keyword = Keywords.keyword(named: stage.keyword.text, role: .operator) {
        uses.append((stage.keyword, keyword))
      }
      for inner in stage.nestedPipelines { visit(inner) }
    }
  }
}
