import OpenCombine
import StreamCore

extension PipelineBuilder {
  /// Applies one operator stage to the publisher built so far. Every operator
  /// is OpenCombine's own, or one of StreamCore's where OpenCombine has none.
  func apply(_ stage: OperatorStage, to upstream: AnyValuePublisher, in context: BuildContext) throws
    -> AnyValuePublisher
  {
    let label = context.source(stage.range)
    if case .autoconnect = stage.kind {
      return try autoconnect(upstream, stage: stage)
    }
    // Only `autoconnect` may follow a connectable stage built mid-pipeline.
    try requireNothingLeftToConnect()
    switch stage.kind {
    // MARK: transform
    case .map(let expression):
      let transform = trapping(
        try expressions.unary(expression, in: context), stage: label,
        site: trapSite(expression, throwing: "tryMap", in: context))
      return upstream.map(transform).eraseToAnyPublisher()

    case .tryMap(let expression):
      let transform = throwingFailures(
        try expressions.unary(expression, in: context), stage: label,
        site: trapSite(expression, throwing: "tryMap", in: context))
      return upstream.tryMap(transform).mapError(StreamError.init(wrapping:)).eraseToAnyPublisher()

    case .compactMap(let expression):
      let transform = trapping(
        try expressions.unary(expression, in: context), stage: label,
        site: trapSite(expression, throwing: "tryCompactMap", in: context))
      return upstream.compactMap { value in Self.unwrapped(transform(value)) }.eraseToAnyPublisher()

    case .tryCompactMap(let expression):
      let transform = throwingFailures(
        try expressions.unary(expression, in: context), stage: label,
        site: trapSite(expression, throwing: "tryCompactMap", in: context))
      return upstream.tryCompactMap { value in Self.unwrapped(try transform(value)) }
        .mapError(StreamError.init(wrapping:)).eraseToAnyPublisher()

    case .scan(let initial, let expression):
      let start = try constant(initial, in: context)
      let next = trapping2(
        try expressions.binary(expression, in: context), stage: label,
        site: trapSite(expression, throwing: "tryScan", in: context, after: initial))
      return upstream.scan(start, next).eraseToAnyPublisher()

    case .tryScan(let initial, let expression):
      let start = try constant(initial, in: context)
      let next = throwingFailures2(
        try expressions.binary(expression, in: context), stage: label,
        site: trapSite(expression, throwing: "tryScan", in: context, after: initial))
      return upstream.tryScan(start, next).mapError(StreamError.init(wrapping:)).eraseToAnyPublisher()

    case .reduce(let initial, let expression):
      let start = try constant(initial, in: context)
      let next = trapping2(
        try expressions.binary(expression, in: context), stage: label,
        site: trapSite(expression, throwing: "tryReduce", in: context, after: initial))
      return upstream.reduce(start, next).eraseToAnyPublisher()

    case .tryReduce(let initial, let expression):
      let start = try constant(initial, in: context)
      let next = throwingFailures2(
        try expressions.binary(expression, in: context), stage: label,
        site: trapSite(expression, throwing: "tryReduce", in: context, after: initial))
      return upstream.tryReduce(start, next).mapError(StreamError.init(wrapping:)).eraseToAnyPublisher()

    case .flatMap(let maxPublishers, let expression):
      let limit: Subscribers.Demand =
        try maxPublishers.map {
          .max(try count($0, in: context, what: "flatMap max needs a count, like `flatMap max 1 E`", atLeast: 1))
        }
        ?? .unlimited
      let transform = trapping(
        try expressions.unary(expression, in: context), stage: label,
        site: trapSite(expression, throwing: nil, in: context))
      let parent = context.innerParent
      return upstream.flatMap(maxPublishers: limit) { [unowned self] value -> AnyValuePublisher in
        self.innerStream(transform(value), stage: label, element: value, under: parent)
      }.eraseToAnyPublisher()

    case .switchToLatest:
      let parent = context.innerParent
      return upstream.map { [unowned self] value -> AnyValuePublisher in
        self.innerStream(value, stage: label, element: nil, under: parent)
      }.switchToLatest().eraseToAnyPublisher()

    case .collect(let strategy):
      return try collect(upstream, strategy, in: context)

    // MARK: filter
    case .filter(let expression):
      let keep = trappingTest(
        try expressions.unary(expression, in: context), stage: label,
        site: trapSite(expression, throwing: "tryFilter", in: context))
      return upstream.filter(keep).eraseToAnyPublisher()

    case .tryFilter(let expression):
      let keep = throwingTest(
        try expressions.unary(expression, in: context), stage: label,
        site: trapSite(expression, throwing: "tryFilter", in: context))
      return upstream.tryFilter(keep).mapError(StreamError.init(wrapping:)).eraseToAnyPublisher()

    case .removeDuplicates:
      return upstream.removeDuplicates().eraseToAnyPublisher()

    case .removeDuplicatesBy(let expression):
      let same = try expressions.variadic(expression, arity: 2, in: context)
      let recorder = self.recorder
      return upstream.removeDuplicates { previous, value in
        do {
          let verdict = try same([previous, value])
          guard case .bool(let flag) = verdict else {
            throw StreamError("the closure must give a Bool, but it gave \(verdict.typeName) \(verdict)")
          }
          return flag
        } catch {
          recorder.fail(Trap.message(for: error, at: nil), stage: label, value: value)
          return true
        }
      }.eraseToAnyPublisher()

    case .first(let condition):
      guard let condition else { return upstream.first().eraseToAnyPublisher() }
      let test = trappingTest(
        try expressions.unary(condition, in: context), stage: label,
        site: trapSite(condition, throwing: "tryFirst where", in: context))
      return upstream.first(where: test).eraseToAnyPublisher()

    case .tryFirst(let condition):
      let test = throwingTest(
        try expressions.unary(condition, in: context), stage: label,
        site: trapSite(condition, throwing: "tryFirst where", in: context))
      return upstream.tryFirst(where: test).mapError(StreamError.init(wrapping:)).eraseToAnyPublisher()

    case .last(let condition):
      guard let condition else { return upstream.last().eraseToAnyPublisher() }
      let test = trappingTest(
        try expressions.unary(condition, in: context), stage: label,
        site: trapSite(condition, throwing: "tryLast where", in: context))
      return upstream.last(where: test).eraseToAnyPublisher()

    case .tryLast(let condition):
      let test = throwingTest(
        try expressions.unary(condition, in: context), stage: label,
        site: trapSite(condition, throwing: "tryLast where", in: context))
      return upstream.tryLast(where: test).mapError(StreamError.init(wrapping:)).eraseToAnyPublisher()

    case .prefix(let expression):
      let limit = try count(expression, in: context, what: "prefix needs a count, like `prefix 3`")
      // Apple's prefix finishes right after the last element; OpenCombine's waits for one more.
      return upstream.exactPrefix(limit).eraseToAnyPublisher()

    case .prefixWhile(let expression):
      let test = trappingTest(
        try expressions.unary(expression, in: context), stage: label,
        site: trapSite(expression, throwing: "tryPrefix while", in: context))
      return upstream.prefix(while: test).eraseToAnyPublisher()

    case .tryPrefixWhile(let expression):
      let test = throwingTest(
        try expressions.unary(expression, in: context), stage: label,
        site: trapSite(expression, throwing: "tryPrefix while", in: context))
      return upstream.tryPrefix(while: test).mapError(StreamError.init(wrapping:)).eraseToAnyPublisher()

    case .dropFirst(let expression):
      let skip =
        try expression.map { try count($0, in: context, what: "dropFirst needs a count, like `dropFirst 2`") } ?? 1
      return upstream.dropFirst(skip).eraseToAnyPublisher()

    case .dropWhile(let expression):
      let test = trappingTest(
        try expressions.unary(expression, in: context), stage: label,
        site: trapSite(expression, throwing: "tryDrop while", in: context))
      return upstream.drop(while: test).eraseToAnyPublisher()

    case .tryDropWhile(let expression):
      let test = throwingTest(
        try expressions.unary(expression, in: context), stage: label,
        site: trapSite(expression, throwing: "tryDrop while", in: context))
      return upstream.tryDrop(while: test).mapError(StreamError.init(wrapping:)).eraseToAnyPublisher()

    case .output(let index):
      let position = try count(index, in: context, what: "output needs a position, like `output at 2`")
      return upstream.exactOutput(at: position).eraseToAnyPublisher()

    case .ignoreOutput:
      return upstream.ignoreOutput().map { never -> Value in }.eraseToAnyPublisher()

    // MARK: time
    case .debounce(let expression):
      let due = try time(expression, in: context, what: "debounce needs a time, like `debounce 300ms`")
      return upstream.debounce(for: due, scheduler: clock).eraseToAnyPublisher()

    case .throttle(let expression, let latest):
      let window = try positiveTime(expression, in: context, what: "throttle needs a time, like `throttle 300ms`")
      return upstream.throttle(for: window, scheduler: clock, latest: latest).eraseToAnyPublisher()

    case .values(let each):
      let body = try each.map {
        try time($0, in: context, what: "`values each` needs a time, like `values each 200ms`")
      }
      return upstream.valuesLoop(bodyTime: body ?? .zero, scheduler: clock).eraseToAnyPublisher()

    case .delay(let expression):
      let by = try time(expression, in: context, what: "delay needs a time, like `delay 200ms`")
      return upstream.delay(for: by, scheduler: clock).eraseToAnyPublisher()

    case .timeout(let expression, let failure):
      let limit = try time(expression, in: context, what: "timeout needs a time, like `timeout 500ms`")
      let message = try failure.map {
        try string($0, in: context, what: "timeout's failure is a message, like `timeout 500ms fail \"slow\"`")
      }
      let customError: (() -> StreamError)? = message.map { text in { StreamError(text) } }
      return upstream.timeout(limit, scheduler: TimeoutScheduler(clock: clock), customError: customError)
        .eraseToAnyPublisher()

    case .measureInterval:
      return upstream.measureInterval(using: clock).map(Value.duration).eraseToAnyPublisher()

    // MARK: combine
    case .merge(let others):
      let inputs = try others.map { try innerArgument($0, in: context) }
      return Publishers.MergeMany([upstream] + inputs).eraseToAnyPublisher()

    case .zip(let others, let transform):
      return try zip(upstream, others, transform: transform, in: context, stage: stage)

    case .combineLatest(let others, let transform):
      return try combineLatest(upstream, others, transform: transform, in: context, stage: stage)

    case .append(.values(let expressions)):
      let values = try expressions.map { try constant($0, in: context) }
      return upstream.append(values).eraseToAnyPublisher()

    case .append(.stream(let pipeline)):
      return upstream.append(try innerArgument(pipeline, in: context)).eraseToAnyPublisher()

    case .prepend(.values(let expressions)):
      let values = try expressions.map { try constant($0, in: context) }
      return upstream.prepend(values).eraseToAnyPublisher()

    case .prepend(.stream(let pipeline)):
      return upstream.prepend(try innerArgument(pipeline, in: context)).eraseToAnyPublisher()

    // MARK: errors
    case .tryCatch(let expression):
      let makeFallback = throwingFailures(
        try expressions.unary(expression, in: context), stage: label,
        site: trapSite(expression, throwing: "tryCatch", in: context))
      let parent = context.innerParent
      return upstream.tryCatch { [unowned self] error -> AnyValuePublisher in
        let message = Value.string(error.message)
        // `fail("…")` in the closure becomes the failure; any other error traps, as in Swift.
        let fallback = try makeFallback(message)
        if self.recorder.isStopping { return Empty(completeImmediately: false).eraseToAnyPublisher() }
        guard case .stream = fallback else {
          throw StreamError(
            "tryCatch's closure must give a stream, like `{ just 0 }`, but it gave \(fallback.typeName) \(fallback)")
        }
        return self.innerStream(fallback, stage: label, element: nil, under: parent, label: "# " + message.description)
      }.mapError(StreamError.init(wrapping:)).eraseToAnyPublisher()

    case .catch(let pipeline):
      // Built once: each failure subscribes to it anew, so a cold fallback
      // starts fresh every time; its row is labelled by the failure it replaced.
      let fallback = try labelledInnerArgument(pipeline, in: context)
      return upstream.catch { error in fallback("# " + Value.string(error.message).description) }
        .eraseToAnyPublisher()

    case .replaceError(let expression):
      let value = try constant(expression, in: context)
      return upstream.replaceError(with: value).setFailureType(to: StreamError.self).eraseToAnyPublisher()

    case .retry(let expression):
      let attempts = try count(expression, in: context, what: "retry needs a count, like `retry 2`")
      return upstream.retry(attempts).eraseToAnyPublisher()

    case .mapError(let expression):
      let transform = trapping(
        try expressions.unary(expression, in: context), stage: label,
        site: trapSite(expression, throwing: nil, in: context))
      return upstream.mapError { error in
        let mapped = transform(.string(error.message))
        if case .string(let message) = mapped { return StreamError(message) }
        return StreamError(mapped.description)
      }.eraseToAnyPublisher()

    case .replaceEmpty(let expression):
      let value = try constant(expression, in: context)
      return upstream.exactReplaceEmpty(with: value).eraseToAnyPublisher()

    // MARK: sharing
    case .share:
      return upstream.share().eraseToAnyPublisher()

    case .multicast, .makeConnectable:
      return connectable(upstream, stage: stage, label: label)

    case .autoconnect:
      return try autoconnect(upstream, stage: stage)

    // MARK: aggregate
    case .count:
      return upstream.count().map(Value.int).eraseToAnyPublisher()

    case .min:
      return upstream.min(by: trappingOrder(stage: label)).eraseToAnyPublisher()

    case .max:
      return upstream.max(by: trappingOrder(stage: label)).eraseToAnyPublisher()

    case .contains(let expression):
      let value = try constant(expression, in: context)
      return upstream.contains(value).map(Value.bool).eraseToAnyPublisher()

    case .allSatisfy(let expression):
      let test = trappingTest(
        try expressions.unary(expression, in: context), stage: label,
        site: trapSite(expression, throwing: "tryAllSatisfy", in: context))
      return upstream.allSatisfy(test).map(Value.bool).eraseToAnyPublisher()

    case .tryAllSatisfy(let expression):
      let test = throwingTest(
        try expressions.unary(expression, in: context), stage: label,
        site: trapSite(expression, throwing: "tryAllSatisfy", in: context))
      return upstream.tryAllSatisfy(test).map(Value.bool).mapError(StreamError.init(wrapping:)).eraseToAnyPublisher()

    // MARK: schedulers
    // Every scheduler is the run's one virtual clock: OpenCombine's ReceiveOn
    // and SubscribeOn queue their actions on it behind what is already due at
    // that instant, which is Combine's asynchronous hop.
    case .receiveOn(let scheduler):
      noteHop(scheduler)
      // ImmediateScheduler runs every action inline, so the stage passes events
      // through as they come; see the subscribe case for why no operator is built.
      guard scheduler.hops else { return upstream }
      return upstream.receive(on: HopScheduler(clock: clock, pending: pendingHops)).eraseToAnyPublisher()

    case .subscribeOn(let scheduler):
      noteHop(scheduler)
      // On ImmediateScheduler, OpenCombine's SubscribeOn calls upstream's request
      // inline while holding its lock, so an operator below that cancels from
      // inside that request (`buffer 1 whenFull: fail "full"`) re-enters the lock
      // and aborts the process. The inline scheduler changes no timing, so the
      // stage is a pass-through.
      guard scheduler.hops else { return upstream }
      return upstream.subscribe(on: HopScheduler(clock: clock, pending: pendingHops)).eraseToAnyPublisher()

    // MARK: debugging
    case .print(let tag):
      // OpenCombine's own Print, writing to the run's log instead of stdout.
      let prefix = try tag.map { try string($0, in: context, what: "print's tag is a message, like `print \"tap\"`") }
      // `map` hands its upstream's subscription on, so Print still names the stage before it.
      return upstream.map(PrintedValue.init)
        .print(prefix ?? "", to: RecorderLog(recorder: recorder, prefix: prefix ?? ""))
        .map(\.value)
        .eraseToAnyPublisher()

    case .handleEvents(let handlers):
      return try handleEvents(upstream, handlers, stage: label, in: context)

    // MARK: types only
    // Each passes values through unchanged here: what it changes is the Swift
    // type, which a note on the diagram says.
    case .eraseToAnyPublisher:
      let erased = typeOnlyStages[stage.range].map(\.erasedSpelling) ?? "AnyPublisher<Output, Failure>"
      notes.add(
        "eraseToAnyPublisher: the values pass unchanged; in Swift the publisher's type becomes "
          + "\(erased), hiding the chain of operators")
      return upstream.eraseToAnyPublisher()

    case .setFailureType:
      notes.add(
        "setFailureType: the values pass unchanged; in Swift a publisher that cannot fail (Failure == Never) "
          + "gets a Failure type, like `.setFailureType(to: Error.self)`, so it can meet one that can"
          + inSwift(stage))
      return upstream

    case .assertNoFailure(let prefix):
      notes.add(
        "assertNoFailure: the values pass unchanged; in Swift its Failure becomes Never, and a failure that "
          + "reaches it is a fatal error that stops the process (here, the run)" + inSwift(stage))
      let text = try prefix.map {
        try string($0, in: context, what: "assertNoFailure's prefix is a message, like `assertNoFailure \"check\"`")
      }
      let recorder = self.recorder
      return upstream.reportingAssertNoFailure(text ?? "") { message in
        recorder.fail(
          message + " (Swift stops the process here; `catch` or `replaceError` handle a failure instead)",
          stage: label, value: nil)
      }.setFailureType(to: StreamError.self).eraseToAnyPublisher()

    case .replaceNil(let expression):
      if case .optional? = typeOnlyStages[stage.range]?.output {
        notes.add(
          "replaceNil: nil becomes the value and the others pass unchanged; on a sequence (`[…].publisher`) "
            + "swiftc picks Publishers.Sequence's own replaceNil, whose Output stays optional" + inSwift(stage))
      } else {
        notes.add(
          "replaceNil: nil becomes the value and the others pass unchanged; in Swift the Output loses its "
            + "optional (Int? becomes Int)" + inSwift(stage))
      }
      let replacement = try constant(expression, in: context)
      // Combine's replaceNil(with:) is a map of `$0 ?? output`.
      return upstream.map { value in value == .null ? replacement : value }.eraseToAnyPublisher()

    // MARK: more
    case .buffer(let size, let prefetch, let whenFull):
      return try buffer(upstream, size: size, prefetch: prefetch, whenFull: whenFull, in: context)

    case .prefixUntilOutput(let trigger):
      return upstream.exactPrefix(untilOutputFrom: try innerArgument(trigger, in: context)).eraseToAnyPublisher()

    case .dropUntilOutput(let trigger):
      return upstream.exactDrop(untilOutputFrom: try innerArgument(trigger, in: context)).eraseToAnyPublisher()
    }
  }

  /// Says once per run what a scheduler is here, so no one reads a hop as a delay.
  private func noteHop(_ scheduler: SchedulerName) {
    notes.add(
      scheduler.hops
        ? "every scheduler is the one virtual clock: `receive on` and `subscribe on` queue their work behind "
          + "what is already due at that instant (Combine's asynchronous hop), never later in time"
        : "ImmediateScheduler.shared runs its work at once, in the caller: it does not hop")
  }

  /// `compactMap` drops `nil`, and unwraps nothing else: the DSL has no optionals
  /// beyond `nil` itself.
  static func unwrapped(_ value: Value) -> Value? {
    if case .null = value { return nil }
    return value
  }

  /// The publisher inside a stream value, for `flatMap` and `switchToLatest`.
  /// Anything else is a type error that stops the run.
  func stream(_ value: Value, stage: String, element: Value) -> AnyValuePublisher {
    if case .stream(let stream) = value { return stream.publisher() }
    if !recorder.isStopping {
      recorder.fail(
        "`\(stage)` needs a stream for each element, like `{ just x | delay 100ms }`, but got \(value.typeName) \(value)",
        stage: stage, value: element)
    }
    return Empty(completeImmediately: false).eraseToAnyPublisher()
  }
}

extension PipelineBuilder {
  /// `; here <Int, Error>`: the Output and Failure the checker gave a type-only stage.
  fileprivate func inSwift(_ stage: OperatorStage) -> String {
    typeOnlyStages[stage.range].map { "; here \($0.spelling)" } ?? ""
  }
}
