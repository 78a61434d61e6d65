import StreamCore
import StreamLang

// Operators: every operator of the DSL with Combine's real spelling
// (`prefix(3)` for `take 3`, `flatMap(maxPublishers: .max(1))`, …), the
// element and failure types it leaves behind, and the `setFailureType` /
// `mapError` adapters Combine needs where two publishers meet.
extension ProgramTranslator {
  func apply(_ stage: OperatorStage, to publisher: inout SwiftPublisher, in scope: ExportScope) throws {
    let element = publisher.output
    switch stage.kind {
    case .values:
      // A pipeline that ends in `values` is a task's loop (ProgramTranslator+Tasks); anywhere else
      // (a binding, a closure) it would be an `AsyncPublisher`, which no Combine operator takes.
      throw ExportLimitation(
        "`values` is a `for await` loop in a task: it ends a pipeline that runs, not one bound with `let` or made in a closure"
      )
    case .map(let transform):
      try map(transform, to: &publisher, in: scope)
    case .tryMap(let transform):
      let (code, body) = try closure(transform, [element], throwing: true, in: scope)
      publisher.output = try valueType(body, stage)
      publisher.operators.append(".tryMap \(code)")
      publisher.failure = .any
    case .compactMap(let transform), .tryCompactMap(let transform):
      let throwing = stage.kind.name == .tryCompactMap
      let (code, body) = try closure(transform, [element], throwing: throwing, in: scope)
      var output = try valueType(body, stage)
      if case .optional(let wrapped) = output { output = wrapped }
      publisher.output = output
      publisher.operators.append(throwing ? ".tryCompactMap \(code)" : ".compactMap \(code)")
      if throwing { publisher.failure = .any }
    case .scan(let initial, let next), .tryScan(let initial, let next), .reduce(let initial, let next),
      .tryReduce(let initial, let next):
      let name = stage.kind.name.rawValue
      let start = try expression(initial, in: scope)
      let (code, body) = try closure(
        next, [start.type, element], names: ["acc", "x"], throwing: name.hasPrefix("try"), in: scope)
      guard body.type == start.type || body.type == .never else {
        throw ExportLimitation(
          "`\(text(stage.range))` starts with \(start.type.spelling) but computes \(body.type.spelling); Swift needs one type"
        )
      }
      publisher.output = start.type
      publisher.operators.append(".\(name)(\(start.code)) \(code)")
      if name.hasPrefix("try") { publisher.failure = .any }
    case .flatMap(let maximum, let transform):
      let call = try maximum.map { ".flatMap(maxPublishers: .max(\(try count($0, in: scope))))" } ?? ".flatMap"
      try streamClosure(transform, to: &publisher, keepsStreams: false, in: scope) { "\(call) \($0)" }
    case .switchToLatest:
      guard case .publisher(let output, let failure) = element, failure == publisher.failure else {
        throw ExportLimitation("`switchToLatest` needs a stream of streams that fail the same way")
      }
      publisher.operators.append(".switchToLatest()")
      publisher.output = output
    case .collect(let strategy):
      publisher.operators.append(try collect(strategy, in: scope))
      publisher.output = .array(element)
    case .filter(let predicate), .tryFilter(let predicate):
      let name = stage.kind.name.rawValue
      try predicateCall(name, predicate, label: nil, to: &publisher, in: scope)
    case .removeDuplicates:
      if element.conformsToEquatable {
        publisher.operators.append(".removeDuplicates()")
      } else if element.isEquatable {
        publisher.operators.append(".removeDuplicates(by: ==)")
      } else {
        throw ExportLimitation("`removeDuplicates` needs values Swift can compare with `==`")
      }
    case .removeDuplicatesBy(let predicate):
      let (code, body) = try closure(
        predicate, implicitNames: [], parameterTypes: [element, element], throwing: false, in: scope)
      guard body.type == .bool else {
        throw ExportLimitation("`\(text(predicate.range))` must be a Bool condition")
      }
      publisher.operators.append(".removeDuplicates(by: \(code))")
    case .first(let predicate), .last(let predicate):
      let name = stage.kind.name.rawValue
      if let predicate {
        try predicateCall(name, predicate, label: "where", to: &publisher, in: scope)
      } else {
        publisher.operators.append(".\(name)()")
      }
    case .tryFirst(let predicate):
      try predicateCall("tryFirst", predicate, label: "where", to: &publisher, in: scope)
    case .tryLast(let predicate):
      try predicateCall("tryLast", predicate, label: "where", to: &publisher, in: scope)
    case .prefix(let count):
      publisher.operators.append(".\(dialect.prefix)(\(try self.count(count, in: scope)))")
    case .prefixWhile(let predicate):
      try predicateCall("prefix", predicate, label: "while", to: &publisher, in: scope)
    case .tryPrefixWhile(let predicate):
      try predicateCall("tryPrefix", predicate, label: "while", to: &publisher, in: scope)
    case .dropFirst(let count):
      publisher.operators.append(try count.map { ".dropFirst(\(try self.count($0, in: scope)))" } ?? ".dropFirst()")
    case .dropWhile(let predicate):
      try predicateCall("drop", predicate, label: "while", to: &publisher, in: scope)
    case .tryDropWhile(let predicate):
      try predicateCall("tryDrop", predicate, label: "while", to: &publisher, in: scope)
    case .output(let index):
      publisher.operators.append(".\(dialect.output)(at: \(try count(index, in: scope)))")
    case .ignoreOutput:
      publisher.operators.append(".ignoreOutput()")
      publisher.output = .never
    case .debounce(let time):
      publisher.operators.append(".debounce(for: \(try duration(time, in: scope)), scheduler: scheduler)")
    case .throttle(let time, let latest):
      publisher.operators.append(
        ".throttle(for: \(try duration(time, in: scope)), scheduler: scheduler, latest: \(latest))")
    case .delay(let time):
      publisher.operators.append(".delay(for: \(try duration(time, in: scope)), scheduler: scheduler)")
    case .timeout(let time, let failure):
      let stride = try duration(time, in: scope)
      if let failure {
        let message = try string(failure, in: scope)
        publisher.adapt(to: .program)
        publisher.operators.append(
          ".timeout(\(stride), scheduler: scheduler, customError: { ProgramError(message: \(message)) })")
      } else {
        publisher.operators.append(".timeout(\(stride), scheduler: scheduler)")
      }
    case .measureInterval:
      publisher.operators.append(".measureInterval(using: scheduler)")
      publisher.output = .duration
    case .merge(let others):
      // The type checker has refused a merge of two Output types, as Swift does.
      let streams = try others.map { try joined($0, with: &publisher, in: scope) }
      for stream in streams {
        publisher.operators.append(".merge(with: \(stream.inlineCode))")
      }
    case .zip(let others, let transform), .combineLatest(let others, let transform):
      let name = stage.kind.name == .zip ? dialect.zip : stage.kind.name.rawValue
      guard (1...3).contains(others.count) else {
        throw ExportLimitation("Combine's `\(name)` takes one to three other publishers")
      }
      let streams = try others.map { try joined($0, with: &publisher, in: scope, sameOutput: false) }
      let types = [element] + streams.map(\.output)
      let arguments = streams.map(\.inlineCode).joined(separator: ", ")
      if let transform {
        let (code, body) = try closure(transform, types, throwing: false, in: scope)
        publisher.operators.append(".\(name)(\(arguments)) \(code)")
        publisher.output = try valueType(body, stage)
      } else {
        publisher.operators.append(".\(name)(\(arguments))")
        publisher.output = .tuple(types)
      }
    case .append(let elements), .prepend(let elements):
      let name = stage.kind.name.rawValue
      switch elements {
      case .values(let values):
        let items = try values.map { try expression($0, in: scope) }
        guard items.allSatisfy({ $0.type == element || ($0.isIntegerLiteral && element == .double) }) else {
          throw ExportLimitation(
            "`\(text(stage.range))` adds values of another type than the stream's \(element.spelling)")
        }
        publisher.operators.append(".\(name)(\(items.map(\.code).joined(separator: ", ")))")
      case .stream(let other):
        let stream = try joined(other, with: &publisher, in: scope)
        publisher.operators.append(".\(name)(\(stream.inlineCode))")
      }
    case .catch(let fallback):
      let stream = try pipeline(fallback, in: scope, hint: element)
      guard stream.output == element else {
        throw ExportLimitation(
          "`\(text(stage.range))` sends \(stream.output.spelling), not the stream's \(element.spelling)")
      }
      publisher.operators.append(".catch { _ in \(stream.inlineCode) }")
      publisher.failure = stream.failure
    case .tryCatch(let handler):
      // The DSL's closure sees the failure's message, as `mapError`'s does.
      guard publisher.failure == .program else {
        throw ExportLimitation("`tryCatch` is exported only for streams that fail with a message (ProgramError)")
      }
      let (code, _) = try closure(
        handler, implicitNames: ["x"], parameterTypes: [.string], throwing: true, in: scope, parameterMember: ".message"
      ) { body in
        guard case .publisher(let output, _) = body.type, output == element else {
          throw ExportLimitation(
            "`\(self.text(handler.range))` must give a stream of the stream's \(element.spelling), like `{ just 0 }`")
        }
        return body.code
      }
      publisher.operators.append(".tryCatch \(code)")
      publisher.failure = .any
    case .replaceError(let value):
      publisher.operators.append(".replaceError(with: \(try sameType(value, as: element, stage, in: scope)))")
      publisher.failure = .never
    case .retry(let count):
      publisher.operators.append(".retry(\(try self.count(count, in: scope)))")
    case .mapError(let transform):
      // The DSL's closure sees the failure's message and returns the new one.
      guard publisher.failure == .program else {
        throw ExportLimitation("`mapError` is exported only for streams that fail with a message (ProgramError)")
      }
      let (code, body) = try closure(
        transform, implicitNames: ["x"], parameterTypes: [.string], throwing: false, in: scope,
        parameterMember: ".message"
      ) { "ProgramError(message: \($0.code))" }
      guard body.type == .string else {
        throw ExportLimitation("`\(text(stage.range))` must give the new message as a String")
      }
      publisher.operators.append(".mapError \(code)")
    case .replaceEmpty(let value):
      publisher.operators.append(
        ".\(dialect.replaceEmpty)(with: \(try sameType(value, as: element, stage, in: scope)))")
    case .share:
      publisher.operators.append(".share()")
    case .multicast:
      publisher.operators.append(
        ".multicast(subject: PassthroughSubject<\(element.spelling), \(publisher.failure.spelling)>())")
    case .makeConnectable:
      guard publisher.failure == .never else {
        throw ExportLimitation(
          "Combine's `makeConnectable` is only for streams that cannot fail; `multicast` shares one that can")
      }
      publisher.operators.append(".makeConnectable()")
    case .autoconnect:
      publisher.operators.append(".autoconnect()")
    case .count:
      publisher.operators.append(".count()")
      publisher.output = .int
    case .min, .max:
      guard element.isComparable else { throw ExportLimitation("`\(text(stage.range))` needs Comparable values") }
      publisher.operators.append(".\(stage.kind.name.rawValue)()")
    case .contains(let value):
      guard element.conformsToEquatable else { throw ExportLimitation("`contains` needs Equatable values") }
      publisher.operators.append(".contains(\(try sameType(value, as: element, stage, in: scope)))")
      publisher.output = .bool
    case .allSatisfy(let predicate):
      try predicateCall("allSatisfy", predicate, label: nil, to: &publisher, in: scope)
      publisher.output = .bool
    case .tryAllSatisfy(let predicate):
      try predicateCall("tryAllSatisfy", predicate, label: nil, to: &publisher, in: scope)
      publisher.output = .bool
    case .receiveOn(let scheduler), .subscribeOn(let scheduler):
      // The export runs on the test's scheduler, which stands for every hopping one.
      let target = scheduler.hops ? "scheduler" : "ImmediateScheduler.shared"
      publisher.operators.append(".\(stage.kind.name.rawValue)(on: \(target))")
    case .print(let tag):
      publisher.operators.append(".print(\(try tag.map { try string($0, in: scope) } ?? ""))")
    case .handleEvents(let handlers):
      publisher.operators.append(try handleEvents(handlers, element: element, in: scope))
    case .eraseToAnyPublisher:
      publisher.operators.append(".eraseToAnyPublisher()")
    case .setFailureType:
      guard publisher.failure == .never else {
        throw ExportLimitation(
          "Combine's `setFailureType` is only for streams that cannot fail; this one fails with "
            + publisher.failure.spelling)
      }
      publisher.operators.append(".setFailureType(to: Error.self)")
      publisher.failure = .any
    case .assertNoFailure(let prefix):
      publisher.operators.append(".assertNoFailure(\(try prefix.map { try string($0, in: scope) } ?? ""))")
      publisher.failure = .never
    case .replaceNil(let value):
      guard case .optional(let wrapped) = element else {
        throw ExportLimitation(
          "Combine's `replaceNil` is only for optional values; this stream sends \(element.spelling)")
      }
      // A sequence's publisher has its own replaceNil, which keeps the optional
      // (Apple's own example prints `Optional(1.0)`): the values would differ.
      guard !publisher.source.hasSuffix(".publisher") else {
        throw ExportLimitation(
          "on a sequence's publisher Combine's `replaceNil` keeps the optional (`Optional(1)`); "
            + "streamlab exports it on other sources, like `events`")
      }
      // Without `as`, Swift may infer the replacement as `Int?`.
      let replacement = try sameType(value, as: wrapped, stage, in: scope)
      publisher.operators.append(".replaceNil(with: \(replacement) as \(wrapped.spelling))")
      publisher.output = wrapped
    case .buffer(let size, let prefetch, let whenFull):
      let strategy: String
      switch whenFull {
      case .dropOldest: strategy = ".dropOldest"
      case .dropNewest: strategy = ".dropNewest"
      case .fail(let message):
        let text = try string(message, in: scope)
        publisher.adapt(to: .program)
        strategy = ".customError { ProgramError(message: \(text)) }"
      }
      publisher.operators.append(
        ".\(dialect.buffer)(size: \(try count(size, in: scope)), prefetch: .\(prefetch.rawValue), whenFull: \(strategy))"
      )
    case .prefixUntilOutput(let trigger):
      let other = try pipeline(trigger, in: scope, hint: element)
      publisher.operators.append(".\(dialect.prefixUntilOutput)(untilOutputFrom: \(other.inlineCode))")
    case .dropUntilOutput(let trigger):
      // Combine's drop(untilOutputFrom:) needs the two to fail the same way.
      let other = try joined(trigger, with: &publisher, in: scope, sameOutput: false)
      publisher.operators.append(".\(dialect.dropUntilOutput)(untilOutputFrom: \(other.inlineCode))")
    }
  }

  // MARK: Pieces

  private func closure(
    _ expr: Expr, _ types: [ExportType], names: [String] = ["x"], throwing: Bool, in scope: ExportScope
  ) throws -> (code: String, body: SwiftExpression) {
    try closure(
      expr, implicitNames: types.count == 1 || types.count == 2 && names.count == 2 ? names : [],
      parameterTypes: types, throwing: throwing, in: scope)
  }

  private func map(_ transform: Expr, to publisher: inout SwiftPublisher, in scope: ExportScope) throws {
    let (code, body) = try closure(transform, [publisher.output], throwing: false, in: scope)
    if case .publisher = body.type {
      // A stream of streams: its inner publishers must fail like the outer one.
      return try streamClosure(transform, to: &publisher, keepsStreams: true, in: scope) { ".map \($0)" }
    }
    publisher.output = try valueType(body, nil)
    publisher.operators.append(".map \(code)")
  }

  /// `flatMap E` and a `map` whose closure returns a stream: the upstream and
  /// the inner publishers are made to fail the same way, as Combine requires.
  private func streamClosure(
    _ transform: Expr, to publisher: inout SwiftPublisher, keepsStreams: Bool, in scope: ExportScope,
    call: (String) -> String
  ) throws {
    let element = publisher.output
    var inner: (output: ExportType, failure: FailureType)?
    _ = try closure(transform, implicitNames: ["x"], parameterTypes: [element], throwing: false, in: scope) { body in
      guard case .publisher(let output, let failure) = body.type else {
        throw ExportLimitation("the closure `\(self.text(transform.range))` must return a stream, like `{ just x }`")
      }
      inner = (output, failure)
      return body.code
    }
    guard let inner else { return }
    let failure = max(inner.failure, publisher.failure)
    let (code, _) = try closure(transform, implicitNames: ["x"], parameterTypes: [element], throwing: false, in: scope)
    {
      body in
      body.code + (inner.failure.adapter(to: failure) ?? "")
    }
    publisher.adapt(to: failure)
    publisher.operators.append(call(code))
    if keepsStreams {
      publisher.output = .publisher(output: inner.output, failure: failure)
    } else {
      publisher.output = inner.output
    }
  }

  private func predicateCall(
    _ name: String, _ predicate: Expr, label: String?, to publisher: inout SwiftPublisher, in scope: ExportScope
  ) throws {
    let throwing = name.hasPrefix("try")
    let (code, body) = try closure(predicate, [publisher.output], throwing: throwing, in: scope)
    guard body.type == .bool else {
      throw ExportLimitation("`\(text(predicate.range))` must be a Bool condition")
    }
    publisher.operators.append(label.map { ".\(name)(\($0): \(code))" } ?? ".\(name) \(code)")
    if throwing { publisher.failure = .any }
  }

  /// Another stream that meets this one (`merge`, `zip`, `append`): both are
  /// made to fail the same way.
  private func joined(
    _ other: Pipeline, with publisher: inout SwiftPublisher, in scope: ExportScope, sameOutput: Bool = true
  ) throws -> SwiftPublisher {
    var stream = try pipeline(other, in: scope, hint: publisher.output)
    if sameOutput, stream.output != publisher.output {
      throw ExportLimitation(
        "`\(text(other.range))` sends \(stream.output.spelling), not the stream's \(publisher.output.spelling)")
    }
    let failure = max(stream.failure, publisher.failure)
    stream.adapt(to: failure)
    publisher.adapt(to: failure)
    return stream
  }

  private func collect(_ strategy: CollectStrategy, in scope: ExportScope) throws -> String {
    switch strategy {
    case .all:
      return ".collect()"
    case .count(let count):
      return ".collect(\(try self.count(count, in: scope)))"
    case .time(let time):
      return ".collect(.byTime(scheduler, \(try duration(time, in: scope))))"
    case .timeOrCount(let time, let count):
      return
        ".collect(.byTimeOrCount(scheduler, \(try duration(time, in: scope)), \(try self.count(count, in: scope))))"
    }
  }

  /// A count argument (`prefix 3`, `retry 1`): a non-negative whole number.
  private func count(_ expr: Expr, in scope: ExportScope) throws -> String {
    guard case .int(let number) = expr.kind, number >= 0 else {
      throw ExportLimitation("the export needs a whole-number literal for `\(text(expr.range))`")
    }
    return String(number)
  }

  private func sameType(_ expr: Expr, as element: ExportType, _ stage: OperatorStage, in scope: ExportScope) throws
    -> String
  {
    let value = try expression(expr, in: scope)
    guard value.type == element || (value.isIntegerLiteral && element == .double) else {
      throw ExportLimitation(
        "`\(text(stage.range))` gives \(value.type.spelling), not the stream's \(element.spelling)")
    }
    return value.code
  }

  private func valueType(_ body: SwiftExpression, _ stage: OperatorStage?) throws -> ExportType {
    guard body.type != .never else {
      throw ExportLimitation("a closure that only fails has no output type Swift can infer")
    }
    return body.type
  }
}

extension ProgramTranslator {
  /// `.handleEvents(receiveOutput: { x in print(…) }, …)`: Combine's closures
  /// print what the DSL logs. Only `output:` hands the closure a value of the
  /// DSL's kind; the other events are Combine types (a completion, a demand,
  /// a subscription), so their expressions are exported only when they do not
  /// read the event.
  func handleEvents(_ handlers: [EventHandler], element: ExportType, in scope: ExportScope) throws -> String {
    let arguments = try HandledEvent.allCases.compactMap { event -> String? in
      guard let handler = handlers.first(where: { $0.event == event }) else { return nil }
      guard event != .output else {
        let (code, _) = try closure(
          handler.body, implicitNames: ["x"], parameterTypes: [element], throwing: false, in: scope
        ) { "print(\($0.code))" }
        return "\(event.combineLabel): \(code)"
      }
      let printed: SwiftExpression
      do {
        printed = try expression(handler.body, in: scope)
      } catch {
        throw ExportLimitation(
          "`handleEvents \(event.rawValue):` is exported only with an expression that does not read the event "
            + "(`x` is \(event.parameterMeaning) here, a Combine type in Swift)")
      }
      return "\(event.combineLabel): { \(event == .cancel ? "" : "_ in ")print(\(printed.code)) }"
    }
    return ".handleEvents(\(arguments.joined(separator: ", ")))"
  }
}
