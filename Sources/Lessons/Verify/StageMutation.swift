import StreamLang

/// The classic near misses of one operator stage: the operator a student
/// confuses it with (`debounce` for `throttle`, `zip` for `combineLatest`,
/// `flatMap` for `map` + `switchToLatest`), the other `latest:`, the filter
/// the wrong way round, the operator left out, two stages in the wrong order,
/// an error handler moved out of the braces it must stay in. Durations and
/// counts are changed elsewhere (`MutantGenerator`), because they are literals
/// that can sit anywhere.
enum StageMutation {
  /// Every near miss of the stage at `index` of `operators`.
  static func nearMisses(of pipeline: Pipeline, at index: Int, printer: SyntaxPrinter) -> [PipelineEdit] {
    let operators = pipeline.operators
    let stage = operators[index]
    let written = printer.original(stage.range)
    var edits: [PipelineEdit] = []

    func replace(with kinds: [OperatorKind], removing count: Int = 1) {
      let printed = kinds.compactMap { printer.stage($0) }
      guard printed.count == kinds.count else { return }
      var stages = operators.map(PipelineEdit.Stage.original)
      stages.replaceSubrange(index..<(index + count), with: kinds.map(PipelineEdit.Stage.new))
      let before = operators[index..<(index + count)].map { printer.original($0.range) }.joined(separator: " | ")
      edits.append(PipelineEdit(change: "`\(before)` → `\(printed.joined(separator: " | "))`", stages: stages))
    }

    var removed = operators.map(PipelineEdit.Stage.original)
    removed.remove(at: index)
    edits.append(PipelineEdit(change: "without `\(written)`", stages: removed))

    if index + 1 < operators.count {
      var swapped = operators.map(PipelineEdit.Stage.original)
      swapped.swapAt(index, index + 1)
      edits.append(
        PipelineEdit(
          change: "`\(written)` and `\(printer.original(operators[index + 1].range))` swapped", stages: swapped))
    }
    let next = index + 1 < operators.count ? operators[index + 1].kind : nil
    if let moved = movedOut(of: operators, at: index, printer: printer) { edits.append(moved) }
    switch stage.kind {
    case .debounce(let interval):
      replace(with: [.throttle(interval, latest: true)])
      replace(with: [.throttle(interval, latest: false)])
      replace(with: [.delay(interval)])
    case .throttle(let interval, let latest):
      replace(with: [.throttle(interval, latest: !latest)])
      replace(with: [.debounce(interval)])
    case .flatMap(let maximum, let transform):
      replace(with: [.map(transform), .switchToLatest])
      if maximum == nil {
        replace(with: [.flatMap(maxPublishers: synthesized(.int(1)), transform)])
      } else {
        replace(with: [.flatMap(maxPublishers: nil, transform)])
      }
    case .map(let transform):
      if next == .switchToLatest {
        replace(with: [.flatMap(maxPublishers: nil, transform)], removing: 2)
        replace(with: [.flatMap(maxPublishers: synthesized(.int(1)), transform)], removing: 2)
      }
    case .compactMap(let transform):
      replace(with: [.map(transform)])
    case .scan(let initial, let transform):
      replace(with: [.reduce(initial: initial, transform)])
      if let forgetful = withoutAccumulator(transform, initial: initial) { replace(with: [.map(forgetful)]) }
    case .reduce(let initial, let transform):
      replace(with: [.scan(initial: initial, transform)])
    case .merge(let pipelines):
      replace(with: [.zip(pipelines, transform: nil)])
      replace(with: [.combineLatest(pipelines, transform: nil)])
    case .zip(let pipelines, let transform):
      replace(with: [.combineLatest(pipelines, transform: transform)])
      replace(with: [.merge(pipelines)])
      if index == 0, pipelines.count == 1 {
        edits.append(swapped(pipeline, with: .zip([ownSource(pipeline)], transform: transform), printer: printer))
      }
    case .combineLatest(let pipelines, let transform):
      replace(with: [.zip(pipelines, transform: transform)])
      replace(with: [.merge(pipelines)])
      if index == 0, pipelines.count == 1 {
        edits.append(
          swapped(pipeline, with: .combineLatest([ownSource(pipeline)], transform: transform), printer: printer))
      }
    case .filter(let condition):
      replace(with: [.filter(synthesized(.unary(op: "!", condition)))])
    case .timeout(let interval, .some):
      replace(with: [.timeout(interval, failure: nil)])
    case .first(let condition):
      replace(with: [.last(where: condition)])
    case .last(let condition):
      replace(with: [.first(where: condition)])
    case .dropFirst(nil):
      replace(with: [.dropFirst(synthesized(.int(2)))])
    case .append(let elements):
      replace(with: [.prepend(elements)])
    case .prepend(let elements):
      replace(with: [.append(elements)])
    case .replaceError(let value):
      replace(with: [.catch(justPipeline(value))])
    case .catch(let fallback):
      if fallback.operators.isEmpty, case .just(let values) = fallback.source.kind, values.count == 1 {
        replace(with: [.replaceError(values[0])])
      }
    default:
      break
    }
    return edits
  }

  /// A scan's closure with the accumulator stuck at its initial value, as a
  /// one-parameter closure for `map`: the running total that forgets to run.
  /// (`map` → `scan` has no such twin: a scan that ignores its accumulator is a map.)
  private static func withoutAccumulator(_ transform: Expr, initial: Expr) -> Expr? {
    if case .closure(let parameters, let body) = transform.kind, parameters.count == 2 {
      return ExprSubstitution.replacing(parameters[0], with: initial, in: body).map {
        synthesized(.closure(parameters: [parameters[1]], body: $0))
      }
    }
    return ExprSubstitution.replacing("acc", with: initial, in: transform)
  }

  /// `a | zip b` as `b | zip a`: the tuple the other way round, a classic slip
  /// when the next stage reads `x.0` and `x.1`. `combining` already takes the old source.
  private static func swapped(_ pipeline: Pipeline, with combining: OperatorKind, printer: SyntaxPrinter)
    -> PipelineEdit
  {
    var stages = pipeline.operators.map(PipelineEdit.Stage.original)
    stages[0] = .new(combining)
    let other: Pipeline
    switch pipeline.operators[0].kind {
    case .zip(let pipelines, _), .combineLatest(let pipelines, _): other = pipelines[0]
    default: other = pipeline
    }
    let source = printer.streamArgument(other)
    return PipelineEdit(
      change: "inputs swapped: `\(printer.original(pipeline.source.range))` ↔ `\(source)`", source: source,
      stages: stages)
  }

  /// The pipeline's source alone, as a stream argument.
  private static func ownSource(_ pipeline: Pipeline) -> Pipeline {
    Pipeline(source: pipeline.source, operators: [], range: pipeline.source.range)
  }

  /// The last stage of a nested pipeline, when it handles errors or prepends,
  /// moved out of its braces, after the operator that holds it: `flatMap { req | replaceError "e" }` becomes
  /// `flatMap { req } | replaceError "e"`, which ends the whole stream at the first error.
  private static func movedOut(of operators: [OperatorStage], at index: Int, printer: SyntaxPrinter) -> PipelineEdit? {
    let stage = operators[index]
    let inner: Pipeline
    var insertAt = index + 1
    switch stage.kind {
    case .flatMap(_, let transform):
      guard let pipeline = nestedPipeline(in: transform) else { return nil }
      inner = pipeline
    case .map(let transform):
      guard index + 1 < operators.count, operators[index + 1].kind == .switchToLatest,
        let pipeline = nestedPipeline(in: transform)
      else { return nil }
      inner = pipeline
      insertAt = index + 2
    case .catch(let fallback) where fallback.range != stage.range:
      inner = fallback
    default:
      return nil
    }
    guard let last = inner.operators.last, handlesErrorsOrStarts(last.kind) else { return nil }
    let kept = [printer.original(inner.source.range)] + inner.operators.dropLast().map { printer.original($0.range) }
    var stages = operators.map(PipelineEdit.Stage.original)
    stages[index] = .rewritten(stage, SourceSplice(range: inner.range, replacement: kept.joined(separator: " | ")))
    stages.insert(.original(last), at: insertAt)
    return PipelineEdit(change: "`\(printer.original(last.range))` moved out of the braces", stages: stages)
  }

  /// The stages whose place inside or outside the braces is the lesson: error
  /// handlers (outside, the first error ends the whole stream) and `prepend`
  /// (outside, "loading" shows once instead of once per request). Moving a
  /// `delay` out changes only when a cancelled stream would have finished.
  private static func handlesErrorsOrStarts(_ kind: OperatorKind) -> Bool {
    switch kind {
    case .replaceError, .catch, .retry, .replaceEmpty, .prepend: return true
    default: return false
    }
  }

  /// `{ PIPELINE }` or `{ x in PIPELINE }` as an argument.
  private static func nestedPipeline(in expr: Expr) -> Pipeline? {
    switch expr.kind {
    case .stream(let pipeline): return pipeline
    case .closure(_, let body): return nestedPipeline(in: body)
    default: return nil
    }
  }

  /// A node a mutation made has no text of its own: an empty range tells the printer to print it from the tree.
  static func synthesized(_ kind: ExprKind) -> Expr {
    Expr(kind, range: SourceRange(start: 0, end: 0))
  }

  /// `{ just V }`, the fallback `catch` needs to do what `replaceError V` does.
  private static func justPipeline(_ value: Expr) -> Pipeline {
    let nowhere = SourceRange(start: 0, end: 0)
    let source = SourceStage(kind: .just([value]), keyword: Name("just", range: nowhere), range: nowhere)
    return Pipeline(source: source, operators: [], range: nowhere)
  }
}
