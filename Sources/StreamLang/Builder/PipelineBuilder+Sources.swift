import OpenCombine
import StreamCore

extension PipelineBuilder {
  /// The publisher a pipeline's first stage stands for (DSL.md "Sources").
  func buildSource(_ stage: SourceStage, in context: BuildContext, row: TimelineChannel? = nil) throws
    -> AnyValuePublisher
  {
    // A bound name recurses into the binding it names (`resolveName`,
    // `buildBinding`, `build`, back here), once for each `let` of a chain:
    // 10,000 deep for 10,000 chained bindings. The switch below, with every
    // source inlined, needs a 1.8 KB stack frame, which every level of that
    // recursion carried: 18 MB of stack touched, and its page faults, to
    // build one chain (issue 26). A name goes around it.
    if case .name(let name) = stage.kind { return try resolveName(name, in: context, row: row) }
    return try buildNewSource(stage, in: context, row: row)
  }

  @inline(never)
  private func buildNewSource(_ stage: SourceStage, in context: BuildContext, row: TimelineChannel?) throws
    -> AnyValuePublisher
  {
    // A timed source that has to drop a value (no demand) says so on its own row, for `:trace`.
    let onDrop: ((Value) -> Void)? = row.map { row in { row.record(.dropped($0)) } }
    switch stage.kind {
    case .just(let expressions):
      let values = try expressions.map { try constant($0, in: context) }
      if values.count == 1 {
        // Not `Just.setFailureType(to:)`, whose overload makes a
        // `Result.Publisher` that `print` would call `(Once)`: Swift's
        // `Just(1).print()` says `receive subscription: (Just)`.
        return Publishers.SetFailureType<Just<Value>, StreamError>(upstream: Just(values[0])).eraseToAnyPublisher()
      }
      return Publishers.Sequence<[Value], StreamError>(sequence: values).eraseToAnyPublisher()

    case .range(let from, let to, let closed):
      let lower = try integer(from, in: context, what: "range needs whole numbers, like `range 1...5`")
      let upper = try integer(to, in: context, what: "range needs whole numbers, like `range 1...5`")
      guard closed ? lower <= upper : lower <= upper else {
        throw Diagnostic("a range must not run backwards: \(lower) is after \(upper)", at: stage.range)
      }
      // `IntegerValues` describes itself as Swift's range does, so `print`
      // says `receive subscription: (1...5)` as `(1...5).publisher` does.
      let values = closed ? IntegerValues(lower...upper) : IntegerValues(from: lower, upTo: upper)
      return Publishers.Sequence<IntegerValues, StreamError>(sequence: values).eraseToAnyPublisher()

    case .empty:
      return Empty().eraseToAnyPublisher()

    case .never:
      return Empty(completeImmediately: false).eraseToAnyPublisher()

    case .fail(let message):
      let text = try string(message, in: context, what: "fail needs a message, like `fail \"boom\"`")
      return Fail(error: StreamError(text)).eraseToAnyPublisher()

    case .interval(let period):
      let every = try positiveTime(period, in: context, what: "interval needs a time, like `interval 100ms`")
      return Interval(every: every, on: clock, onDrop: onDrop).eraseToAnyPublisher()

    case .timer(let delay):
      let after = try time(delay, in: context, what: "timer needs a time, like `timer 500ms`")
      return TimedEvents.timer(after: after, on: clock, onDrop: onDrop).eraseToAnyPublisher()

    case .marbles(let diagram, let diagramRange, let frame):
      let frameLength =
        try frame.map { try positiveTime($0, in: context, what: "frame needs a time, like `frame 50ms`") }
        ?? .milliseconds(100)
      let marbles: MarbleDiagram
      do {
        marbles = try MarbleDiagram(diagram, frame: frameLength)
      } catch {
        // +1 skips the opening quote, so the caret lands on the offending character.
        let offset = diagramRange.start + 1 + String(diagram.prefix(error.offset)).utf8.count
        throw Diagnostic("malformed marble string: \(error.message)", at: SourceRange(start: offset, end: offset + 1))
      }
      // Digits the use needs as Strings are built as Strings, as the type checker typed them.
      let asStrings = stringMarbles.contains(MarbleLiteral(range: diagramRange, diagram: diagram))
      let events = asStrings ? marbles.events.map(\.withDigitsAsString) : marbles.events
      return TimedEvents(events, on: clock, onDrop: onDrop).eraseToAnyPublisher()

    case .events(let sends):
      let events = try sends.map { try timedEvent($0, in: context) }
      return TimedEvents(events, on: clock, onDrop: onDrop).eraseToAnyPublisher()

    case .subject, .current, .published:
      // Not nil: these three kinds are subjects.
      return try buildSubject(stage, in: context)?.publisher(onDrop: onDrop) ?? Empty().eraseToAnyPublisher()

    case .future(let delay, let value):
      let after = try time(delay, in: context, what: "future needs a time and a value, like `future 200ms 42`")
      let result = try constant(value, in: context)
      return Future(fulfillingAfter: after, on: clock, with: .success(result)).eraseToAnyPublisher()

    case .deferred(let pipeline):
      // Each subscription creates a publisher: drawn as an inner row of its own.
      let anchor = InnerRowAnchor()
      let created = Deferred { [unowned self] () -> AnyValuePublisher in
        self.streamAnchor = anchor
        defer { self.streamAnchor = nil }
        return self.buildNested(pipeline, in: context)
      }.eraseToAnyPublisher()
      return innerRows(
        of: created, label: context.source(pipeline.range), under: context.innerParent, anchoring: anchor)

    case .name(let name):
      return try resolveName(name, in: context, row: row)

    case .group(let pipeline):
      return try build(pipeline, in: context)
    }
  }

  /// Builds a pipeline at subscription time; a mistake there stops the run
  /// with a message instead of escaping as an error.
  func buildNested(_ pipeline: Pipeline, in context: BuildContext) -> AnyValuePublisher {
    makeStream(pipeline, in: context).publisher()
  }

  private func timedEvent(_ send: TimedSend, in context: BuildContext) throws -> TimedEvent {
    let offset = try time(send.time, in: context, what: "a timed event needs a time, like `100ms:\"a\"`")
    switch send.event {
    case .value(let expression):
      return TimedEvent(offset, .value(try constant(expression, in: context)))
    case .finished:
      return TimedEvent(offset, .finished)
    case .failed(let message):
      let text = try message.map { try string($0, in: context, what: "a failure message is a string") } ?? "error"
      return TimedEvent(offset, .failed(text))
    }
  }
}

extension PipelineBuilder {
  /// The subject a `subject`, `current` or `published` source stands for,
  /// starting its sends on the clock; nil for any other source.
  func buildSubject(_ stage: SourceStage, in context: BuildContext) throws -> ScriptedSubject? {
    switch stage.kind {
    case .subject(let sends):
      let events = try sends.map { try timedEvent($0, in: context) }
      return ScriptedSubject(passthrough: events, on: clock)
    case .current(let initial, let sends):
      let first = try constant(initial, in: context)
      let events = try sends.map { try timedEvent($0, in: context) }
      return ScriptedSubject(current: first, sends: events, on: clock)
    case .published(let initial, let sends):
      let first = try constant(initial, in: context)
      let events = try sends.map { try timedEvent($0, in: context) }
      let property = ScriptedSubject(published: first, sends: events, on: clock)
      publishedProperties.append((property, context.source(stage.range)))
      return property
    case .just, .range, .empty, .never, .fail, .interval, .timer, .marbles, .events, .future, .deferred, .name, .group:
      return nil
    }
  }
}

extension PipelineBuilder {
  /// What `published` properties showed of Combine's willSet timing, read
  /// after the run: one note for each that a subscriber saw change.
  func willSetNotes() -> [String] {
    publishedProperties.compactMap { property, stage in
      guard let seen = property.willSetSeen else { return nil }
      return "`\(stage)` is an @Published var: at \(seen.time) its subscriber received \(seen.received) while "
        + "the property still held \(seen.propertyHeld). @Published sends in willSet, before the property "
        + "changes; use the value the sink receives."
    }
  }
}

extension TimedEvent {
  /// The event with an Int value sent as its digits, a String.
  fileprivate var withDigitsAsString: TimedEvent {
    guard case .value(.int(let number)) = kind else { return self }
    return TimedEvent(offset, .value(.string(String(number))))
  }
}
