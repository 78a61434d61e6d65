import StreamCore

@testable import StreamLang

/// A compact text form of an AST without source ranges, so a parser test can
/// state the tree it expects in one line: `just(1, 2) | map((x * 2))`.
enum ASTShape {
  static func of(_ program: Program) -> String {
    program.statements.map(of).joined(separator: "; ")
  }

  static func of(_ statement: Statement) -> String {
    switch statement {
    case .binding(let name, let pipeline, _): return "let \(name) = \(of(pipeline))"
    case .subscription(let pipeline, let timing, _):
      var text = of(pipeline)
      if let capture = timing.capture { text += " sink \(capture.isStrong ? "strong" : "weak") \(capture.owner)" }
      if let owner = timing.storedIn { text += " store \(owner)" }
      if timing.subscribeAt != nil || timing.cancelAt != nil {
        text += " @" + (timing.subscribeAt.map(of) ?? "") + (timing.cancelAt.map { ".." + of($0) } ?? "")
      }
      return text
    case .connect(let name, let at, _): return "connect \(name)" + (at.map { " @" + of($0) } ?? "")
    case .owner(let name, _): return "let \(name) = owner"
    case .release(let name, let at, _): return "release \(name)" + (at.map { " @" + of($0) } ?? "")
    case .task(let steps, let timing, _):
      let body = steps.map { step -> String in
        switch step {
        case .sleep(let time, _): return "sleep " + of(time)
        case .loop(let pipeline, _): return of(pipeline)
        }
      }
      var text = "task { " + body.joined(separator: "; ") + " }"
      if timing.subscribeAt != nil || timing.cancelAt != nil {
        text += " @" + (timing.subscribeAt.map(of) ?? "") + (timing.cancelAt.map { ".." + of($0) } ?? "")
      }
      return text
    }
  }

  static func of(_ pipeline: Pipeline) -> String {
    ([of(pipeline.source.kind)] + pipeline.operators.map { of($0) }).joined(separator: " | ")
  }

  static func of(_ stage: OperatorStage) -> String {
    let shape = of(stage.kind)
    let isAlias = Keywords.keyword(named: stage.keyword.text, role: .operator)?.isAlias ?? false
    return isAlias ? "\(stage.keyword.text)=\(shape)" : shape
  }

  static func of(_ source: SourceKind) -> String {
    switch source {
    case .just(let values): return "just(\(list(values)))"
    case .range(let from, let to, let closed): return "range(\(of(from))\(closed ? "..." : "..<")\(of(to)))"
    case .empty: return "empty"
    case .never: return "never"
    case .fail(let message): return "fail(\(of(message)))"
    case .interval(let period): return "interval(\(of(period)))"
    case .timer(let delay): return "timer(\(of(delay)))"
    case .marbles(let diagram, _, let frame):
      return "marbles(\"\(diagram)\"" + (frame.map { ", frame: " + of($0) } ?? "") + ")"
    case .events(let sends): return "events(\(of(sends)))"
    case .subject(let sends): return "subject(\(of(sends)))"
    case .current(let initial, let sends):
      return "current(\(of(initial))" + (sends.isEmpty ? "" : "; \(of(sends))") + ")"
    case .published(let initial, let sends):
      return "published(\(of(initial))" + (sends.isEmpty ? "" : "; \(of(sends))") + ")"
    case .future(let delay, let value): return "future(\(of(delay)), \(of(value)))"
    case .deferred(let pipeline): return "deferred{\(of(pipeline))}"
    case .name(let name): return "name(\(name))"
    case .group(let pipeline): return "group{\(of(pipeline))}"
    }
  }

  static func of(_ sends: [TimedSend]) -> String {
    sends.map { send in
      let event: String
      switch send.event {
      case .value(let value): event = of(value)
      case .finished: event = "|"
      case .failed(let message): event = "#" + (message.map(of) ?? "")
      }
      return of(send.time) + ":" + event
    }.joined(separator: ", ")
  }

  static func of(_ kind: OperatorKind) -> String {
    switch kind {
    case .map(let e): return "map(\(of(e)))"
    case .tryMap(let e): return "tryMap(\(of(e)))"
    case .compactMap(let e): return "compactMap(\(of(e)))"
    case .tryCompactMap(let e): return "tryCompactMap(\(of(e)))"
    case .scan(let initial, let e): return "scan(\(of(initial)), \(of(e)))"
    case .tryScan(let initial, let e): return "tryScan(\(of(initial)), \(of(e)))"
    case .reduce(let initial, let e): return "reduce(\(of(initial)), \(of(e)))"
    case .tryReduce(let initial, let e): return "tryReduce(\(of(initial)), \(of(e)))"
    case .flatMap(let maximum, let e): return "flatMap(" + (maximum.map { "max: \(of($0)), " } ?? "") + of(e) + ")"
    case .switchToLatest: return "switchToLatest"
    case .collect(let strategy):
      switch strategy {
      case .all: return "collect"
      case .count(let count): return "collect(count: \(of(count)))"
      case .time(let time): return "collect(time: \(of(time)))"
      case .timeOrCount(let time, let count): return "collect(\(of(time)) or \(of(count)))"
      }
    case .filter(let e): return "filter(\(of(e)))"
    case .tryFilter(let e): return "tryFilter(\(of(e)))"
    case .removeDuplicates: return "removeDuplicates"
    case .removeDuplicatesBy(let e): return "removeDuplicates(by: \(of(e)))"
    case .buffer(let size, let prefetch, let whenFull):
      let full: String
      switch whenFull {
      case .dropOldest: full = "dropOldest"
      case .dropNewest: full = "dropNewest"
      case .fail(let message): full = "fail(\(of(message)))"
      }
      return "buffer(\(of(size)), prefetch: \(prefetch.rawValue), whenFull: \(full))"
    case .prefixUntilOutput(let pipeline): return "prefix(untilOutputFrom: \(of(pipeline)))"
    case .dropUntilOutput(let pipeline): return "drop(untilOutputFrom: \(of(pipeline)))"
    case .tryCatch(let e): return "tryCatch(\(of(e)))"
    case .makeConnectable: return "makeConnectable"
    case .autoconnect: return "autoconnect"
    case .first(let e): return e.map { "first(where: \(of($0)))" } ?? "first"
    case .tryFirst(let e): return "tryFirst(where: \(of(e)))"
    case .last(let e): return e.map { "last(where: \(of($0)))" } ?? "last"
    case .tryLast(let e): return "tryLast(where: \(of(e)))"
    case .prefix(let e): return "prefix(\(of(e)))"
    case .prefixWhile(let e): return "prefixWhile(\(of(e)))"
    case .tryPrefixWhile(let e): return "tryPrefixWhile(\(of(e)))"
    case .dropFirst(let e): return e.map { "dropFirst(\(of($0)))" } ?? "dropFirst"
    case .dropWhile(let e): return "dropWhile(\(of(e)))"
    case .tryDropWhile(let e): return "tryDropWhile(\(of(e)))"
    case .output(let e): return "output(at: \(of(e)))"
    case .ignoreOutput: return "ignoreOutput"
    case .debounce(let e): return "debounce(\(of(e)))"
    case .throttle(let e, let latest): return "throttle(\(of(e)), latest: \(latest))"
    case .delay(let e): return "delay(\(of(e)))"
    case .values(let each): return "values(" + (each.map { "each: \(of($0))" } ?? "") + ")"
    case .timeout(let e, let message): return "timeout(\(of(e))" + (message.map { ", fail: \(of($0))" } ?? "") + ")"
    case .measureInterval: return "measureInterval"
    case .merge(let streams): return "merge(\(streams.map(of).joined(separator: ", ")))"
    case .zip(let streams, let transform):
      return "zip(\(streams.map(of).joined(separator: ", "))" + (transform.map { ", \(of($0))" } ?? "") + ")"
    case .combineLatest(let streams, let transform):
      return "combineLatest(\(streams.map(of).joined(separator: ", "))" + (transform.map { ", \(of($0))" } ?? "")
        + ")"
    case .append(let elements): return "append(\(of(elements)))"
    case .prepend(let elements): return "prepend(\(of(elements)))"
    case .catch(let pipeline): return "catch(\(of(pipeline)))"
    case .replaceError(let e): return "replaceError(\(of(e)))"
    case .retry(let e): return "retry(\(of(e)))"
    case .mapError(let e): return "mapError(\(of(e)))"
    case .replaceEmpty(let e): return "replaceEmpty(\(of(e)))"
    case .share: return "share"
    case .multicast: return "multicast"
    case .count: return "count"
    case .min: return "min"
    case .max: return "max"
    case .contains(let e): return "contains(\(of(e)))"
    case .allSatisfy(let e): return "allSatisfy(\(of(e)))"
    case .receiveOn(let scheduler): return "receive(on: \(scheduler.rawValue))"
    case .subscribeOn(let scheduler): return "subscribe(on: \(scheduler.rawValue))"
    case .print(let tag): return "print(\(tag.map(of) ?? ""))"
    case .handleEvents(let handlers):
      return "handleEvents(" + handlers.map { "\($0.event.rawValue): \(of($0.body))" }.joined(separator: ", ") + ")"
    case .eraseToAnyPublisher: return "eraseToAnyPublisher"
    case .setFailureType: return "setFailureType"
    case .assertNoFailure(let prefix): return "assertNoFailure(\(prefix.map(of) ?? ""))"
    case .replaceNil(let e): return "replaceNil(\(of(e)))"
    case .tryAllSatisfy(let e): return "tryAllSatisfy(\(of(e)))"
    }
  }

  static func of(_ elements: AppendedElements) -> String {
    switch elements {
    case .values(let values): return "values: " + list(values)
    case .stream(let pipeline): return "stream: " + of(pipeline)
    }
  }

  static func of(_ expr: Expr) -> String {
    switch expr.kind {
    case .int(let number): return String(number)
    case .double(let number): return String(number)
    case .string(let text): return "\"\(text)\""
    case .bool(let flag): return String(flag)
    case .null: return "nil"
    case .time(let interval): return interval.description
    case .array(let items): return "[\(list(items))]"
    case .tuple(let items): return "(\(list(items)))"
    case .identifier(let name): return name
    case .unary(let op, let operand): return "(\(op)\(of(operand)))"
    case .binary(let op, let lhs, let rhs): return "(\(of(lhs)) \(op) \(of(rhs)))"
    case .ternary(let condition, let then, let otherwise): return "(\(of(condition)) ? \(of(then)) : \(of(otherwise)))"
    case .member(let base, let name): return "\(of(base)).\(name)"
    case .call(let callee, let arguments): return "\(of(callee))(\(list(arguments)))"
    case .closure(let parameters, let body):
      return "{" + (parameters.isEmpty ? "" : parameters.joined(separator: ", ") + " in ") + of(body) + "}"
    case .stream(let pipeline): return "{stream \(of(pipeline))}"
    }
  }

  private static func list(_ exprs: [Expr]) -> String { exprs.map(of).joined(separator: ", ") }
}
