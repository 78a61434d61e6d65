import StreamLang

/// Finds every operator stage and source keyword of a program, including those
/// in nested pipelines (`merge { … }`, `flatMap { … }`, `catch { … }`,
/// `deferred { … }`), so `require:` and `forbid:` see what the student really used.
struct OperatorCollector {
  /// Maps an operator keyword as typed (`take`) to its canonical name (`prefix`).
  let canonicalName: (String) -> String
  private(set) var uses: [OperatorUse] = []

  init(canonicalName: @escaping (String) -> String) {
    self.canonicalName = canonicalName
  }

  mutating func collect(_ program: Program) {
    for statement in program.statements {
      switch statement {
      case .binding(_, let pipeline, _):
        collect(pipeline)
      case .subscription(let pipeline, let timing, _):
        collect(pipeline)
        // `require: sink` and `require: store` read the holder clauses (issue 30).
        if let capture = timing.capture {
          uses.append(OperatorUse(canonicalName: "sink", offset: capture.range.start))
        }
        if let owner = timing.storedIn {
          uses.append(OperatorUse(canonicalName: "store", offset: owner.range.start))
        }
      case .connect(_, let at, _), .release(_, let at, _):
        if let at { collect(at) }
      case .owner:
        break
      case .task(let steps, let timing, let range):
        // `require: task` and `require: sleep` read the task and its steps (issue 31).
        uses.append(OperatorUse(canonicalName: "task", offset: range.start))
        for step in steps {
          switch step {
          case .sleep(let time, let range):
            uses.append(OperatorUse(canonicalName: "sleep", offset: range.start))
            collect(time)
          case .loop(let pipeline, _): collect(pipeline)
          }
        }
        [timing.subscribeAt, timing.cancelAt].compactMap { $0 }.forEach { collect($0) }
      }
    }
  }

  private mutating func collect(_ pipeline: Pipeline) {
    if pipeline.source.kind.name != nil {
      let keyword = pipeline.source.keyword
      uses.append(OperatorUse(canonicalName: canonicalName(keyword.text), offset: keyword.range.start))
    }
    collect(pipeline.source.kind)
    for stage in pipeline.operators {
      uses.append(OperatorUse(canonicalName: canonicalName(stage.keyword.text), offset: stage.keyword.range.start))
      collect(stage.kind)
    }
  }

  // Exhaustive switches: a new source or operator does not compile until it
  // says which pipelines it holds, so `require:` and `forbid:` see inside it.
  private mutating func collect(_ source: SourceKind) {
    switch source {
    case .deferred(let pipeline), .group(let pipeline):
      collect(pipeline)
    case .just(let values):
      values.forEach { collect($0) }
    case .future(_, let value):
      collect(value)
    case .range, .empty, .never, .fail, .interval, .timer, .marbles, .events, .subject, .current, .published, .name:
      break
    }
  }

  private mutating func collect(_ kind: OperatorKind) {
    switch kind {
    case .merge(let pipelines):
      pipelines.forEach { collect($0) }
    case .zip(let pipelines, let transform), .combineLatest(let pipelines, let transform):
      pipelines.forEach { collect($0) }
      if let transform { collect(transform) }
    case .append(.stream(let pipeline)), .prepend(.stream(let pipeline)), .catch(let pipeline),
      .prefixUntilOutput(let pipeline), .dropUntilOutput(let pipeline):
      collect(pipeline)
    case .map(let expr), .tryMap(let expr), .compactMap(let expr), .tryCompactMap(let expr), .filter(let expr),
      .tryFilter(let expr), .flatMap(_, let expr), .scan(_, let expr), .tryScan(_, let expr), .reduce(_, let expr),
      .tryReduce(_, let expr), .mapError(let expr), .tryCatch(let expr), .removeDuplicatesBy(let expr):
      collect(expr)
    case .handleEvents(let handlers):
      handlers.forEach { collect($0.body) }
    case .append(.values), .prepend(.values), .switchToLatest, .collect, .removeDuplicates, .first, .tryFirst, .last,
      .tryLast, .prefix, .prefixWhile, .tryPrefixWhile, .dropFirst, .dropWhile, .tryDropWhile, .output, .ignoreOutput,
      .debounce, .throttle, .delay, .timeout, .measureInterval, .replaceError, .retry, .replaceEmpty, .share,
      .multicast, .makeConnectable, .autoconnect, .count, .min, .max, .contains, .allSatisfy, .tryAllSatisfy,
      .receiveOn, .subscribeOn, .print, .eraseToAnyPublisher, .setFailureType, .assertNoFailure, .replaceNil, .buffer,
      .values:
      break
    }
  }

  /// Pipelines used as values: `{ just x | delay 100ms }` inside a closure.
  private mutating func collect(_ expr: Expr) {
    switch expr.kind {
    case .stream(let pipeline):
      collect(pipeline)
    case .array(let items), .tuple(let items):
      items.forEach { collect($0) }
    case .unary(_, let operand), .member(let operand, _):
      collect(operand)
    case .binary(_, let lhs, let rhs):
      collect(lhs)
      collect(rhs)
    case .ternary(let condition, let then, let otherwise):
      collect(condition)
      collect(then)
      collect(otherwise)
    case .call(let callee, let arguments):
      collect(callee)
      arguments.forEach { collect($0) }
    case .closure(_, let body):
      collect(body)
    default:
      break
    }
  }
}
