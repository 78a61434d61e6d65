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

  /// The operator stages the mutations create; nil for a kind no mutation makes.
  func stage(_ kind: OperatorKind) -> String? {
    switch kind {
    case .map(let expr): return "map " + expression(expr)
    case .filter(let expr): return "filter " + expression(expr)
    case .scan(let initial, let expr): return "scan " + expression(initial) + ", " + expression(expr)
    case .reduce(let initial, let expr): return "reduce " + expression(initial) + ", " + expression(expr)
    case .flatMap(let maximum, let expr):
      return "flatMap " + (maximum.map { "max " + expression($0) + " " } ?? "") + expression(expr)
    case .switchToLatest: return "switchToLatest"
    case .first(let condition): return "first" + (condition.map { " where " + expression($0) } ?? "")
    case .last(let condition): return "last" + (condition.map { " where " + expression($0) } ?? "")
    case .prefix(let count): return "prefix " + expression(count)
    case .dropFirst(let count): return "dropFirst" + (count.map { " " + expression($0) } ?? "")
    case .debounce(let interval): return "debounce " + expression(interval)
    case .throttle(let interval, let latest):
      return "throttle " + expression(interval) + (latest ? "" : " latest: false")
    case .delay(let interval): return "delay " + expression(interval)
    case .timeout(let interval, let failure):
      return "timeout " + expression(interval) + (failure.map { " fail " + expression($0) } ?? "")
    case .merge(let pipelines): return "merge " + pipelines.map(streamArgument).joined(separator: ", ")
    case .zip(let pipelines, let transform):
      return "zip " + pipelines.map(streamArgument).joined(separator: ", ")
        + (transform.map { " " + expression($0) } ?? "")
    case .combineLatest(let pipelines, let transform):
      return "combineLatest " + pipelines.map(streamArgument).joined(separator: ", ")
        + (transform.map { " " + expression($0) } ?? "")
    case .append(.stream(let pipeline)): return "append " + streamArgument(pipeline)
    case .prepend(.stream(let pipeline)): return "prepend " + streamArgument(pipeline)
    case .append(.values(let values)): return "append " + values.map(expression).joined(separator: ", ")
    case .prepend(.values(let values)): return "prepend " + values.map(expression).joined(separator: ", ")
    case .catch(let pipeline): return "catch " + streamArgument(pipeline)
    case .replaceError(let value): return "replaceError " + expression(value)
    default: return nil
    }
  }

  /// One timed send of `events`, `subject` or `current`; nil when its time is not a literal.
  func send(_ send: TimedSend) -> String? {
    guard case .time(let interval) = send.time.kind, let time = Self.time(interval) else { return nil }
    switch send.event {
    case .value(let value): return time + ":" + original(value.range)
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
    case .just(let values): return "just " + values.map { original($0.range) }.joined(separator: ", ")
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
