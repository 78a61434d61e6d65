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
      case .binding(_, let pipeline, _), .subscription(let pipeline, _, _): visit(pipeline)
      case .connect(let name, _, _):
        if let keyword = Keywords.keyword(named: "connect", role: .statement) { uses.append((name, keyword)) }
      }
    }
  }

  /// Whether the program uses the operator or source `name`, or an alias of it.
  public func uses(_ name: String) -> Bool {
    uses.contains { $0.keyword.name == name || $0.keyword.canonical == name }
  }

  private mutating func visit(_ pipeline: Pipeline) {
    if let keyword = Keywords.keyword(named: pipeline.source.keyword.text, role: .source) {
      uses.append((pipeline.source.keyword, keyword))
    }
    switch pipeline.source.kind {
    case .deferred(let inner), .group(let inner): visit(inner)
    default: for site in ExpressionSite.sites(in: pipeline.source.kind) { visit(site.expr) }
    }
    for stage in pipeline.operators {
      if let keyword = Keywords.keyword(named: stage.keyword.text, role: .operator) {
        uses.append((stage.keyword, keyword))
      }
      // Stream arguments are visited as pipelines; their expressions are
      // also among the operator's sites, so those are not visited twice.
      switch stage.kind {
      case .merge(let streams): for inner in streams { visit(inner) }
      case .zip(let streams, let transform), .combineLatest(let streams, let transform):
        for inner in streams { visit(inner) }
        if let transform { visit(transform) }
      case .append(.stream(let inner)), .prepend(.stream(let inner)), .catch(let inner): visit(inner)
      default: for site in ExpressionSite.sites(in: stage.kind) { visit(site.expr) }
      }
    }
  }

  private mutating func visit(_ expr: Expr) {
    switch expr.kind {
    case .stream(let pipeline): visit(pipeline)
    case .closure(_, let body): visit(body)
    case .unary(_, let operand): visit(operand)
    case .binary(_, let lhs, let rhs):
      visit(lhs)
      visit(rhs)
    case .ternary(let condition, let then, let otherwise):
      visit(condition)
      visit(then)
      visit(otherwise)
    case .member(let base, _): visit(base)
    case .call(let callee, let arguments):
      visit(callee)
      for argument in arguments { visit(argument) }
    case .array(let items), .tuple(let items):
      for item in items { visit(item) }
    case .int, .double, .string, .bool, .null, .time, .identifier: break
    }
  }
}
