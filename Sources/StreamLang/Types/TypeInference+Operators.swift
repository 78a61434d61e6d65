// Operators: each stage's Output and Failure from its upstream's, as Combine
// declares the operator (the declaration is quoted where it decides).
extension TypeInference {
  func apply(_ stage: OperatorStage, to upstream: Stage, in scope: Scope) throws(Diagnostic) -> Stage {
    let generic = try typed(stage, to: upstream, in: scope)
    let made = concreteOverload(stage, generic, upstream: upstream) ?? generic
    switch stage.kind {
    case .eraseToAnyPublisher, .setFailureType, .assertNoFailure, .replaceNil: recordTypeOnly(stage.range, made.type)
    default: break
    }
    return made
  }

  private func typed(_ stage: OperatorStage, to upstream: Stage, in scope: Scope) throws(Diagnostic) -> Stage {
    let element = upstream.type.output
    let failure = upstream.type.failure
    let label = text(stage.range)
    let name = stage.keyword.text
    /// The operator's publisher `Publishers.<type><Upstream, extra…>`.
    func made(_ output: SwiftType, _ failure: SwiftType, _ type: String, _ extra: [PublisherType] = []) -> Stage {
      Stage(
        label: label, type: StageType(output: output, failure: failure),
        publisherType: .generic("Publishers." + type, [PublisherType.upstream] + extra))
    }
    /// A closure of the element; `throwing` for `tryMap` and friends.
    func elementClosure(_ expr: Expr, throwing: Bool) throws(Diagnostic) -> Typed {
      let result = try closure(expr, parameters: [element], implicitNames: ["x"], in: scope)
      if result.throwsError, !throwing { throw TypeError.throwingClosure(name, at: expr.range) }
      return result
    }
    /// A condition: `filter`, `first where`, `prefix while`, `allSatisfy`, ….
    func condition(_ expr: Expr, throwing: Bool) throws(Diagnostic) {
      let result = try elementClosure(expr, throwing: throwing)
      guard resolved(result.type) == .never || unify(result.type, .bool) else {
        throw TypeError.notBool(resolved(result.type), what: "`\(name)`'s condition", at: expr.range)
      }
    }
    /// A failure's message (`timeout 1s fail "slow"`, `print "tag"`): a String.
    func messageValue(_ expr: Expr) throws(Diagnostic) {
      let given = try value(expr, in: scope)
      guard resolved(given.type) == .never || unify(given.type, .string) else {
        throw TypeError.valueType(name, given: resolved(given.type), element: .string, at: expr.range)
      }
    }
    /// An operator whose `customError: () -> Failure` makes the failure
    /// (`timeout … fail`, `buffer … whenFull: fail`). Never has no value:
    /// streamlab's form stands for `.setFailureType(to: Error.self)` first,
    /// and the full type says so.
    func customErrorStage(_ customError: Bool, _ type: String, _ extra: [PublisherType]) -> Stage {
      guard customError, !unify(failure, .error) else { return made(element, failure, type, extra) }
      let adapted = PublisherType.generic("Publishers.SetFailureType", [PublisherType.upstream, .type(.error)])
      return Stage(
        label: label, type: StageType(output: element, failure: .error),
        publisherType: .generic("Publishers." + type, [adapted] + extra))
    }
    /// A value that must be of the element's type: `replaceError 0`, `contains 3`, `append 4`.
    func elementValue(_ expr: Expr) throws(Diagnostic) {
      let given = try value(expr, in: scope)
      guard fits(given, element) else {
        throw TypeError.valueType(name, given: resolved(given.type), element: resolved(element), at: expr.range)
      }
    }

    switch stage.kind {
    case .map(let transform):
      // func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T>
      let output = try elementClosure(transform, throwing: false).type
      return made(output, failure, "Map", [.type(output)])
    case .tryMap(let transform):
      // func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T>
      var output = try elementClosure(transform, throwing: true).type
      // A closure that only throws (`tryMap fail("x")`) gives no T: Swift infers it from the use.
      if resolved(output) == .never { output = fresh() }
      return made(output, .error, "TryMap", [.type(output)])
    case .compactMap(let transform), .tryCompactMap(let transform):
      // func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T>
      let throwing = stage.kind == .tryCompactMap(transform)
      var output = resolved(try elementClosure(transform, throwing: throwing).type)
      if case .optional(let wrapped) = output { output = wrapped }
      return made(output, throwing ? .error : failure, throwing ? "TryCompactMap" : "CompactMap", [.type(output)])
    case .scan(let initial, let next), .tryScan(let initial, let next), .reduce(let initial, let next),
      .tryReduce(let initial, let next):
      // func scan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T) -> Publishers.Scan<Self, T>
      let throwing = name.hasPrefix("try")
      let output = try accumulated(initial, next, element: element, throwing: throwing, stage: stage, in: scope)
      let type: String
      switch stage.kind {
      case .scan: type = "Scan"
      case .tryScan: type = "TryScan"
      case .reduce: type = "Reduce"
      default: type = "TryReduce"
      }
      return made(output, throwing ? .error : failure, type, [.type(output)])
    case .flatMap(_, let transform):
      let inner = try elementClosure(transform, throwing: false)
      guard case .publisher(let output, let innerFailure) = resolved(inner.type) else {
        if resolved(inner.type) == .placeholder { return made(.placeholder, .placeholder, "FlatMap") }
        throw TypeError.notPublisher(resolved(inner.type), operatorName: name, at: transform.range)
      }
      let innerType = PublisherType.type(.publisher(output: output, failure: innerFailure))
      switch try adaptedFailures(failure, innerFailure, operatorName: "flatMap", at: transform.range) {
      case .same:
        // func flatMap<T, P>(maxPublishers:, _ transform: (Output) -> P) where T == P.Output, P.Failure == Failure
        return Stage(
          label: label, type: StageType(output: output, failure: failure),
          publisherType: .generic("Publishers.FlatMap", [innerType, PublisherType.upstream]))
      case .upstreamAdapted:
        // iOS 14: extension Publisher where Failure == Never { func flatMap<P>(…) -> FlatMap<P, SetFailureType<Self, P.Failure>> }
        return Stage(
          label: label, type: StageType(output: output, failure: innerFailure),
          publisherType: .generic(
            "Publishers.FlatMap",
            [innerType, .generic("Publishers.SetFailureType", [PublisherType.upstream, .type(innerFailure)])]))
      case .innerAdapted:
        // iOS 14: func flatMap<P>(…) -> FlatMap<SetFailureType<P, Failure>, Self> where P.Failure == Never
        return Stage(
          label: label, type: StageType(output: output, failure: failure),
          publisherType: .generic(
            "Publishers.FlatMap",
            [.generic("Publishers.SetFailureType", [innerType, .type(failure)]), PublisherType.upstream]))
      }
    case .switchToLatest:
      if case .variable = resolved(element) { unify(element, .publisher(output: fresh(), failure: fresh())) }
      guard case .publisher(let output, let innerFailure) = resolved(element) else {
        if resolved(element) == .placeholder { return made(.placeholder, .placeholder, "SwitchToLatest") }
        throw TypeError.notPublisher(resolved(element), operatorName: name, at: stage.range)
      }
      let innerType = PublisherType.type(.publisher(output: output, failure: innerFailure))
      switch try adaptedFailures(failure, innerFailure, operatorName: "switchToLatest", at: stage.range) {
      case .same:
        // extension Publisher where Output: Publisher, Output.Failure == Failure { func switchToLatest() }
        return Stage(
          label: label, type: StageType(output: output, failure: failure),
          publisherType: .generic("Publishers.SwitchToLatest", [innerType, PublisherType.upstream]))
      case .upstreamAdapted:
        // iOS 14: where Output: Publisher, Failure == Never → SwitchToLatest<Output, SetFailureType<Self, Output.Failure>>
        return Stage(
          label: label, type: StageType(output: output, failure: innerFailure),
          publisherType: .generic(
            "Publishers.SwitchToLatest",
            [innerType, .generic("Publishers.SetFailureType", [PublisherType.upstream, .type(innerFailure)])]))
      case .innerAdapted:
        // iOS 14: where Output: Publisher, Output.Failure == Never
        let adapted = PublisherType.generic("Publishers.SetFailureType", [innerType, .type(failure)])
        return Stage(
          label: label, type: StageType(output: output, failure: failure),
          publisherType: .generic(
            "Publishers.SwitchToLatest", [adapted, .generic("Publishers.Map", [PublisherType.upstream, adapted])]))
      }
    case .collect(let strategy):
      // func collect() -> Publishers.Collect<Self>; collect(_ count:) -> CollectByCount; collect(_ strategy:, options:) -> CollectByTime
      switch strategy {
      case .all: return made(.array(element), failure, "Collect")
      case .count: return made(.array(element), failure, "CollectByCount")
      case .time, .timeOrCount: return made(.array(element), failure, "CollectByTime", [.scheduler])
      }
    case .filter(let predicate):
      try condition(predicate, throwing: false)
      return made(element, failure, "Filter")
    case .tryFilter(let predicate):
      try condition(predicate, throwing: true)
      return made(element, .error, "TryFilter")
    case .removeDuplicates:
      // extension Publisher where Output: Equatable { func removeDuplicates() -> Publishers.RemoveDuplicates<Self> }
      guard resolved(element).conformsToEquatable else {
        throw TypeError.notConforming(resolved(element), to: "Equatable", operatorName: name, at: stage.range)
      }
      return made(element, failure, "RemoveDuplicates")
    case .first(let predicate):
      guard let predicate else { return made(element, failure, "First") }
      try condition(predicate, throwing: false)
      return made(element, failure, "FirstWhere")
    case .last(let predicate):
      guard let predicate else { return made(element, failure, "Last") }
      try condition(predicate, throwing: false)
      return made(element, failure, "LastWhere")
    case .tryFirst(let predicate):
      try condition(predicate, throwing: true)
      return made(element, .error, "TryFirstWhere")
    case .tryLast(let predicate):
      try condition(predicate, throwing: true)
      return made(element, .error, "TryLastWhere")
    case .prefix, .output:
      // func prefix(_ maxLength: Int) -> Publishers.Output<Self>
      return made(element, failure, "Output")
    case .prefixWhile(let predicate):
      try condition(predicate, throwing: false)
      return made(element, failure, "PrefixWhile")
    case .tryPrefixWhile(let predicate):
      try condition(predicate, throwing: true)
      return made(element, .error, "TryPrefixWhile")
    case .dropFirst:
      return made(element, failure, "Drop")
    case .dropWhile(let predicate):
      try condition(predicate, throwing: false)
      return made(element, failure, "DropWhile")
    case .tryDropWhile(let predicate):
      try condition(predicate, throwing: true)
      return made(element, .error, "TryDropWhile")
    case .ignoreOutput:
      // func ignoreOutput() -> Publishers.IgnoreOutput<Self>, whose Output is Never
      return made(.never, failure, "IgnoreOutput")
    case .debounce:
      return made(element, failure, "Debounce", [.scheduler])
    case .throttle:
      return made(element, failure, "Throttle", [.scheduler])
    case .delay:
      return made(element, failure, "Delay", [.scheduler])
    case .values:
      // var values: AsyncPublisher<Self>: the loop gets the upstream's values.
      return Stage(
        label: label, type: StageType(output: element, failure: failure),
        publisherType: .generic("AsyncPublisher", [PublisherType.upstream]))
    case .timeout(_, let message):
      // func timeout<S>(_ interval:, scheduler:, options:, customError: (() -> Failure)?) -> Publishers.Timeout<Self, S>
      if let message { try messageValue(message) }
      return customErrorStage(message != nil, "Timeout", [.scheduler])
    case .measureInterval:
      return made(.duration, failure, "MeasureInterval", [.scheduler])
    case .merge(let others):
      // func merge<P>(with other: P) -> Publishers.Merge<Self, P> where Failure == P.Failure, Output == P.Output
      var arguments: [PublisherType] = []
      for other in others {
        let joined = try self.publisher(other, in: scope)
        guard unify(element, joined.type.output) else {
          throw TypeError.outputMismatch(
            "merge", upstream: resolved(element), other: resolved(joined.type.output), otherText: text(other.range),
            at: other.range)
        }
        try sameFailure(
          failure, joined.type.failure, operatorName: "merge", otherText: text(other.range), at: other.range)
        arguments.append(joined.publisherType)
      }
      let type = others.count == 1 ? "Merge" : others.count <= 7 ? "Merge\(others.count + 1)" : "MergeMany"
      return made(element, failure, type, others.count <= 7 ? arguments : [])
    case .zip(let others, let transform), .combineLatest(let others, let transform):
      // func zip<P>(_ other: P) -> Publishers.Zip<Self, P> where Failure == P.Failure (also 3 and 4 publishers)
      let operatorName = stage.kind == .zip(others, transform: transform) ? "zip" : "combineLatest"
      guard (1...3).contains(others.count) else {
        throw TypeError.tooManyPublishers(operatorName, count: others.count, at: stage.range)
      }
      var outputs = [element]
      var arguments: [PublisherType] = []
      for other in others {
        let joined = try self.publisher(other, in: scope)
        try sameFailure(
          failure, joined.type.failure, operatorName: operatorName, otherText: text(other.range), at: other.range)
        outputs.append(joined.type.output)
        arguments.append(joined.publisherType)
      }
      let type = (operatorName == "zip" ? "Zip" : "CombineLatest") + (others.count == 1 ? "" : "\(others.count + 1)")
      let combined = made(.tuple(outputs), failure, type, arguments)
      guard let transform else { return combined }
      let result = try closure(transform, parameters: outputs, implicitNames: [], in: scope)
      if result.throwsError { throw TypeError.throwingClosure(name, at: transform.range) }
      return Stage(
        label: label, type: StageType(output: result.type, failure: failure),
        publisherType: .generic("Publishers.Map", [combined.publisherType, .type(result.type)]))
    case .append(let elements), .prepend(let elements):
      // func append(_ elements: Output...) -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>>
      // func append<P>(_ publisher: P) -> Publishers.Concatenate<Self, P> where P.Failure == Failure, P.Output == Output
      let isAppend = stage.kind == .append(elements)
      let added: PublisherType
      switch elements {
      case .values(let values):
        for value in values { try elementValue(value) }
        added = .generic("Publishers.Sequence", [.type(.array(element)), .type(failure)])
      case .stream(let other):
        let joined = try self.publisher(other, in: scope)
        guard unify(element, joined.type.output) else {
          throw TypeError.outputMismatch(
            name, upstream: resolved(element), other: resolved(joined.type.output), otherText: text(other.range),
            at: other.range)
        }
        try sameFailure(failure, joined.type.failure, operatorName: name, otherText: text(other.range), at: other.range)
        added = joined.publisherType
      }
      let parts = isAppend ? [PublisherType.upstream, added] : [added, PublisherType.upstream]
      return Stage(
        label: label, type: upstream.type, publisherType: .generic("Publishers.Concatenate", parts))
    case .catch(let fallback):
      // func catch<P>(_ handler: @escaping (Failure) -> P) -> Publishers.Catch<Self, P> where Output == P.Output
      let other = try self.publisher(fallback, in: scope)
      guard unify(element, other.type.output) else {
        throw TypeError.catchOutput(
          "catch", upstream: resolved(element), fallback: resolved(other.type.output), at: fallback.range)
      }
      return made(element, other.type.failure, "Catch", [other.publisherType])
    case .replaceError(let value):
      // func replaceError(with output: Output) -> Publishers.ReplaceError<Self>, whose Failure is Never
      try elementValue(value)
      return made(element, .never, "ReplaceError")
    case .retry:
      return made(element, failure, "Retry")
    case .mapError(let transform):
      // func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> Publishers.MapError<Self, E>;
      // streamlab's closure gets the failure's message and gives the new one.
      let message = try closure(transform, parameters: [.string], implicitNames: ["x"], in: scope)
      if message.throwsError { throw TypeError.throwingClosure(name, at: transform.range) }
      guard resolved(message.type) == .never || unify(message.type, .string) else {
        throw TypeError.valueType(name, given: resolved(message.type), element: .string, at: transform.range)
      }
      // On a stream that cannot fail, `mapError { $0 }` gives E == Never: the
      // closure of `(Never) -> E` returns its argument. A later use (`merge`
      // with a failing stream) can still make it `Error`, so it stays open.
      let failureType: SwiftType = isNever(failure) && Self.returnsItsArgument(transform) ? fresh() : .error
      return made(element, failureType, "MapError", [.type(failureType)])
    case .replaceEmpty(let value):
      try elementValue(value)
      return made(element, failure, "ReplaceEmpty")
    case .share:
      return made(element, failure, "Share")
    case .multicast:
      return made(element, failure, "Multicast", [.generic("PassthroughSubject", [.type(element), .type(failure)])])
    case .count:
      return made(.int, failure, "Count")
    case .min, .max:
      // extension Publisher where Output: Comparable { func min() -> Publishers.Comparison<Self> }
      guard resolved(element).conformsToComparable else {
        throw TypeError.notConforming(resolved(element), to: "Comparable", operatorName: name, at: stage.range)
      }
      return made(element, failure, "Comparison")
    case .contains(let value):
      // extension Publisher where Output: Equatable { func contains(_ output: Output) -> Publishers.Contains<Self> }
      guard resolved(element).conformsToEquatable else {
        throw TypeError.notConforming(resolved(element), to: "Equatable", operatorName: name, at: stage.range)
      }
      try elementValue(value)
      return made(.bool, failure, "Contains")
    case .allSatisfy(let predicate):
      try condition(predicate, throwing: false)
      return made(.bool, failure, "AllSatisfy")
    case .tryAllSatisfy(let predicate):
      try condition(predicate, throwing: true)
      return made(.bool, .error, "TryAllSatisfy")
    case .handleEvents:
      // func handleEvents(receiveSubscription:receiveOutput:receiveCompletion:receiveCancel:receiveRequest:)
      //   -> Publishers.HandleEvents<Self>
      return made(element, failure, "HandleEvents")
    case .eraseToAnyPublisher:
      // func eraseToAnyPublisher() -> AnyPublisher<Output, Failure>: the chain's type is hidden.
      return Stage(
        label: label, type: upstream.type, publisherType: .generic("AnyPublisher", [.type(element), .type(failure)]))
    case .setFailureType:
      // extension Publisher where Failure == Never {
      //   func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E> }
      guard isNever(failure) || unify(failure, .never) else {
        throw TypeError.setFailureTypeOnFailing(resolved(failure), at: stage.range)
      }
      return made(element, .error, "SetFailureType", [.type(.error)])
    case .assertNoFailure:
      // func assertNoFailure(_ prefix: String = "", file:, line:) -> Publishers.AssertNoFailure<Self>, Failure Never
      if case .assertNoFailure(let prefix?) = stage.kind { try messageValue(prefix) }
      if isNever(failure) { warn(TypeError.uselessAssertNoFailure(at: stage.range)) }
      return made(element, .never, "AssertNoFailure")
    case .replaceNil(let value):
      // extension Publisher { func replaceNil<T>(with output: T) -> Publishers.Map<Self, T> where Output == T? }
      if case .variable = resolved(element) { unify(element, .optional(fresh())) }
      guard case .optional(let wrapped) = resolved(element) else {
        if resolved(element) == .placeholder { return made(.placeholder, failure, "Map") }
        throw TypeError.replaceNilOnNonOptional(resolved(element), at: stage.range)
      }
      let given = try self.value(value, in: scope)
      guard fits(given, wrapped) else {
        throw TypeError.valueType(name, given: resolved(given.type), element: resolved(wrapped), at: value.range)
      }
      return made(resolved(wrapped), failure, "Map", [.type(resolved(wrapped))])
    case .removeDuplicatesBy(let predicate):
      // func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool) -> Publishers.RemoveDuplicates<Self>
      let result = try closure(predicate, parameters: [element, element], implicitNames: [], in: scope)
      if result.throwsError { throw TypeError.throwingClosure(name, at: predicate.range) }
      guard resolved(result.type) == .never || unify(result.type, .bool) else {
        throw TypeError.notBool(resolved(result.type), what: "`removeDuplicates by`'s closure", at: predicate.range)
      }
      return made(element, failure, "RemoveDuplicates")
    case .tryCatch(let handler):
      // func tryCatch<P>(_ handler: @escaping (Failure) throws -> P) -> Publishers.TryCatch<Self, P>
      //   where P: Publisher, Output == P.Output; its Failure is Error.
      // streamlab's closure gets the failure's message.
      let fallback = try closure(handler, parameters: [.string], implicitNames: ["x"], in: scope)
      if resolved(fallback.type) == .placeholder { return made(element, .error, "TryCatch") }
      guard case .publisher(let output, let fallbackFailure) = resolved(fallback.type) else {
        throw TypeError.notPublisher(resolved(fallback.type), operatorName: name, at: handler.range)
      }
      guard unify(element, output) else {
        throw TypeError.catchOutput(
          "tryCatch", upstream: resolved(element), fallback: resolved(output), at: handler.range)
      }
      return made(
        element, .error, "TryCatch", [.type(.publisher(output: resolved(output), failure: resolved(fallbackFailure)))])
    case .makeConnectable:
      // extension Publisher where Failure == Never { func makeConnectable() -> Publishers.MakeConnectable<Self> }
      guard isNever(failure) || unify(failure, .never) else {
        throw TypeError.makeConnectableFailure(resolved(failure), at: stage.range)
      }
      return made(element, failure, "MakeConnectable")
    case .autoconnect:
      // extension ConnectablePublisher { func autoconnect() -> Publishers.Autoconnect<Self> }
      // (the builder refuses an autoconnect without a connectable stage right before it)
      return made(element, failure, "Autoconnect")
    case .receiveOn(let scheduler):
      // func receive<S: Scheduler>(on scheduler: S, options:) -> Publishers.ReceiveOn<Self, S>
      return made(element, failure, "ReceiveOn", [.schedulerType(scheduler)])
    case .subscribeOn(let scheduler):
      // func subscribe<S: Scheduler>(on scheduler: S, options:) -> Publishers.SubscribeOn<Self, S>
      return made(element, failure, "SubscribeOn", [.schedulerType(scheduler)])
    case .print(let tag):
      // func print(_ prefix: String = "", to stream: TextOutputStream? = nil) -> Publishers.Print<Self>
      if let tag { try messageValue(tag) }
      return made(element, failure, "Print")
    case .buffer(_, _, let whenFull):
      // func buffer(size: Int, prefetch: PrefetchStrategy, whenFull: BufferingStrategy<Failure>) -> Publishers.Buffer<Self>
      if case .fail(let message) = whenFull {
        try messageValue(message)
        return customErrorStage(true, "Buffer", [])
      }
      return made(element, failure, "Buffer")
    case .prefixUntilOutput(let trigger):
      // func prefix<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.PrefixUntilOutput<Self, P>
      // (no constraint on P.Failure: the other's failure is not passed on)
      let other = try self.publisher(trigger, in: scope)
      return made(element, failure, "PrefixUntilOutput", [other.publisherType])
    case .dropUntilOutput(let trigger):
      // func drop<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.DropUntilOutput<Self, P>
      //   where Failure == P.Failure
      let other = try self.publisher(trigger, in: scope)
      try sameFailure(
        failure, other.type.failure, operatorName: "drop(untilOutputFrom:)", otherText: text(trigger.range),
        at: trigger.range)
      return made(element, failure, "DropUntilOutput", [other.publisherType])
    }
  }

  /// True when `value` can stand where an `element` is expected.
  /// True for a closure that gives its argument back: `x`, `$0`, `{ e in e }`.
  static func returnsItsArgument(_ closure: Expr) -> Bool {
    switch closure.kind {
    case .identifier(let name): return name == "x" || name == "$0"
    case .closure(let parameters, let body):
      guard case .identifier(let name) = body.kind else { return false }
      return parameters.isEmpty ? name == "x" || name == "$0" : parameters == [name]
    default: return false
    }
  }

  func fits(_ value: Typed, _ element: SwiftType) -> Bool {
    if resolved(value.type) == .never { return true }
    if value.isIntegerLiteral, resolved(element) == .double { return true }
    if value.isCharacterLiteral, resolved(element) == .character { return true }
    return unify(value.type, element)
  }

  /// `scan`'s and `reduce`'s result type T: the initial value's, or `Double`
  /// when an Int literal starts a Double computation (`scan 0, acc + 0.5`), as Swift infers it.
  private func accumulated(
    _ initial: Expr, _ next: Expr, element: SwiftType, throwing: Bool, stage: OperatorStage, in scope: Scope
  ) throws(Diagnostic) -> SwiftType {
    let start = try value(initial, in: scope)
    let result: Typed
    do {
      result = try closure(next, parameters: [start.type, element], implicitNames: ["acc", "x"], in: scope)
    } catch {
      // `scan 0, acc + 0.5`: swiftc makes T Double, and the literal 0 a 0.0.
      guard start.isIntegerLiteral else { throw error }
      let retried = Result { () throws(Diagnostic) in
        try closure(next, parameters: [.double, element], implicitNames: ["acc", "x"], in: scope)
      }
      guard case .success(let again) = retried, resolved(again.type) == .double else { throw error }
      if again.throwsError, !throwing { throw TypeError.throwingClosure(stage.keyword.text, at: next.range) }
      return .double
    }
    if result.throwsError, !throwing { throw TypeError.throwingClosure(stage.keyword.text, at: next.range) }
    if resolved(result.type) == .never || unify(result.type, start.type) { return resolved(start.type) }
    if start.isIntegerLiteral, resolved(result.type) == .double {
      let again = try closure(next, parameters: [.double, element], implicitNames: ["acc", "x"], in: scope)
      if resolved(again.type) == .double { return .double }
    }
    throw TypeError.accumulator(
      stage.keyword.text, initial: resolved(start.type), result: resolved(result.type), at: next.range)
  }

  /// How an operator with an inner publisher (`flatMap`, `switchToLatest`)
  /// reconciles its upstream's failure with the inner one's.
  enum FailureAdaptation {
    case same
    /// The upstream cannot fail: it is given the inner failure (iOS 14).
    case upstreamAdapted
    /// The inner publishers cannot fail: they are given the upstream's (iOS 14).
    case innerAdapted
  }

  func adaptedFailures(_ upstream: SwiftType, _ inner: SwiftType, operatorName: String, at range: SourceRange)
    throws(Diagnostic) -> FailureAdaptation
  {
    if isNever(upstream), !isNever(inner) { return .upstreamAdapted }
    if isNever(inner), !isNever(upstream), resolved(upstream) != .placeholder {
      if case .variable = resolved(upstream) { unify(upstream, inner) } else { return .innerAdapted }
    }
    guard unify(upstream, inner) else {
      throw TypeError.failureMismatch(
        operatorName, upstream: resolved(upstream), other: resolved(inner), otherText: "the inner publisher", at: range)
    }
    return .same
  }

  /// Two publishers that meet (`merge`, `zip`, `append`) must fail with the same type.
  func sameFailure(
    _ upstream: SwiftType, _ other: SwiftType, operatorName: String, otherText: String, at range: SourceRange
  )
    throws(Diagnostic)
  {
    guard unify(upstream, other) else {
      throw TypeError.failureMismatch(
        operatorName, upstream: resolved(upstream), other: resolved(other), otherText: otherText, at: range)
    }
  }
}
