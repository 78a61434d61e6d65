import StreamCore
import StreamLang

/// Prints syntax-tree nodes back as program text. Sub-trees that a change did
/// not touch are printed as their author wrote them (the text under their
/// range), so a printed node reads like the original with one thing changed.
struct SyntaxPrinter {
  /// The text every range points into.
  let text: String

  /// The author's text of a range.
  func original(_ range: SourceRange) -> String {
    let bytes = Array(text.utf8)
    let start = min(max(0, range.start), bytes.count)
    let end = min(max(start, range.end), bytes.count)
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// A time literal the lexer reads back (`150ms`, `75us`); nil for a time it cannot spell.
  static func time(_ interval: VirtualInterval) -> String? {
    let nanoseconds = interval.nanoseconds
    guard nanoseconds >= 0 else { return nil }
    if nanoseconds % 1_000_000 == 0 { return "\(nanoseconds / 1_000_000)ms" }
    if nanoseconds % 1_000 == 0 { return "\(nanoseconds / 1_000)us" }
    return nil
  }

  /// An expression: literals, and nodes a change made (their range is empty),
  /// are printed from the tree; the rest as written.
  func expression(_ expr: Expr) -> String {
    switch expr.kind {
    case .int(let value): return String(value)
    case .string(let value): return TextEscaping.swiftStringLiteral(value)
    case .time(let interval): return Self.time(interval) ?? original(expr.range)
    default: break
    }
    guard expr.range.start == expr.range.end else { return original(expr.range) }
    switch expr.kind {
    case .double(let value): return String(value)
    case .bool(let value): return String(value)
    case .null: return "nil"
    case .identifier(let name): return name
    case .array(let items): return "[" + items.map(expression).joined(separator: ", ") + "]"
    case .tuple(let items): return "(" + items.map(expression).joined(separator: ", ") + ")"
    case .unary(let op, let value): return op + operand(value)
    case .binary(let op, let lhs, let rhs): return operand(lhs) + " " + op + " " + operand(rhs)
    case .ternary(let condition, let then, let otherwise):
      return operand(condition) + " ? " + operand(then) + " : " + operand(otherwise)
    case .member(let base, let name): return operand(base) + "." + name
    case .call(let callee, let arguments):
      return operand(callee) + "(" + arguments.map(expression).joined(separator: ", ") + ")"
    case .closure(let parameters, let body):
      return "{ " + (parameters.isEmpty ? "" : parameters.joined(separator: ", ") + " in ") + expression(body) + " }"
    case .int, .string, .time, .stream: return original(expr.range)
    }
  }

  /// An operand of an operator, in parentheses unless it cannot be split.
  private func operand(_ expr: Expr) -> String {
    switch expr.kind {
    case .binary, .ternary, .unary: return "(" + expression(expr) + ")"
    default: return expression(expr)
    }
  }

  /// A stream argument: a bare name as is, anything else in braces.
  func streamArgument(_ pipeline: Pipeline) -> String {
    if pipeline.operators.isEmpty, case .name(let name) = pipeline.source.kind { return name.text }
    if pipeline.range.start == pipeline.range.end, pipeline.operators.isEmpty, let source = source(pipeline.source.kind)
    {
      return "{ " + source + " }"
    }
    return "{ " + original(pipeline.range) + " }"
  }

  /// Any operator stage, as the language spells it. Exhaustive, so an operator
  /// added to the language does not compile until the mutations can print it.
  func stage(_ kind: OperatorKind) -> String? {
    func keyword(_ name: String, _ expr: Expr) -> String { name + " " + expression(expr) }
    func optional(_ name: String, _ expr: Expr?, word: String = "") -> String {
      name + (expr.map { " " + word + expression($0) } ?? "")
    }
    func streams(_ pipelines: [Pipeline]) -> String { pipelines.map(streamArgument).joined(separator: ", ") }
    switch kind {
    case .map(let expr): return keyword("map", expr)
    case .tryMap(let expr): return keyword("tryMap", expr)
    case .compactMap(let expr): return keyword("compactMap", expr)
    case .tryCompactMap(let expr): return keyword("tryCompactMap", expr)
    case .filter(let expr): return keyword("filter", expr)
    case .tryFilter(let expr): return keyword("tryFilter", expr)
    case .mapError(let expr): return keyword("mapError", expr)
    case .allSatisfy(let expr): return keyword("allSatisfy", expr)
    case .tryAllSatisfy(let expr): return keyword("tryAllSatisfy", expr)
    case .tryCatch(let expr): return keyword("tryCatch", expr)
    case .contains(let expr): return keyword("contains", expr)
    case .replaceEmpty(let expr): return keyword("replaceEmpty", expr)
    case .replaceNil(let expr): return keyword("replaceNil", expr)
    case .retry(let expr): return keyword("retry", expr)
    case .scan(let initial, let expr): return "scan " + expression(initial) + ", " + expression(expr)
    case .tryScan(let initial, let expr): return "tryScan " + expression(initial) + ", " + expression(expr)
    case .reduce(let initial, let expr): return "reduce " + expression(initial) + ", " + expression(expr)
    case .tryReduce(let initial, let expr): return "tryReduce " + expression(initial) + ", " + expression(expr)
    case .flatMap(let maximum, let expr):
      return "flatMap " + (maximum.map { "max " + expression($0) + " " } ?? "") + expression(expr)
    case .switchToLatest: return "switchToLatest"
    case .collect(.all): return "collect"
    case .collect(.count(let expr)), .collect(.time(let expr)): return keyword("collect", expr)
    case .collect(.timeOrCount(let time, let count)): return "collect " + expression(time) + " or " + expression(count)
    case .removeDuplicates: return "removeDuplicates"
    case .removeDuplicatesBy(let expr): return keyword("removeDuplicates by", expr)
    case .first(let condition): return optional("first", condition, word: "where ")
    case .last(let condition): return optional("last", condition, word: "where ")
    case .tryFirst(let condition): return keyword("tryFirst where", condition)
    case .tryLast(let condition): return keyword("tryLast where", condition)
    case .prefix(let count): return keyword("prefix", count)
    case .prefixWhile(let expr): return keyword("prefix while", expr)
    case .tryPrefixWhile(let expr): return keyword("tryPrefix while", expr)
    case .prefixUntilOutput(let trigger): return "prefix untilOutputFrom " + streamArgument(trigger)
    case .dropFirst(let count): return optional("dropFirst", count)
    case .dropWhile(let expr): return keyword("drop while", expr)
    case .tryDropWhile(let expr): return keyword("tryDrop while", expr)
    case .dropUntilOutput(let trigger): return "drop untilOutputFrom " + streamArgument(trigger)
    case .output(let index): return keyword("output at", index)
    case .ignoreOutput: return "ignoreOutput"
    case .debounce(let interval): return keyword("debounce", interval)
    case .throttle(let interval, let latest):
      return keyword("throttle", interval) + (latest ? "" : " latest: false")
    case .delay(let interval): return keyword("delay", interval)
    case .values(let each): return optional("values", each, word: "each ")
    case .timeout(let interval, let failure): return keyword("timeout", interval) + optional("", failure, word: "fail ")
    case .measureInterval: return "measureInterval"
    case .merge(let pipelines): return "merge " + streams(pipelines)
    case .zip(let pipelines, let transform): return "zip " + streams(pipelines) + optional("", transform)
    case .combineLatest(let pipelines, let transform):
      return "combineLatest " + streams(pipelines) + optional("", transform)
    case .append(.stream(let pipeline)): return "append " + streamArgument(pipeline)
    case .prepend(.stream(let pipeline)): return "prepend " + streamArgument(pipeline)
    case .append(.values(let values)): return "append " + values.map(expression).joined(separator: ", ")
    case .prepend(.values(let values)): return "prepend " + values.map(expression).joined(separator: ", ")
    case .catch(let pipeline): return "catch " + streamArgument(pipeline)
    case .replaceError(let value): return keyword("replaceError", value)
    case .share: return "share"
    case .multicast: return "multicast"
    case .makeConnectable: return "makeConnectable"
    case .autoconnect: return "autoconnect"
    case .count: return "count"
    case .min: return "min"
    case .max: return "max"
    case .receiveOn(let scheduler): return "receive on " + scheduler.rawValue
    case .subscribeOn(let scheduler): return "subscribe on " + scheduler.rawValue
    case .print(let tag): return optional("print", tag)
    case .handleEvents(let handlers):
      return "handleEvents "
        + handlers.map { $0.event.rawValue + ": " + expression($0.body) }.joined(separator: ", ")
    case .eraseToAnyPublisher: return "eraseToAnyPublisher"
    case .setFailureType: return "setFailureType"
    case .assertNoFailure(let prefix): return optional("assertNoFailure", prefix)
    case .buffer(let size, let prefetch, let whenFull):
      let full: String
      switch whenFull {
      case .dropOldest: full = "dropOldest"
      case .dropNewest: full = "dropNewest"
      case .fail(let message): full = keyword("fail", message)
      }
      return keyword("buffer", size) + " prefetch: " + prefetch.rawValue + " whenFull: " + full
    }
  }

  /// One timed send of `events`, `subject` or `current`; nil when its time is not a literal.
  func send(_ send: TimedSend) -> String? {
    guard case .time(let interval) = send.time.kind, let time = Self.time(interval) else { return nil }
    switch send.event {
    case .value(let value): return time + ":" + expression(value)
    case .finished: return time + ":|"
    case .failed(let message): return time + ":#" + (message.map(expression) ?? "")
    }
  }

  /// A source stage the input probes create; nil for a kind no probe makes.
  func source(_ kind: SourceKind) -> String? {
    func sends(_ list: [TimedSend]) -> String? {
      let printed = list.compactMap(send)
      return printed.count == list.count ? printed.joined(separator: ", ") : nil
    }
    switch kind {
    case .just(let values): return "just " + values.map { expression($0) }.joined(separator: ", ")
    case .events(let list): return sends(list).map { "events " + $0 }
    case .subject(let list): return sends(list).map { "subject " + $0 }
    case .current(let initial, let list):
      return sends(list).map { "current " + original(initial.range) + ($0.isEmpty ? "" : ", " + $0) }
    case .interval(let period): return "interval " + expression(period)
    case .timer(let delay): return "timer " + expression(delay)
    case .future(let delay, let value): return "future " + expression(delay) + " " + original(value.range)
    case .marbles(let diagram, _, let frame):
      return "marbles " + TextEscaping.swiftStringLiteral(diagram) + (frame.map { " frame " + expression($0) } ?? "")
    default: return nil
    }
  }
}
