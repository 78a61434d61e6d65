/// Bound subjects and futures exist from the program's start, as a Swift
/// `let subject = PassthroughSubject<Int, Never>()` or `let future = Future { … }`
/// does: their sends and their result happen at program times whether or not
/// anything has subscribed yet. A binding used only inside a closure
/// (`flatMap { s }`, `map { _ in s } | switchToLatest`, `tryCatch`) would
/// otherwise be built at that closure's first call, and replay or delay what
/// happened before.
extension PipelineBuilder {
  /// Builds every bound `subject`, `current`, `published` and `future` that
  /// `pipeline` uses anywhere (in closures, nested pipelines and the bindings
  /// it names, too) and that is not built yet, in the order they are written.
  ///
  /// Called once the pipeline itself is built: the ones it uses directly are
  /// built by then, so only those first used inside a closure come after
  /// them (the Swift export declares them in the same order).
  func buildEagerBindings(usedBy pipeline: Pipeline, in environment: [String: BoundPipeline]) throws {
    // Depth first, in the order the names are written: a stack of names, the next one on top.
    var pending = Self.namesUsed(by: pipeline).reversed().map { ($0, environment) }
    while let (name, environment) = pending.popLast() {
      guard let binding = environment[name], eagerlyWalked.insert(ObjectIdentifier(binding)).inserted else {
        continue
      }
      if binding.pipeline.source.kind.existsFromProgramStart { _ = try buildBinding(binding) }
      pending += Self.namesUsed(by: binding.pipeline).reversed().map { ($0, binding.environment) }
    }
  }

  /// The names a pipeline refers to, in the order they are written, each
  /// once: sources, stream arguments, and identifiers in its expressions,
  /// nested pipelines included.
  private static func namesUsed(by pipeline: Pipeline) -> [String] {
    var found: [(position: Int, name: String)] = []
    var pipelines = [pipeline]
    while let pipeline = pipelines.popLast() {
      if case .name(let name) = pipeline.source.kind { found.append((name.range.start, name.text)) }
      pipelines += pipeline.source.nestedPipelines + pipeline.operators.flatMap(\.nestedPipelines)
      var expressions = ExpressionSite.sites(in: pipeline).map(\.expr)
      while let expr = expressions.popLast() {
        switch expr.kind {
        case .identifier(let name): found.append((expr.range.start, name))
        case .stream: break  // among the nested pipelines above
        case .closure(_, let body): expressions.append(body)
        case .unary(_, let operand), .member(let operand, _): expressions.append(operand)
        case .binary(_, let lhs, let rhs): expressions += [lhs, rhs]
        case .ternary(let condition, let then, let otherwise): expressions += [condition, then, otherwise]
        case .call(let callee, let arguments): expressions += [callee] + arguments
        case .array(let items), .tuple(let items): expressions += items
        case .int, .double, .string, .bool, .null, .time: break
        }
      }
    }
    var named = Set<String>()
    return found.sorted { $0.position < $1.position }.map(\.name).filter { named.insert($0).inserted }
  }
}

extension SourceKind {
  /// `subject`, `current`, `published` and `future`: one instance made when
  /// the program starts, whose sends (or result) follow the program's clock.
  var existsFromProgramStart: Bool {
    switch self {
    case .subject, .current, .published, .future: return true
    case .just, .range, .empty, .never, .fail, .interval, .timer, .marbles, .events, .deferred, .name, .group:
      return false
    }
  }
}
