import OpenCombine
import StreamCore
import StreamLang
import SwiftImport

extension Machine {
  /// The publisher a value is, when it is one: a recipe, a subject, a timer.
  func publisherValue(_ value: Value, label: String) throws -> PublisherValue? {
    guard case .opaque(let opaque) = value else { return nil }
    switch opaque {
    case let publisher as PublisherValue:
      return publisher
    case let subject as SubjectValue:
      return PublisherValue(
        sourceLabel: label.isEmpty ? subject.name : label, type: subject.declaredType,
        makeWatchedSource: { onDrop in subject.publisher(onDrop: onDrop) }
      ) {
        subject.publisher
      }
    case let timer as ConnectableTimer:
      return PublisherValue(sourceLabel: label.isEmpty ? timer.label : label, type: .date) {
        timer.subject.eraseToAnyPublisher()
      }
    case let connectable as ConnectableValue:
      return connectable.publisher
    default:
      return nil
    }
  }

  func sequencePublisher(_ values: [Value], label: String) -> Value {
    .opaque(
      PublisherValue(sourceLabel: label) {
        Publishers.Sequence(sequence: values).setFailureType(to: StreamError.self).eraseToAnyPublisher()
      })
  }

  /// Wraps a paste's closure for an operator: a trap stops the run with the
  /// stage and the time; a thrown error becomes the stream's failure.
  func transform(_ argument: Argument?, stage: String, at range: SourceRange) throws -> (Value) throws -> Value {
    guard let argument else { throw refuse("`\(stage)` needs a closure", at: range) }
    if let keyPath = argument.value.opaque(as: KeyPathValue.self) {
      return { [unowned self] value in
        try keyPath.components.reduce(value) { current, name in
          try self.member(name, of: current, at: argument.range, baseRange: argument.range, in: self.globals)
        }
      }
    }
    guard let function = argument.value.opaque(as: FunctionValue.self) else {
      throw refuse("`\(stage)` needs a closure here", at: argument.range)
    }
    // A compiled closure cannot throw a Swift error: only traps, which stop the run.
    if let unary = function.compiledUnary { return unary }
    if let compiled = function.compiled { return { value in try compiled([value]) } }
    return { [unowned self] value in
      self.engineCallbackDepth += 1
      defer { self.engineCallbackDepth -= 1 }
      do {
        return try self.invoke(function, [Argument(label: nil, value: value, range: range)], at: range)
      } catch SwiftRunError.thrown(let error, _) {
        throw StreamError(SwiftText.plain(error), thrown: error)
      }
    }
  }

  /// Runs `body`, turning a trap or refusal into a stopped run (the engine cannot take Swift errors).
  func guarded(_ stage: String, value: Value? = nil, _ body: () throws -> Value) -> Value {
    engineCallbackDepth += 1
    defer { engineCallbackDepth -= 1 }
    do {
      return try body()
    } catch let error as StreamError {
      fail(SwiftRunError.trap(error.message, SourceRange(start: 0, end: 0)), stage: stage, value: value)
    } catch {
      fail(error, stage: stage, value: value)
    }
    return .null
  }

  /// An operator method on a publisher: a new recipe with one more stage,
  /// typed from the Swift that wrote it (`operatorType`).
  func publisherOperator(
    _ name: String, _ upstream: PublisherValue, _ arguments: [Argument], label: String, at range: SourceRange,
    isInitializer: Bool = false, in scope: Scope? = nil
  ) throws -> Value {
    if name == "replaceNil" { noteNilLiteralInference(replacing: upstream) }
    if name == "removeDuplicates", arguments.isEmpty {
      try requireEquatable(upstream.outputType.output, for: name, at: range)
    }
    let made = try untypedOperator(name, upstream, arguments, label: label, at: range, isInitializer: isInitializer)
    guard let publisher = made.opaque(as: PublisherValue.self) else { return made }
    let scope = scope ?? globals
    let typed = operatorType(
      name, upstream: upstream.outputType, arguments: operatorArguments(arguments),
      in: TypingEnvironment(scope: scope, selfType: selfTypeName(in: scope)))
    if publisher === upstream {
      // No row of its own (`setFailureType(to:)`): the next stage is typed from what it gives.
      return typed.type == upstream.outputType ? made : .opaque(upstream.carrying(typed.type, untyped: typed.untyped))
    }
    // `eraseToAnyPublisher()`: the same rows and types, the recipe marked erased.
    if name == "eraseToAnyPublisher" { return made }
    if publisher.types.count == upstream.types.count + 1 {
      publisher.types[publisher.types.count - 1] = typed.type
      if let reason = typed.untyped { publisher.untyped.append(reason) }
    } else if publisher !== upstream, publisher.stages.isEmpty {
      // `share()`: one source row standing for the chain it shares.
      publisher.types = [typed.type]
      publisher.untyped = upstream.untyped + (typed.untyped.map { [$0] } ?? [])
    }
    return made
  }

  private func untypedOperator(
    _ name: String, _ upstream: PublisherValue, _ arguments: [Argument], label: String, at range: SourceRange,
    isInitializer: Bool
  ) throws -> Value {
    // `Publishers.X(upstream: …)` is drawn as one row named by the initializer.
    let rowLabel = isInitializer ? " → " + label : label
    func stage(_ apply: @escaping (AnyValuePublisher) -> AnyValuePublisher) -> Value {
      .opaque(upstream.with(PublisherStage(label: rowLabel, apply: apply)))
    }
    func stageWithRow(_ apply: @escaping (AnyValuePublisher, TimelineChannel?) -> AnyValuePublisher) -> Value {
      .opaque(upstream.with(PublisherStage(label: rowLabel, apply: apply)))
    }
    func argument(_ label: String?) -> Argument? { arguments.first { $0.label == label } }
    func time(_ label: String) throws -> VirtualInterval {
      guard let found = argument(label) else { throw refuse("`.\(name)` needs `\(label):`", at: range) }
      return try interval(found.value, at: found.range)
    }
    func other(_ argument: Argument?) throws -> PublisherValue {
      guard let argument, let publisher = try publisherValue(argument.value, label: source(argument.range)) else {
        throw refuse("`.\(name)` needs a publisher here", at: argument?.range ?? range)
      }
      return publisher
    }
    let clock = self.clock
    let recorder = self.recorder
    switch name {
    case "map":
      let body = try transform(arguments.first, stage: label, at: range)
      return stage {
        $0.map { [unowned self] value in self.guarded(label, value: value) { try body(value) } }.eraseToAnyPublisher()
      }
    case "tryMap":
      let body = try transform(arguments.first, stage: label, at: range)
      return stage { $0.tryMap(body).mapError { $0 as? StreamError ?? StreamError("\($0)") }.eraseToAnyPublisher() }
    case "compactMap":
      let body = try transform(arguments.first, stage: label, at: range)
      return stage {
        $0.compactMap { [unowned self] value in
          let result = self.guarded(label, value: value) { try body(value) }
          return result == .null ? nil : result.unwrapped
        }.eraseToAnyPublisher()
      }
    case "filter":
      let body = try transform(arguments.first, stage: label, at: range)
      return stage {
        $0.filter { [unowned self] value in self.guarded(label, value: value) { try body(value) } == .bool(true) }
          .eraseToAnyPublisher()
      }
    case "removeDuplicates":
      if arguments.isEmpty { return stage { $0.removeDuplicates().eraseToAnyPublisher() } }
      guard let function = arguments.first?.value.opaque(as: FunctionValue.self) else {
        throw refuse("`.removeDuplicates(by:)` needs a closure", at: range)
      }
      return stage {
        $0.removeDuplicates { [unowned self] a, b in
          self.guarded(label) {
            try self.invoke(
              function, [Argument(label: nil, value: a, range: range), Argument(label: nil, value: b, range: range)],
              at: range)
          } == .bool(true)
        }.eraseToAnyPublisher()
      }
    case "debounce":
      let due = try time("for")
      return stage { $0.debounce(for: due, scheduler: clock).eraseToAnyPublisher() }
    case "throttle":
      let window = try time("for")
      let latest = argument("latest")?.value == .bool(true)
      return stage { $0.throttle(for: window, scheduler: clock, latest: latest).eraseToAnyPublisher() }
    case "delay":
      let by = try time("for")
      return stage { $0.delay(for: by, scheduler: clock).eraseToAnyPublisher() }
    case "scan", "reduce":
      guard arguments.count == 2, let function = arguments[1].value.opaque(as: FunctionValue.self) else {
        throw refuse("`.\(name)` needs a first value and a closure", at: range)
      }
      let initial = arguments[0].value
      if let compiled = function.compiledBinary {
        let next: (Value, Value) -> Value = { [unowned self] accumulated, value in
          self.guarded(label, value: value) { try compiled(accumulated, value) }
        }
        return name == "scan"
          ? stage { $0.scan(initial, next).eraseToAnyPublisher() }
          : stage { $0.reduce(initial, next).eraseToAnyPublisher() }
      }
      let next: (Value, Value) -> Value = { [unowned self] accumulated, value in
        self.guarded(label) {
          try self.invoke(
            function,
            [Argument(label: nil, value: accumulated, range: range), Argument(label: nil, value: value, range: range)],
            at: range)
        }
      }
      return name == "scan"
        ? stage { $0.scan(initial, next).eraseToAnyPublisher() }
        : stage { $0.reduce(initial, next).eraseToAnyPublisher() }
    case "prefix":
      if case .int(let count)? = arguments.first?.value, arguments.first?.label == nil {
        return stage { $0.exactPrefix(count).eraseToAnyPublisher() }
      }
      if argument("untilOutputFrom") != nil {
        let trigger = try other(argument("untilOutputFrom"))
        return stage {
          $0.exactPrefix(untilOutputFrom: trigger.build(recorder: recorder, pipeline: nil)).eraseToAnyPublisher()
        }
      }
      let body = try transform(argument("while") ?? arguments.first, stage: label, at: range)
      return stage {
        $0.prefix { [unowned self] value in self.guarded(label, value: value) { try body(value) } == .bool(true) }
          .eraseToAnyPublisher()
      }
    case "dropFirst":
      var count = 1
      if case .int(let n)? = arguments.first?.value { count = n }
      return stage { $0.dropFirst(count).eraseToAnyPublisher() }
    case "first", "last":
      if let test = argument("where") {
        let body = try transform(test, stage: label, at: range)
        let keep: (Value) -> Bool = { [unowned self] value in
          self.guarded(label, value: value) { try body(value) } == .bool(true)
        }
        return name == "first"
          ? stage { $0.first(where: keep).eraseToAnyPublisher() } : stage { $0.last(where: keep).eraseToAnyPublisher() }
      }
      return name == "first" ? stage { $0.first().eraseToAnyPublisher() } : stage { $0.last().eraseToAnyPublisher() }
    case "collect":
      if arguments.isEmpty { return stage { $0.collect().map(Value.array).eraseToAnyPublisher() } }
      if case .int(let count)? = arguments.first?.value {
        return stage { $0.collect(count).map(Value.array).eraseToAnyPublisher() }
      }
      throw refuse("streamlab runs `.collect()` and `.collect(N)` from Swift", at: range)
    case "combineLatest", "zip":
      let others = try arguments.filter { $0.value.opaque(as: FunctionValue.self) == nil }.map { try other($0) }
      let combine =
        try arguments.last?.value.opaque(as: FunctionValue.self) != nil
        ? transform(arguments.last, stage: label, at: range) : nil
      guard (1...3).contains(others.count) else {
        throw refuse("streamlab runs `.\(name)` with one to three other publishers", at: range)
      }
      return stage { upstream in
        let built = others.map { $0.build(recorder: recorder, pipeline: nil) }
        let combined = Self.combined(name, upstream, built)
        guard let combine else { return combined }
        return combined.map { [unowned self] tuple in self.guarded(label) { try combine(tuple) } }
          .eraseToAnyPublisher()
      }
    case "merge":
      let others = try arguments.map { try other($0) }
      return stage { upstream in
        Publishers.MergeMany([upstream] + others.map { $0.build(recorder: recorder, pipeline: nil) })
          .eraseToAnyPublisher()
      }
    case "flatMap", "switchToLatest":
      if name == "switchToLatest" {
        return stageWithRow { upstream, row in
          upstream.map { [unowned self] value -> AnyValuePublisher in
            self.inner(value, stage: label, row: row, rowLabel: nil)
          }.switchToLatest().eraseToAnyPublisher()
        }
      }
      var limit = Subscribers.Demand.unlimited
      if case .int(let n)? = argument("maxPublishers")?.value { limit = .max(n) }
      let body = try transform(arguments.last, stage: label, at: range)
      return stageWithRow { upstream, row in
        upstream.flatMap(maxPublishers: limit) { [unowned self] value -> AnyValuePublisher in
          self.inner(
            self.guarded(label, value: value) { try body(value) }, stage: label, row: row, rowLabel: value.description)
        }.eraseToAnyPublisher()
      }
    case "catch":
      guard let function = arguments.first?.value.opaque(as: FunctionValue.self) else {
        throw refuse("`.catch` needs a closure", at: range)
      }
      return stageWithRow { upstream, row in
        upstream.catch { [unowned self] error -> AnyValuePublisher in
          let thrown = error.thrown ?? .string(error.message)
          let made = self.guarded(label) {
            try self.invoke(function, [Argument(label: nil, value: thrown, range: range)], at: range)
          }
          return self.inner(made, stage: label, row: row, rowLabel: "# " + SwiftText.plain(thrown))
        }.eraseToAnyPublisher()
      }
    case "replaceError":
      let value = argument("with")?.value ?? .null
      return stage { $0.replaceError(with: value).setFailureType(to: StreamError.self).eraseToAnyPublisher() }
    case "replaceNil":
      let value = argument("with")?.value ?? .null
      // `Int?` in, `Int` out: a value is unwrapped, a nil replaced.
      return stage { $0.map { $0 == .null ? value : $0.unwrapped }.eraseToAnyPublisher() }
    case "replaceEmpty":
      let value = argument("with")?.value ?? .null
      return stage { $0.exactReplaceEmpty(with: value).eraseToAnyPublisher() }
    case "retry":
      guard case .int(let attempts)? = arguments.first?.value else { throw refuse("`.retry` needs a count", at: range) }
      return stage { $0.retry(attempts).eraseToAnyPublisher() }
    case "eraseToAnyPublisher":
      return .opaque(upstream.erased)
    case "setFailureType", "assertNoFailure":
      return .opaque(upstream)
    case "mapError":
      let body = try transform(arguments.first, stage: label, at: range)
      return stage {
        $0.mapError { [unowned self] error in
          let mapped = self.guarded(label) { try body(error.thrown ?? .string(error.message)) }
          return StreamError(SwiftText.plain(mapped), thrown: mapped)
        }.eraseToAnyPublisher()
      }
    case "receive":
      if arguments.first?.value.opaque(as: SchedulerValue.self)?.isImmediate == true {
        // `ImmediateScheduler` runs what it is given at once: no hop.
        return stage { $0 }
      }
      return stage { $0.receive(on: clock).eraseToAnyPublisher() }
    case "subscribe":
      if arguments.first?.value.opaque(as: SchedulerValue.self)?.isImmediate == true { return stage { $0 } }
      return stage { $0.subscribe(on: clock).eraseToAnyPublisher() }
    case "share":
      // One upstream subscription for every subscriber: built once, at the first subscription.
      let shared = SharedPublisher(upstream: upstream, recorder: recorder)
      return .opaque(PublisherValue(sourceLabel: upstream.chainText + label) { shared.publisher })
    case "handleEvents":
      func hook(_ name: String) -> ((Value?) -> Void)? {
        guard let function = argument(name)?.value.opaque(as: FunctionValue.self) else { return nil }
        return { [unowned self] value in
          _ = self.guarded(label) {
            try self.invoke(function, value.map { [Argument(label: nil, value: $0, range: range)] } ?? [], at: range)
          }
        }
      }
      let onSubscription = hook("receiveSubscription")
      let onOutput = hook("receiveOutput")
      let onCompletion = hook("receiveCompletion")
      let onCancel = hook("receiveCancel")
      let onRequest = hook("receiveRequest")
      return stage {
        $0.handleEvents(
          receiveSubscription: onSubscription.map { hook in { _ in hook(.string("Subscription")) } },
          receiveOutput: onOutput.map { hook in { hook($0) } },
          receiveCompletion: onCompletion.map { hook in { hook(Self.completionValue($0)) } },
          receiveCancel: onCancel.map { hook in { hook(nil) } },
          receiveRequest: onRequest.map { hook in { hook(Self.demandValue($0)) } }
        ).eraseToAnyPublisher()
      }
    case "multicast":
      let label = source(SourceRange(start: range.start, end: range.end))
      let recorder = self.recorder
      if let subject = arguments.first(where: { $0.label == "subject" })?.value.opaque(as: SubjectValue.self) {
        return .opaque(
          ConnectableValue(upstream: upstream, label: upstream.chainText + label, recorder: recorder) { subject })
      }
      guard let make = arguments.first?.value.opaque(as: FunctionValue.self) else {
        throw refuse("`.multicast` needs `subject:` or a closure that makes a subject", at: range)
      }
      return .opaque(
        ConnectableValue(upstream: upstream, label: upstream.chainText + label, recorder: recorder) { [unowned self] in
          let made = self.guarded(label) { try self.invoke(make, [], at: range) }
          return made.opaque(as: SubjectValue.self) ?? SubjectValue(name: "subject", initial: nil)
        })
    case "timeout":
      guard let first = arguments.first else { throw refuse("`.timeout` needs a time", at: range) }
      let limit = try interval(first.value, at: first.range)
      let makeError = argument("customError")?.value.opaque(as: FunctionValue.self)
      let customError: (() -> StreamError)? = makeError.map { make in
        { [unowned self] in
          let error = self.guarded(label) { try self.invoke(make, [], at: range) }
          return StreamError(SwiftText.plain(error), thrown: error)
        }
      }
      return stage {
        $0.timeout(limit, scheduler: TimeoutScheduler(clock: clock), customError: customError).eraseToAnyPublisher()
      }
    case "prepend", "append":
      if let first = arguments.first, let publisher = try publisherValue(first.value, label: source(first.range)) {
        return stage { upstream in
          let built = publisher.build(recorder: recorder, pipeline: nil)
          return name == "prepend"
            ? upstream.prepend(built).eraseToAnyPublisher() : upstream.append(built).eraseToAnyPublisher()
        }
      }
      // An array is a sequence of values; anything else (a String too) is one value, as
      // Swift picks the variadic `prepend(_: Output...)` for it.
      var values: [Value]
      if arguments.count == 1, case .array(let items) = arguments[0].value {
        values = items
      } else if arguments.count == 1, let range = arguments[0].value.opaque(as: RangeValue.self) {
        values = range.elements
      } else {
        values = arguments.map(\.value)
      }
      // The values are the upstream's Output: after `[1, nil, 3].publisher`, `append(4, 5)`
      // sends `Optional(4)` and `Optional(5)`, and prints them so.
      if case .optional = upstream.outputType.output { values = values.map(\.asOptional) }
      return name == "prepend"
        ? stage { $0.prepend(values).eraseToAnyPublisher() } : stage { $0.append(values).eraseToAnyPublisher() }
    case "count":
      return stage { $0.count().map(Value.int).eraseToAnyPublisher() }
    case "drop":
      let body = try transform(argument("while"), stage: label, at: range)
      return stage {
        $0.drop { [unowned self] value in self.guarded(label, value: value) { try body(value) } == .bool(true) }
          .eraseToAnyPublisher()
      }
    case "max", "min":
      let isMax = name == "max"
      if let order = argument("by")?.value.opaque(as: FunctionValue.self) {
        let inOrder: (Value, Value) -> Bool = { [unowned self] a, b in
          self.guarded(label) {
            try self.invoke(
              order, [Argument(label: nil, value: a, range: range), Argument(label: nil, value: b, range: range)],
              at: range)
          } == .bool(true)
        }
        return stage { isMax ? $0.max(by: inOrder).eraseToAnyPublisher() : $0.min(by: inOrder).eraseToAnyPublisher() }
      }
      let inOrder: (Value, Value) -> Bool = { [unowned self] a, b in
        self.guarded(label) { try self.binary("<", a, b, at: range) } == .bool(true)
      }
      return stage { isMax ? $0.max(by: inOrder).eraseToAnyPublisher() : $0.min(by: inOrder).eraseToAnyPublisher() }
    case "contains":
      if let test = arguments.first(where: { $0.label == "where" }) {
        let body = try transform(test, stage: label, at: range)
        return stage {
          $0.contains { [unowned self] value in self.guarded(label, value: value) { try body(value) } == .bool(true) }
            .map(Value.bool)
            .eraseToAnyPublisher()
        }
      }
      let wanted = arguments.first?.value ?? .null
      return stage { $0.contains(wanted).map(Value.bool).eraseToAnyPublisher() }
    case "allSatisfy":
      let body = try transform(arguments.first, stage: label, at: range)
      return stage {
        $0.allSatisfy { [unowned self] value in self.guarded(label, value: value) { try body(value) } == .bool(true) }
          .map(Value.bool)
          .eraseToAnyPublisher()
      }
    case "output":
      guard case .int(let index)? = argument("at")?.value, index >= 0 else {
        throw refuse("`.output(at:)` needs a position", at: range)
      }
      return stage { $0.exactOutput(at: index).eraseToAnyPublisher() }
    case "tryFilter":
      let body = try transform(arguments.first, stage: label, at: range)
      return stage {
        $0.tryFilter { try body($0) == .bool(true) }.mapError { $0 as? StreamError ?? StreamError("\($0)") }
          .eraseToAnyPublisher()
      }
    case "tryCompactMap":
      let body = try transform(arguments.first, stage: label, at: range)
      return stage {
        $0.tryCompactMap { value -> Value? in
          let result = try body(value)
          return result == .null ? nil : result.unwrapped
        }.mapError { $0 as? StreamError ?? StreamError("\($0)") }.eraseToAnyPublisher()
      }
    case "ignoreOutput":
      return stage { $0.ignoreOutput().map { never -> Value in }.eraseToAnyPublisher() }
    case "buffer":
      // StreamCore's buffer, as the pipeline language's: OpenCombine's can
      // fail its subscriber before giving it the subscription.
      guard case .int(let size)? = argument("size")?.value, size >= 1,
        let prefetch = argument("prefetch")?.value.opaque(as: EnumValue.self),
        let whenFull = argument("whenFull")?.value.opaque(as: EnumValue.self)
      else {
        throw refuse(
          "`buffer` needs a size of at least 1, a prefetch and a strategy", at: range,
          instead: "`.buffer(size: 10, prefetch: .byRequest, whenFull: .dropOldest)`")
      }
      let asking: Publishers.PrefetchStrategy = prefetch.caseName == "keepFull" ? .keepFull : .byRequest
      let strategy: Publishers.BufferingStrategy<StreamError>
      switch whenFull.caseName {
      case "dropOldest": strategy = .dropOldest
      case "dropNewest": strategy = .dropNewest
      default:
        guard let makeError = whenFull.associated.first?.opaque(as: FunctionValue.self) else {
          throw refuse("`.customError` needs a closure that makes the error", at: range)
        }
        strategy = .customError { [unowned self] in
          let error = self.guarded(label) { try self.invoke(makeError, [], at: range) }
          return StreamError(SwiftText.plain(error), thrown: error)
        }
      }
      return stage { $0.exactBuffer(size: size, prefetch: asking, whenFull: strategy).eraseToAnyPublisher() }
    default:
      if let methods = publisherExtensions[name] {
        let method = overload(methods, for: arguments) ?? methods[0]
        return try run(method, arguments, in: Scope(parent: globals, selfValue: .opaque(upstream)), at: range)
      }
      guard Self.combineOperators.contains(name) else {
        throw SwiftRunError.refused(
          Diagnostic(
            "streamlab has no operator `\(name)`", at: range,
            suggestion: Suggestion.closest(to: name, among: Self.operatorNames)))
      }
      throw refuse(
        "streamlab does not run Combine's `.\(name)` from Swift yet", at: range,
        instead: "one of the operators it runs: " + Self.operatorNames.prefix(12).joined(separator: ", ") + ", …")
    }
  }

  /// `combineLatest` or `zip` of `upstream` and one to three others, as tuples.
  static func combined(_ name: String, _ upstream: AnyValuePublisher, _ others: [AnyValuePublisher])
    -> AnyValuePublisher
  {
    let isZip = name == "zip"
    switch others.count {
    case 1:
      return isZip
        ? upstream.exactZip(others[0]).map { Value.tuple([$0, $1]) }.eraseToAnyPublisher()
        : upstream.combineLatest(others[0]).map { Value.tuple([$0, $1]) }.eraseToAnyPublisher()
    case 2:
      return isZip
        ? upstream.exactZip(others[0], others[1]).map { Value.tuple([$0, $1, $2]) }.eraseToAnyPublisher()
        : upstream.combineLatest(others[0], others[1]).map { Value.tuple([$0, $1, $2]) }.eraseToAnyPublisher()
    default:
      return isZip
        ? upstream.exactZip(others[0], others[1], others[2]).map { Value.tuple([$0, $1, $2, $3]) }
          .eraseToAnyPublisher()
        : upstream.combineLatest(others[0], others[1], others[2]).map { Value.tuple([$0, $1, $2, $3]) }
          .eraseToAnyPublisher()
    }
  }

  /// `Subscribers.Completion` as a paste's closure sees it.
  static func completionValue(_ completion: Subscribers.Completion<StreamError>) -> Value {
    switch completion {
    case .finished: return .opaque(EnumValue(typeName: "Subscribers.Completion", caseName: "finished"))
    case .failure(let error):
      return .opaque(
        EnumValue(
          typeName: "Subscribers.Completion", caseName: "failure", associated: [error.thrown ?? .string(error.message)])
      )
    }
  }

  /// `Subscribers.Demand` as Swift prints it: `unlimited` or `max(1)`.
  static func demandValue(_ demand: Subscribers.Demand) -> Value {
    .opaque(EnumValue(typeName: "Subscribers.Demand", caseName: demand == .unlimited ? "unlimited" : "\(demand)"))
  }

  /// Every operator method of Combine's `Publisher`, run here or not, so a
  /// misspelt name and one streamlab does not run are told apart.
  static let combineOperators: Set<String> =
    Set(operatorNames).union([
      "breakpoint", "breakpointOnError", "buffer", "decode", "encode", "makeConnectable", "measureInterval",
      "print", "tryRemoveDuplicates", "tryMax", "tryMin", "tryContains", "tryAllSatisfy", "tryScan", "tryReduce",
      "tryFirst", "tryLast", "tryPrefix", "tryDrop", "tryCatch", "dropFirst", "drop", "mapError", "switchToLatest",
      "setFailureType", "subscribe", "values", "autoconnect", "zip", "collect", "replaceNil", "first", "last",
      "output", "prefix", "removeDuplicates", "ignoreOutput", "assertNoFailure", "count", "min", "max",
    ])

  static let operatorNames = [
    "map", "tryMap", "compactMap", "filter", "removeDuplicates", "debounce", "throttle", "delay", "scan", "reduce",
    "prefix", "dropFirst", "first", "last", "collect", "combineLatest", "zip", "merge", "flatMap", "switchToLatest",
    "catch", "replaceError", "replaceNil", "replaceEmpty", "retry", "eraseToAnyPublisher", "mapError", "receive",
    "share", "handleEvents", "multicast", "timeout", "prepend", "append", "count", "ignoreOutput", "sink", "assign",
    "store",
  ]

  /// The publisher a `flatMap`/`switchToLatest`/`catch` closure made, built
  /// for one inner subscription and drawn as an inner row under `row`,
  /// labelled by the element it was made for (by its own Swift when none is known).
  func inner(_ value: Value, stage: String, row: TimelineChannel?, rowLabel: String?) -> AnyValuePublisher {
    do {
      if let publisher = try publisherValue(value, label: stage) {
        let built = publisher.build(recorder: recorder, pipeline: nil)
        guard let row else { return built }
        let recorder = self.recorder
        let label = rowLabel ?? publisher.chainText
        // Deferred opens the row when the operator subscribes, not when the publisher is made.
        return Deferred { built.probe(recorder.innerChannel(under: row, label: label), stage: label) }
          .eraseToAnyPublisher()
      }
    } catch {}
    fail(
      SwiftRunError.trap(
        "`\(stage)` needs its closure to give a publisher, not \(SwiftText.debug(value))", SourceRange(start: 0, end: 0)
      ), stage: stage)
    return Empty().eraseToAnyPublisher()
  }
}

/// `share()`: the upstream built once, at the first subscriber, and every
/// subscriber fed from it until it completes.
final class SharedPublisher {
  let upstream: PublisherValue
  let recorder: Recorder
  private var shared: AnyValuePublisher?

  init(upstream: PublisherValue, recorder: Recorder) {
    self.upstream = upstream
    self.recorder = recorder
  }

  var publisher: AnyValuePublisher {
    if let shared { return shared }
    let made = upstream.build(recorder: recorder, pipeline: nil).share().eraseToAnyPublisher()
    shared = made
    return made
  }
}
