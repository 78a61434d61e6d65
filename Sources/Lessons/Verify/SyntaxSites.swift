import StreamLang

/// The places of a program a mutation can change: every pipeline (nested ones
/// in `flatMap { … }`, `merge { … }`, `catch { … }` included), every time
/// literal, every count literal, and every subscription with a `@` timing.
struct SyntaxSites {
  /// A whole-number literal that counts something (`prefix 3`, `dropFirst 2`, `retry 1`).
  struct Count {
    var expr: Expr
    var value: Int
    /// The smallest value that still builds (`retry 0` runs, `collect 0` does not).
    var minimum: Int
  }

  /// A bare pipeline subscribed with `@T`, `@T..T` or `@..T`.
  struct TimedSubscription {
    var pipeline: Pipeline
    var range: SourceRange
    /// The statement up to its `@`: the pipeline and its holder clauses.
    var untimedRange: SourceRange
  }

  /// A bare pipeline's holder clauses (`sink weak vm store vm`, issue 30).
  struct Holders {
    var capture: SinkCapture?
    /// From the end of what comes before `store` to the owner's name: the
    /// text a mutant that drops the `store` removes.
    var store: SourceRange?
  }

  private(set) var holders: [Holders] = []
  /// Each `release vm @T` statement.
  private(set) var releases: [SourceRange] = []

  private(set) var pipelines: [Pipeline] = []
  private(set) var times: [Expr] = []
  private(set) var counts: [Count] = []
  private(set) var timedSubscriptions: [TimedSubscription] = []

  init(_ program: Program) {
    for statement in program.statements {
      switch statement {
      case .binding(_, let pipeline, _):
        visit(pipeline)
      case .subscription(let pipeline, let timing, let range):
        visit(pipeline)
        [timing.subscribeAt, timing.cancelAt].compactMap { $0 }.forEach { visit($0) }
        let beforeStore = timing.capture?.range.end ?? pipeline.range.end
        let holdersEnd = timing.storedIn?.range.end ?? beforeStore
        if timing.subscribeAt != nil || timing.cancelAt != nil {
          timedSubscriptions.append(
            TimedSubscription(
              pipeline: pipeline, range: range, untimedRange: SourceRange(start: range.start, end: holdersEnd)))
        }
        if timing.capture != nil || timing.storedIn != nil {
          holders.append(
            Holders(
              capture: timing.capture,
              store: timing.storedIn.map { SourceRange(start: beforeStore, end: $0.range.end) }))
        }
      case .connect(_, let at, _):
        if let at { visit(at) }
      case .release(_, let at, let range):
        if let at { visit(at) }
        releases.append(range)
      case .owner:
        break
      case .task(let steps, let timing, _):
        for step in steps {
          switch step {
          case .sleep(let time, _): visit(time)
          case .loop(let pipeline, _): visit(pipeline)
          }
        }
        [timing.subscribeAt, timing.cancelAt].compactMap { $0 }.forEach { visit($0) }
      }
    }
  }

  private mutating func visit(_ pipeline: Pipeline) {
    pipelines.append(pipeline)
    switch pipeline.source.kind {
    case .deferred(let inner), .group(let inner): visit(inner)
    case .interval(let time), .timer(let time): visit(time)
    case .future(let delay, _): visit(delay)
    case .events(let sends), .subject(let sends), .current(_, let sends): sends.forEach { visit($0.time) }
    case .marbles(_, _, let frame): if let frame { visit(frame) }
    default: break
    }
    pipeline.operators.forEach { visit($0.kind) }
  }

  private mutating func count(_ expr: Expr?, minimum: Int) {
    guard let expr, case .int(let value) = expr.kind else { return }
    counts.append(Count(expr: expr, value: value, minimum: minimum))
  }

  private mutating func visit(_ kind: OperatorKind) {
    switch kind {
    case .merge(let pipelines):
      pipelines.forEach { visit($0) }
    case .zip(let pipelines, let transform), .combineLatest(let pipelines, let transform):
      pipelines.forEach { visit($0) }
      if let transform { visit(transform) }
    case .append(.stream(let pipeline)), .prepend(.stream(let pipeline)), .catch(let pipeline):
      visit(pipeline)
    case .map(let expr), .tryMap(let expr), .compactMap(let expr), .tryCompactMap(let expr), .filter(let expr),
      .tryFilter(let expr), .scan(_, let expr), .tryScan(_, let expr), .reduce(_, let expr), .tryReduce(_, let expr):
      visit(expr)
    case .flatMap(let maximum, let expr):
      count(maximum, minimum: 1)
      visit(expr)
    case .debounce(let time), .throttle(let time, _), .delay(let time), .timeout(let time, _):
      visit(time)
    case .collect(.time(let time)):
      visit(time)
    case .collect(.count(let expr)):
      count(expr, minimum: 1)
    case .collect(.timeOrCount(let time, let expr)):
      visit(time)
      count(expr, minimum: 1)
    case .prefix(let expr), .output(let expr):
      count(expr, minimum: 0)
    case .dropFirst(let expr):
      count(expr, minimum: 0)
    case .retry(let expr):
      count(expr, minimum: 0)
    default:
      break
    }
  }

  /// Time literals anywhere in an expression (`delay x.count * 100ms`), and pipelines used as values.
  private mutating func visit(_ expr: Expr) {
    switch expr.kind {
    case .time:
      times.append(expr)
    case .stream(let pipeline):
      visit(pipeline)
    case .array(let items), .tuple(let items):
      items.forEach { visit($0) }
    case .unary(_, let operand), .member(let operand, _):
      visit(operand)
    case .binary(_, let lhs, let rhs):
      visit(lhs)
      visit(rhs)
    case .ternary(let condition, let then, let otherwise):
      visit(condition)
      visit(then)
      visit(otherwise)
    case .call(let callee, let arguments):
      visit(callee)
      arguments.forEach { visit($0) }
    case .closure(_, let body):
      visit(body)
    default:
      break
    }
  }
}
