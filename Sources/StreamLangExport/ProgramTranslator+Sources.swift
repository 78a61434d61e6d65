import StreamCore
import StreamLang

// Sources: the first stage of a pipeline as the Combine publisher a student
// would write (`Just`, `[1, 2, 3].publisher`, `Fail(error:)`, subjects), or
// one of the preamble's helpers where Combine has no scripted equivalent.
extension ProgramTranslator {
  /// Translates a whole pipeline. `preferredName` names a subject or future
  /// declared for it; `hint` is the element type the context expects, for
  /// sources that send no values (`empty`, `fail`).
  func pipeline(_ pipeline: Pipeline, in scope: ExportScope, preferredName: String? = nil, hint: ExportType? = nil)
    throws -> SwiftPublisher
  {
    let elementHint = try hint ?? self.elementHint(pipeline.operators, in: scope)
    var publisher = try source(
      pipeline.source, in: scope, preferredName: pipeline.operators.isEmpty ? preferredName : nil, hint: elementHint)
    for stage in pipeline.operators {
      try apply(stage, to: &publisher, in: scope)
    }
    return publisher
  }

  /// The element type that operators such as `replaceError 0` reveal, for a
  /// source that cannot tell (`fail "boom" | replaceError 0`).
  private func elementHint(_ operators: [OperatorStage], in scope: ExportScope) throws -> ExportType? {
    for stage in operators {
      switch stage.kind {
      case .replaceError(let value), .replaceEmpty(let value):
        return try? expression(value, in: scope).type
      case .append(.values(let values)), .prepend(.values(let values)):
        guard let first = values.first else { continue }
        return try? expression(first, in: scope).type
      default:
        continue
      }
    }
    return nil
  }

  private func source(_ stage: SourceStage, in scope: ExportScope, preferredName: String?, hint: ExportType?) throws
    -> SwiftPublisher
  {
    switch stage.kind {
    case .just(let values):
      let items = try values.map { try expression($0, in: scope) }
      guard let first = items.first else { throw ExportLimitation("`just` needs a value") }
      guard items.allSatisfy({ $0.type == first.type }) else {
        throw ExportLimitation("`\(text(stage.range))` mixes types, which one Swift publisher cannot send")
      }
      try requireValue(first.type, stage)
      if items.count == 1 {
        return SwiftPublisher(source: "Just(\(first.code))", output: first.type, failure: .never)
      }
      return SwiftPublisher(
        source: "[\(items.map(\.code).joined(separator: ", "))].publisher", output: first.type, failure: .never)
    case .range(let from, let to, let closed):
      guard case .int(let lower) = from.kind, case .int(let upper) = to.kind else {
        throw ExportLimitation("the export needs whole-number literals as the bounds of `\(text(stage.range))`")
      }
      // Swift traps on a range whose upper bound is below its lower bound.
      guard lower <= upper else {
        throw ExportLimitation("`\(text(stage.range))` is an empty range Swift cannot form")
      }
      return SwiftPublisher(
        source: "(\(lower)\(closed ? "..." : "..<")\(upper)).publisher", output: .int, failure: .never)
    case .empty:
      let element = hint ?? .int
      return SwiftPublisher(source: "Empty<\(element.spelling), Never>()", output: element, failure: .never)
    case .never:
      let element = hint ?? .int
      return SwiftPublisher(
        source: "Empty<\(element.spelling), Never>(completeImmediately: false)", output: element, failure: .never)
    case .fail(let message):
      let element = hint ?? .int
      let text = try string(message, in: scope)
      return SwiftPublisher(
        source: "Fail<\(element.spelling), ProgramError>(error: ProgramError(message: \(text)))", output: element,
        failure: .program)
    case .interval(let period):
      helpers.insert(.interval)
      let stride = try duration(period, in: scope)
      return SwiftPublisher(source: "Interval(period: \(stride), scheduler: scheduler)", output: .int, failure: .never)
    case .timer(let delay):
      let stride = try duration(delay, in: scope)
      return script([(stride, .value("0")), (stride, .finished)], output: .int, failure: .never)
    case .marbles(let diagram, let diagramRange, let frame):
      let asStrings = stringMarbles.contains(MarbleLiteral(range: diagramRange, diagram: diagram))
      return try marbles(diagram, frame: frame, digitsAsStrings: asStrings, hint: hint)
    case .events(let sends):
      let script = try timedScript(sends, in: scope, hint: hint)
      return self.script(script.events, output: script.output, failure: script.failure)
    case .subject(let sends):
      return try subject(sends, initial: nil, stage: stage, scope: scope, preferredName: preferredName, hint: hint)
    case .current(let initial, let sends):
      return try subject(sends, initial: initial, stage: stage, scope: scope, preferredName: preferredName, hint: hint)
    case .published(let initial, let sends):
      return try published(initial, sends, stage: stage, scope: scope, preferredName: preferredName)
    case .future(let delay, let value):
      return try future(delay: delay, value: value, stage: stage, scope: scope, preferredName: preferredName)
    case .deferred(let inner):
      let publisher = try perUse { try pipeline(inner, in: scope, hint: hint) }
      return SwiftPublisher(
        source: "Deferred { \(publisher.inlineCode) }", output: publisher.output, failure: publisher.failure)
    case .name(let name):
      if let entry = scope[name.text], case .publisher(let output, let failure) = entry.type {
        if let anonymous = entry.anonymous { noteUse(anonymous, from: scope.depth) }
        return SwiftPublisher(source: entry.code, output: output, failure: failure)
      }
      guard let bound = try boundStream(name.text) else {
        throw ExportLimitation("`\(name.text)` is not a bound stream")
      }
      return SwiftPublisher(source: bound.code, output: bound.output, failure: bound.failure)
    case .group(let inner):
      return try pipeline(inner, in: scope, hint: hint)
    }
  }

  /// A value a publisher can send and the export can print.
  private func requireValue(_ type: ExportType, _ stage: SourceStage) throws {
    if case .publisher = type {
      throw ExportLimitation("`\(text(stage.range))` sends publishers, which the export cannot type")
    }
  }

  func string(_ expr: Expr, in scope: ExportScope) throws -> String {
    let value = try expression(expr, in: scope)
    guard value.type == .string else {
      throw ExportLimitation("`\(text(expr.range))` should be a String message")
    }
    return value.code
  }

  func duration(_ expr: Expr, in scope: ExportScope) throws -> String {
    let value = try expression(expr, in: scope)
    guard value.type == .duration else {
      throw ExportLimitation("`\(text(expr.range))` should be a time such as `300ms`")
    }
    return value.code
  }

  // MARK: Scripts

  /// One event of a script, as Swift source.
  enum ScriptLine {
    case value(String)
    case finished
    case failure(message: String)
  }

  private func script(_ events: [(String, ScriptLine)], output: ExportType, failure: FailureType) -> SwiftPublisher {
    helpers.insert(.script)
    let lines = events.map { offset, event -> String in
      switch event {
      case .value(let value): return "(\(offset), .value(\(value)))"
      case .finished: return "(\(offset), .finished)"
      case .failure(let message): return "(\(offset), .failure(ProgramError(message: \(message))))"
      }
    }
    let type = "Script<\(output.spelling), \(failure.spelling), S>"
    // A long script reads better one event a line.
    let source =
      lines.count <= 2
      ? "\(type)(events: [\(lines.joined(separator: ", "))], scheduler: scheduler)"
      : "\(type)(\n  events: [\n" + lines.map { "    \($0),\n" }.joined() + "  ],\n  scheduler: scheduler\n)"
    return SwiftPublisher(source: source, output: output, failure: failure)
  }

  /// The sends of `events`, `subject` or `current` with their common element type.
  private func timedScript(
    _ sends: [TimedSend], in scope: ExportScope, hint: ExportType?, initial: SwiftExpression? = nil
  )
    throws -> (events: [(String, ScriptLine)], output: ExportType, failure: FailureType)
  {
    var output = initial?.type
    var failure = FailureType.never
    var events: [(String, ScriptLine)] = []
    for send in sends {
      let offset = SwiftExpression.stride(try timeLiteral(send.time)).code
      switch send.event {
      case .value(let expr):
        let value = try expression(expr, in: scope)
        if let known = output, known != value.type {
          throw ExportLimitation(
            "the sends mix \(known.spelling) and \(value.type.spelling), which one Swift publisher cannot")
        }
        output = value.type
        events.append((offset, .value(value.code)))
      case .finished:
        events.append((offset, .finished))
      case .failed(let message):
        failure = .program
        let text = try message.map { try string($0, in: scope) } ?? "\"error\""
        events.append((offset, .failure(message: text)))
      }
    }
    let element = output ?? hint ?? .int
    if case .publisher = element { throw ExportLimitation("a scripted source cannot send publishers in the export") }
    return (events, element, failure)
  }

  private func marbles(_ diagram: String, frame: Expr?, digitsAsStrings: Bool, hint: ExportType?) throws
    -> SwiftPublisher
  {
    let frameLength = try frame.map(timeLiteral) ?? .milliseconds(100)
    let parsed: MarbleDiagram
    do {
      parsed = try MarbleDiagram(diagram, frame: frameLength)
    } catch {
      throw ExportLimitation("the marble string is malformed: \(error)")
    }
    var output: ExportType?
    var failure = FailureType.never
    var events: [(String, ScriptLine)] = []
    for event in parsed.events {
      let offset = SwiftExpression.stride(event.offset).code
      switch event.kind {
      case .value(let value):
        let literal: SwiftExpression
        switch value {
        case .int(let number) where digitsAsStrings:
          literal = SwiftExpression(code: SwiftExpression.stringLiteral(String(number)), type: .string)
        case .int(let number): literal = SwiftExpression(code: String(number), type: .int)
        case .string(let text): literal = SwiftExpression(code: SwiftExpression.stringLiteral(text), type: .string)
        default: throw ExportLimitation("the marble value \(value) has no Swift literal here")
        }
        if let known = output, known != literal.type {
          throw ExportLimitation(
            "the marble string `\(diagram)` mixes \(known.spelling) and \(literal.type.spelling) values, which one Swift publisher cannot send"
          )
        }
        output = literal.type
        events.append((offset, .value(literal.code)))
      case .finished:
        events.append((offset, .finished))
      case .failed(let message):
        failure = .program
        events.append((offset, .failure(message: SwiftExpression.stringLiteral(message))))
      }
    }
    return script(events, output: output ?? hint ?? .int, failure: failure)
  }

  // MARK: Hot sources

  /// `subject …` / `current …`: a real subject, declared once per program,
  /// whose sends are scheduled at their absolute program times.
  private func subject(
    _ sends: [TimedSend], initial: Expr?, stage: SourceStage, scope: ExportScope, preferredName: String?,
    hint: ExportType?
  ) throws -> SwiftPublisher {
    guard buildsOncePerProgram else {
      throw ExportLimitation("a subject made inside a closure or `deferred` is not exported")
    }
    let first = try initial.map { try expression($0, in: scope) }
    let script = try timedScript(sends, in: scope, hint: hint, initial: first)
    let name = preferredName ?? freshName(initial == nil ? "subject" : "current")
    let type = "<\(script.output.spelling), \(script.failure.spelling)>"
    let declaration =
      first.map { "let \(name) = CurrentValueSubject\(type)(\($0.code))" }
      ?? "let \(name) = PassthroughSubject\(type)()"
    declare((preferredName == nil ? ["// \(text(stage.range))"] : []) + [declaration])
    var lines = ["// \(text(stage.range)): the sends, at their times since the start"]
    for (offset, event) in script.events {
      let call: String
      switch event {
      case .value(let value): call = "\(name).send(\(value))"
      case .finished: call = "\(name).send(completion: .finished)"
      case .failure(let message): call = "\(name).send(completion: .failure(ProgramError(message: \(message))))"
      }
      lines.append("scheduler.schedule(after: start.advanced(by: \(offset))) { \(call) }")
    }
    let times = Set(try sends.map { try timeLiteral($0.time).nanoseconds })
    hotSources.add(.init(name: name, isFuture: false, times: times, sends: lines), atSetup: true)
    return SwiftPublisher(source: name, output: script.output, failure: script.failure)
  }

  /// `published 0, 100ms:1`: an `@Published var` on the preamble's
  /// `PublishedProperty` (Swift allows no class inside a generic function),
  /// assigned at the scripted times; `$value` is its publisher.
  private func published(
    _ initial: Expr, _ sends: [TimedSend], stage: SourceStage, scope: ExportScope, preferredName: String?
  ) throws -> SwiftPublisher {
    guard buildsOncePerProgram else {
      throw ExportLimitation("a `published` property made inside a closure or `deferred` is not exported")
    }
    let first = try expression(initial, in: scope)
    let script = try timedScript(sends, in: scope, hint: nil, initial: first)
    // The object is named apart from its publisher, which a binding names.
    let name = freshName((preferredName ?? "published") + "Property")
    helpers.insert(.publishedProperty)
    declare([
      "// \(text(stage.range)): an @Published var",
      "let \(name) = PublishedProperty<\(script.output.spelling)>(\(first.code))",
    ])
    var lines = ["// \(text(stage.range)): the assignments, at their times since the start"]
    for (offset, event) in script.events {
      guard case .value(let value) = event else {
        throw ExportLimitation("an `@Published` property never finishes or fails")
      }
      lines.append("scheduler.schedule(after: start.advanced(by: \(offset))) { \(name).value = \(value) }")
    }
    let times = Set(try sends.map { try timeLiteral($0.time).nanoseconds })
    hotSources.add(.init(name: name, isFuture: false, times: times, sends: lines), atSetup: true)
    return SwiftPublisher(source: name + ".$value", output: script.output, failure: .never)
  }

  /// `future 200ms 42`: a `Future` starts when it is made, so one made once
  /// per program is declared up front, where streamlab makes it.
  private func future(delay: Expr, value: Expr, stage: SourceStage, scope: ExportScope, preferredName: String?)
    throws -> SwiftPublisher
  {
    let stride = try duration(delay, in: scope)
    let result = try expression(value, in: scope)
    try requireValue(result.type, stage)
    guard result.type != .never else { throw ExportLimitation("a failing `future` is not exported") }
    let code =
      "Future<\(result.type.spelling), Never> { promise in scheduler.schedule(after: scheduler.now.advanced(by: \(stride))) { promise(.success(\(result.code))) } }"
    guard buildsOncePerProgram else {
      return SwiftPublisher(source: code, output: result.type, failure: .never)
    }
    let name = preferredName ?? freshName("future")
    hotSources.add(.init(name: name, isFuture: true, times: [try timeLiteral(delay).nanoseconds]), atSetup: true)
    declare(
      (preferredName == nil ? ["// \(text(stage.range))"] : []) + [
        "let \(name) = Future<\(result.type.spelling), Never> { promise in",
        "  scheduler.schedule(after: scheduler.now.advanced(by: \(stride))) { promise(.success(\(result.code))) }",
        "}",
      ])
    return SwiftPublisher(source: name, output: result.type, failure: .never)
  }
}
