/// One expression of a program together with how it is called: `x * 2` in
/// `map x * 2` is called with one element, `acc + x` in `scan` with two,
/// `300ms` in `debounce 300ms` is evaluated once.
///
/// This is the language's own knowledge of which argument is a closure, so
/// the compiler can check a whole program, nested pipelines included, before
/// anything runs.
public struct ExpressionSite: Hashable {
  public var expr: Expr
  public var signature: ClosureSignature

  public init(_ expr: Expr, _ signature: ClosureSignature) {
    self.expr = expr
    self.signature = signature
  }

  /// Every expression of a statement, with the pipelines its operators take
  /// as streams (`merge S`) included; expressions inside `{ pipeline }`
  /// *values* are left to the compiler, which sees them with their captures.
  public static func sites(in statement: Statement) -> [ExpressionSite] {
    switch statement {
    case .binding(_, let pipeline, _): return sites(in: pipeline)
    case .subscription(let pipeline, let timing, _):
      return sites(in: pipeline)
        + [timing.subscribeAt, timing.cancelAt].compactMap { $0 }.map { ExpressionSite($0, .value) }
    case .connect(_, let at, _), .release(_, let at, _): return at.map { [ExpressionSite($0, .value)] } ?? []
    case .owner: return []
    case .task(let steps, let timing, _):
      return steps.flatMap { step -> [ExpressionSite] in
        switch step {
        case .sleep(let time, _): return [ExpressionSite(time, .value)]
        case .loop(let pipeline, _): return sites(in: pipeline)
        }
      } + [timing.subscribeAt, timing.cancelAt].compactMap { $0 }.map { ExpressionSite($0, .value) }
    }
  }

  public static func sites(in pipeline: Pipeline) -> [ExpressionSite] {
    sites(in: pipeline.source.kind) + pipeline.operators.flatMap { sites(in: $0.kind) }
  }

  public static func sites(in source: SourceKind) -> [ExpressionSite] {
    switch source {
    case .just(let values): return values.map { ExpressionSite($0, .value) }
    case .range(let from, let to, _): return [ExpressionSite(from, .value), ExpressionSite(to, .value)]
    case .empty, .never, .name: return []
    case .fail(let message): return [ExpressionSite(message, .value)]
    case .interval(let time), .timer(let time): return [ExpressionSite(time, .value)]
    case .marbles(_, _, let frame): return frame.map { [ExpressionSite($0, .value)] } ?? []
    case .events(let sends), .subject(let sends): return sites(in: sends)
    case .current(let initial, let sends), .published(let initial, let sends):
      return [ExpressionSite(initial, .value)] + sites(in: sends)
    case .future(let delay, let value): return [ExpressionSite(delay, .value), ExpressionSite(value, .value)]
    case .deferred(let pipeline), .group(let pipeline): return sites(in: pipeline)
    }
  }

  public static func sites(in sends: [TimedSend]) -> [ExpressionSite] {
    sends.flatMap { send -> [ExpressionSite] in
      var found = [ExpressionSite(send.time, .value)]
      switch send.event {
      case .value(let value): found.append(ExpressionSite(value, .value))
      case .failed(let message?): found.append(ExpressionSite(message, .value))
      case .failed(nil), .finished: break
      }
      return found
    }
  }

  public static func sites(in kind: OperatorKind) -> [ExpressionSite] {
    switch kind {
    case .map(let body), .tryMap(let body), .compactMap(let body), .tryCompactMap(let body), .filter(let body),
      .tryFilter(let body), .prefixWhile(let body), .tryPrefixWhile(let body), .dropWhile(let body),
      .tryDropWhile(let body), .mapError(let body), .allSatisfy(let body), .tryAllSatisfy(let body),
      .tryFirst(let body), .tryLast(let body), .tryCatch(let body):
      return [ExpressionSite(body, .element)]
    case .removeDuplicatesBy(let body): return [ExpressionSite(body, .elements(2))]
    case .buffer(let size, _, let whenFull):
      guard case .fail(let message) = whenFull else { return [ExpressionSite(size, .value)] }
      return [ExpressionSite(size, .value), ExpressionSite(message, .value)]
    case .prefixUntilOutput(let trigger), .dropUntilOutput(let trigger): return sites(in: trigger)
    case .first(let body?), .last(let body?): return [ExpressionSite(body, .element)]
    case .first(nil), .last(nil): return []
    case .scan(let initial, let body), .tryScan(let initial, let body), .reduce(let initial, let body),
      .tryReduce(let initial, let body):
      return [ExpressionSite(initial, .value), ExpressionSite(body, .accumulator)]
    case .flatMap(let maximum, let body):
      return (maximum.map { [ExpressionSite($0, .value)] } ?? []) + [ExpressionSite(body, .element)]
    case .collect(let strategy):
      switch strategy {
      case .all: return []
      case .count(let value), .time(let value): return [ExpressionSite(value, .value)]
      case .timeOrCount(let time, let count): return [ExpressionSite(time, .value), ExpressionSite(count, .value)]
      }
    case .prefix(let value), .output(let value), .debounce(let value), .delay(let value), .retry(let value),
      .replaceError(let value), .replaceEmpty(let value), .contains(let value):
      return [ExpressionSite(value, .value)]
    case .dropFirst(let count): return count.map { [ExpressionSite($0, .value)] } ?? []
    case .values(let each): return each.map { [ExpressionSite($0, .value)] } ?? []
    case .throttle(let time, _): return [ExpressionSite(time, .value)]
    case .timeout(let time, let message):
      return [ExpressionSite(time, .value)] + (message.map { [ExpressionSite($0, .value)] } ?? [])
    case .merge(let streams): return streams.flatMap { sites(in: $0) }
    case .zip(let streams, let transform), .combineLatest(let streams, let transform):
      let transformSites = transform.map { [ExpressionSite($0, .elements(streams.count + 1))] } ?? []
      return streams.flatMap { sites(in: $0) } + transformSites
    case .append(let elements), .prepend(let elements):
      switch elements {
      case .values(let values): return values.map { ExpressionSite($0, .value) }
      case .stream(let pipeline): return sites(in: pipeline)
      }
    case .catch(let pipeline): return sites(in: pipeline)
    case .switchToLatest, .removeDuplicates, .ignoreOutput, .measureInterval, .share, .multicast, .makeConnectable,
      .autoconnect, .count, .min, .max, .receiveOn, .subscribeOn, .eraseToAnyPublisher, .setFailureType:
      return []
    case .print(let tag), .assertNoFailure(let tag): return tag.map { [ExpressionSite($0, .value)] } ?? []
    case .replaceNil(let value): return [ExpressionSite(value, .value)]
    case .handleEvents(let handlers): return handlers.map { ExpressionSite($0.body, .element) }
    }
  }
}
