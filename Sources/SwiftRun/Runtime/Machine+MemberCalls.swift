import OpenCombine
import StreamCore
import StreamLang
import SwiftImport

extension Machine {
  /// `.store(in: &cancellables)` pasted without the line that declares the
  /// set (a pipeline taken out of an article or an app): swiftc refuses it,
  /// "cannot find 'cancellables' in scope". streamlab runs it as if the set
  /// were declared, and says so beside the diagram.
  func declareStoreSet(_ written: String, in scope: Scope) throws {
    // `in: &cancellables`: the name after the `&`.
    guard let ampersand = written.lastIndex(of: "&") else { return }
    let name = String(written[written.index(after: ampersand)...].drop { $0 == " " })
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
      scope.lookup(name) == nil, scope.currentSelf == nil
    else { return }
    globals.declare(name, Variable(.array([])))
    notes.append(
      "`\(name)` is not declared in the paste, so swiftc refuses it (cannot find '\(name)' in scope): streamlab "
        + "keeps the subscription as `var \(name) = Set<AnyCancellable>()` would")
  }

  /// `target.name(arguments)`.
  func callMember(
    _ name: String, of target: Value, _ arguments: [Argument], at range: SourceRange, base: SwiftExpr, in scope: Scope
  ) throws -> Value {
    let baseRange = base.range
    let label = source(SourceRange(start: baseRange.end, end: range.end))
    if case .opaque(let opaque) = target {
      switch opaque {
      case let instance as Instance:
        if let methods = instance.type.methods[name] {
          let method = overload(methods, for: arguments) ?? methods[0]
          return try run(method, arguments, in: Scope(parent: globals, selfValue: target), at: range)
        }
        if let field = instance.fields[name] { return try callValue(field.value, arguments, at: range, in: scope) }
      case let type as TypeValue:
        return try staticMember(name, of: type, arguments: arguments, at: range, in: scope)
      case let expectation as ExpectationValue:
        return try expectationMember(name, of: expectation, at: range)
      case let subject as SubjectValue:
        switch name {
        case "send":
          try sending(at: range) {
            if let completion = arguments.first(where: { $0.label == "completion" }) {
              subject.send(completion: try completionValue(completion.value, at: completion.range))
            } else {
              subject.send(arguments.first?.value ?? .void)
              noteDeliveryOrder(of: subject.deliveries, sentBy: "the subject `\(subject.name)`")
            }
          }
          return .void
        default: break
        }
      case let scheduler as SchedulerValue:
        if name == "eraseToAnyScheduler" { return target }
        return try schedulerCall(name, scheduler, arguments, at: range)
      case let cancellable as CancellableValue:
        switch name {
        case "store":
          guard let argument = arguments.first, let reference = argument.value.opaque(as: InoutReference.self) else {
            throw refuse("`.store(in:)` needs `&` and a collection, such as `&cancellables`", at: range)
          }
          try declareStoreSet(source(argument.range), in: scope)
          guard case .array(let items) = try reference.read() else {
            throw refuse("`.store(in:)` needs a `Set<AnyCancellable>` or an array", at: range)
          }
          try reference.write(.array(items + [target]))
          return .void
        case "cancel":
          cancellable.cancel()
          return .void
        default: break
        }
      case let timer as ConnectableTimer:
        switch name {
        case "autoconnect":
          return .opaque(
            PublisherValue(sourceLabel: source(SourceRange(start: baseRange.start, end: range.end)), type: .date) {
              timer.subject.handleEvents(
                receiveSubscription: { _ in
                  if timer.connection == nil { timer.connection = timer.connect() }
                }, receiveCancel: { timer.connection = nil }
              ).eraseToAnyPublisher()
            })
        case "connect":
          let connection = timer.connect()
          timer.connection = connection
          return .opaque(CancellableValue(connection))
        default: break
        }
      case let connectable as ConnectableValue:
        switch name {
        case "connect":
          return .opaque(CancellableValue(connectable.connect()))
        case "autoconnect":
          var connection: AnyCancellable?
          return .opaque(
            PublisherValue(sourceLabel: connectable.label + ".autoconnect()", type: connectable.upstream.outputType) {
              connectable.subject.publisher.handleEvents(receiveSubscription: { _ in
                if connection == nil { connection = connectable.connect() }
              }).eraseToAnyPublisher()
            })
        default: break
        }
      case let function as FunctionValue where name == "callAsFunction":
        return try invoke(function, arguments, at: range)
      case let task as TaskValue:
        if name == "cancel" {
          task.cancel()
          return .void
        }
      case is AsyncPublisherValue, is AsyncStreamValue:
        if name == "first", arguments.first?.label == "where" {
          return try firstElement(of: target, arguments, at: range)
        }
        throw refuse(
          "streamlab runs `for await` and `first(where:)` on an async sequence", at: range,
          instead: "`for await value in sequence { … }`")
      case let continuation as AsyncStreamContinuation:
        return try continuationCall(name, continuation, arguments, at: range)
      case let continuation as ContinuationValue:
        return try continuationCall(name, continuation, arguments, at: range)
      default:
        break
      }
    }
    if let publisher = try publisherValue(target, label: source(baseRange)) {
      operatorUses.append((name, baseRange.end))
      switch name {
      case "sink":
        subscriptionOffsets.append(range.start)
        return try sink(publisher, arguments, at: range)
      case "assign":
        subscriptionOffsets.append(range.start)
        return try assignSubscriber(publisher, arguments, at: range, in: scope)
      default: return try publisherOperator(name, publisher, arguments, label: label, at: range, in: scope)
      }
    }
    return try builtinMethod(name, of: target, arguments, at: range, base: base, in: scope)
  }

  private func completionValue(_ value: Value, at range: SourceRange) throws -> Subscribers.Completion<StreamError> {
    guard let completion = value.opaque(as: EnumValue.self) else {
      throw refuse("`send(completion:)` needs `.finished` or `.failure(error)`", at: range)
    }
    if completion.caseName == "finished" { return .finished }
    let error = completion.associated.first ?? .void
    return .failure(StreamError(SwiftText.plain(error), thrown: error))
  }

  // MARK: Subscribers

  /// `sink`: a new shown pipeline, subscribed now; its closures run as the
  /// values arrive, at their times.
  private func sink(_ publisher: PublisherValue, _ arguments: [Argument], at range: SourceRange) throws -> Value {
    let onValue = arguments.first { $0.label == "receiveValue" || $0.label == nil }?.value.opaque(
      as: FunctionValue.self)
    let onCompletion = arguments.first { $0.label == "receiveCompletion" }?.value.opaque(as: FunctionValue.self)
    // Combine has `sink(receiveCompletion:receiveValue:)`, and `sink(receiveValue:)`
    // only where the publisher cannot fail: swiftc refuses the rest.
    if onValue == nil, onCompletion != nil {
      throw refuse(
        "missing argument for parameter 'receiveValue' in call", at: range,
        instead: "`.sink(receiveCompletion: { … }, receiveValue: { _ in })`")
    }
    if onCompletion == nil { try requireNeverFailing(publisher, "sink(receiveValue:)", at: range) }
    let stage = "sink"
    let hold = SubscriberHold(
      [onValue.map { ("sink closure", .opaque($0)) }, onCompletion.map { ("receiveCompletion closure", .opaque($0)) }]
        .compactMap { $0 }, pipeline: shown.count)
    return .opaque(
      releasable(
        subscribe(publisher) { built in
          built.sink(
            receiveCompletion: { [unowned self] completion in
              hold.end()
              guard let onCompletion else { return }
              let value = Self.completionValue(completion)
              _ = self.guarded(stage) {
                try self.invoke(onCompletion, [Argument(label: nil, value: value, range: range)], at: range)
              }
            },
            receiveValue: { [unowned self] value in
              guard let onValue else { return }
              if let compiled = onValue.compiledUnary {
                _ = self.guarded(stage) { try compiled(value) }
                return
              }
              _ = self.guarded(stage) {
                try self.invoke(onValue, [Argument(label: nil, value: value, range: range)], at: range)
              }
            })
        }, hold: hold))
  }

  /// Refuses a subscriber that Combine offers only on a publisher whose
  /// Failure is `Never`, when the typer knows the Failure is another type
  /// (swiftc's words).
  private func requireNeverFailing(_ publisher: PublisherValue, _ method: String, at range: SourceRange) throws {
    let failure = publisher.outputType.failure
    switch failure {
    case .never, .placeholder, .variable: return
    default:
      throw refuse(
        "referencing instance method '\(method)' on 'Publisher' requires the types '\(failure.spelling)' and "
          + "'Never' be equivalent", at: range,
        instead: "`.sink(receiveCompletion:receiveValue:)`, or `.replaceError(with:)` or `.catch` before it")
    }
  }

  /// `assign(to: \.text, on: label)` and `assign(to: &$text)`.
  private func assignSubscriber(
    _ publisher: PublisherValue, _ arguments: [Argument], at range: SourceRange, in scope: Scope
  ) throws -> Value {
    if let target = arguments.first(where: { $0.label == "to" })?.value.opaque(as: InoutReference.self) {
      // `assign(to: &$prop)`: lives as long as the property's storage, so its
      // instance keeps it and cancels it when it goes; any other target, the run keeps.
      let cancellable = subscribe(publisher) { built in
        built.sink(
          receiveCompletion: { _ in },
          receiveValue: { [unowned self] value in
            _ = self.guarded("assign") {
              try target.write(value)
              return .void
            }
          })
      }
      if let owner = target.publishedOwner?.instance {
        owner.propertySubscriptions.append(cancellable)
      } else {
        retained.append(cancellable)
      }
      return .void
    }
    try requireNeverFailing(publisher, "assign(to:on:)", at: range)
    guard let keyPath = arguments.first(where: { $0.label == "to" })?.value.opaque(as: KeyPathValue.self),
      let object = arguments.first(where: { $0.label == "on" })?.value, keyPath.components.count == 1
    else {
      throw refuse("`assign` needs `to: \\.property, on: object` or `to: &$property`", at: range)
    }
    let property = keyPath.components[0]
    let hold = SubscriberHold([("Subscribers.Assign → object", object)], pipeline: shown.count)
    return .opaque(
      releasable(
        subscribe(publisher) { built in
          built.sink(
            receiveCompletion: { _ in hold.end() },
            receiveValue: { [unowned self] value in
              _ = self.guarded("assign") {
                try self.setMember(property, of: object, to: value, at: range, in: scope)
                return .void
              }
            })
        }, hold: hold))
  }

  /// Opens the rows of a new shown pipeline and subscribes now.
  func subscribe<Subscribed>(
    _ publisher: PublisherValue, label: String? = nil, _ attach: (AnyValuePublisher) -> Subscribed
  ) -> Subscribed {
    let index = shown.count
    shown.append(ShownPipeline(source: label ?? publisher.chainText, subscribeAt: clock.now))
    shownTypes.append(publisher.types)
    subscriptionStatements.append(runningStatement)
    untypedStages.append(contentsOf: publisher.untyped.filter { !untypedStages.contains($0) })
    return attach(publisher.build(recorder: recorder, pipeline: index))
  }

  // MARK: Schedulers

  private func schedulerCall(
    _ name: String, _ scheduler: SchedulerValue, _ arguments: [Argument], at range: SourceRange
  ) throws -> Value {
    switch name {
    case "schedule" where arguments.contains { $0.label == "interval" }:
      // `schedule(after:interval:)`: a repeating action, until its cancellable is cancelled.
      guard let body = arguments.last?.value.opaque(as: FunctionValue.self),
        let start = arguments.first(where: { $0.label == "after" }),
        let every = arguments.first(where: { $0.label == "interval" })
      else { throw refuse("`schedule(after:interval:)` needs a start, an interval and a closure", at: range) }
      let first = VirtualTime(nanoseconds: try interval(start.value, at: start.range).nanoseconds)
      let period = try interval(every.value, at: every.range)
      guard period > .zero else { throw refuse("a repeating schedule needs an interval above zero", at: every.range) }
      let repeating = clock.schedule(after: max(first, clock.now), interval: period, tolerance: .zero, options: nil) {
        [unowned self] in
        _ = self.guarded(self.place(range)) { try self.invoke(body, [], at: range) }
      }
      return .opaque(CancellableValue(AnyCancellable(repeating)))
    case "asyncAfter", "schedule":
      guard let body = arguments.last?.value.opaque(as: FunctionValue.self) else {
        throw refuse("`\(name)` needs a closure to run", at: range)
      }
      var when = clock.now
      if let deadline = arguments.first(where: { $0.label == "deadline" || $0.label == "after" }) {
        let at = try interval(deadline.value, at: deadline.range)
        when = VirtualTime(nanoseconds: at.nanoseconds)
      }
      if when < clock.now { when = clock.now }
      clock.schedule(after: when, tolerance: .zero, options: nil) { [unowned self] in
        _ = self.guarded(self.place(range)) { try self.invoke(body, [], at: range) }
      }
      return .void
    case "async":
      guard let body = arguments.last?.value.opaque(as: FunctionValue.self) else {
        throw refuse("`async` needs a closure to run", at: range)
      }
      clock.schedule { [unowned self] in _ = self.guarded(self.place(range)) { try self.invoke(body, [], at: range) } }
      return .void
    case "advance":
      // A test scheduler runs everything due up to now + the interval, then stops there.
      let by = try arguments.first.map { try interval($0.value, at: $0.range) } ?? .zero
      let target = clock.now.advanced(by: by)
      _ = clock.run(until: target)
      if clock.now < target { clock.advance(to: target) }
      if let pendingError { throw pendingError }
      return .void
    case "run":
      _ = clock.run(until: options.horizon)
      if let pendingError { throw pendingError }
      return .void
    case "now":
      return .duration(VirtualInterval(nanoseconds: clock.now.nanoseconds))
    default:
      throw refuse("streamlab does not run `\(scheduler.name).\(name)`", at: range)
    }
  }
}
