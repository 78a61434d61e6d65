import StreamCore
import StreamLang

// Where a chain starts: `Just`, `[…].publisher`, ranges, `Empty`, `Fail`,
// `Future`, `Deferred`, `Timer.publish(…).autoconnect()`, subjects, names,
// helper functions, and the exporter's `Script` and `Interval`.
extension SwiftLowering {
  /// The chain as a pipeline of the short form, or nil when it does not
  /// start at a publisher (then it is some other value).
  func pipeline(_ value: SwiftExpr) throws -> String? {
    if let source = try sourceStage(value) {
      sourceMap.record(source, from: value.range)
      return source
    }
    switch value.kind {
    case .call(let callee, let arguments):
      guard case .member(let base?, let method) = callee.kind, !["sink", "assign", "store"].contains(method)
      else { return nil }
      guard let upstream = try pipeline(base) else {
        if let advice = UnsupportedSwift.advice(forCall: method, on: base) {
          throw failure(advice.message, at: value.range, expected: advice.instead)
        }
        return nil
      }
      guard let stage = try operatorStage(method, arguments, at: value, callee: callee) else { return upstream }
      // From the method's name to the end of its call: `map { $0 + "a" }` in `Just(1).map { $0 + "a" }`.
      let nameStart = max(value.range.start, callee.range.end - method.utf8.count)
      sourceMap.record(stage, from: SourceRange(start: nameStart, end: value.range.end))
      return upstream + " | " + stage
    case .postfix(_, let inner), .tried(let inner):
      return try pipeline(inner)
    default:
      return nil
    }
  }

  /// A publisher used as an argument (`merge(with: b)`, `catch { _ in Just(0) }`):
  /// a bound name as it is, any other pipeline in braces.
  func stream(_ value: SwiftExpr) throws -> String {
    guard let pipeline = try pipeline(value) else {
      throw failure(
        "expected a publisher, found `\(source(value.range))`", at: value.range,
        expected: "a publisher such as `Just(0)` or a name bound to one")
    }
    // A bound name stands as it is; a source of one word (`empty`, `never`) is a pipeline.
    if pipeline.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !Keywords.allNames.contains(pipeline) {
      return pipeline
    }
    return "{ \(pipeline) }"
  }

  private func sourceStage(_ value: SwiftExpr) throws -> String? {
    switch value.kind {
    case .identifier(let name):
      return try boundSource(name, at: value)
    case .member(let base?, let name):
      if case .identifier("self") = base.kind { return try boundSource(name, at: value) }
      // The export preamble's `PublishedProperty`: `property.$value` publishes `property`.
      if name == "$value", case .subject? = bindings[Self.handleKey(base)] {
        return shortName(Self.handleKey(base))
      }
      if name == "publisher" { return try sequenceSource(base) }
      return nil
    case .call(let callee, let arguments):
      return try callSource(callee, arguments, at: value)
    default:
      return nil
    }
  }

  /// A name bound to a publisher or subject; `$query` is the `@Published` property `query`.
  private func boundSource(_ name: String, at value: SwiftExpr) throws -> String? {
    let plain = name.hasPrefix("$") ? String(name.dropFirst()) : name
    switch bindings[plain] {
    case .publisher?, .subject?: return shortName(plain)
    default: return nil
    }
  }

  /// `[1, 2, 3].publisher`, `(1...5).publisher`, `(1..<5).publisher`.
  private func sequenceSource(_ base: SwiftExpr) throws -> String? {
    switch base.kind {
    case .array(let elements):
      if elements.isEmpty { return "empty" }
      return "just " + (try elements.map { try expression($0) }).joined(separator: ", ")
    case .binary(let op, let low, let high) where op == "..." || op == "..<":
      return "range \(try expression(low, precedence: 6))\(op)\(try expression(high, precedence: 6))"
    case .identifier(let name):
      if case .constant(let text)? = bindings[name], text.hasPrefix("[") {
        let inner = text.dropFirst().dropLast()
        return inner.isEmpty ? "empty" : "just " + inner
      }
      return nil
    default:
      return nil
    }
  }

  private func callSource(_ callee: SwiftExpr, _ arguments: [SwiftArgument], at value: SwiftExpr) throws -> String? {
    var type = callee
    if case .specialized(let generic, _) = callee.kind { type = generic }
    switch type.kind {
    case .identifier(let name):
      return try namedSource(name, arguments, at: value)
    case .member(let base?, "autoconnect") where arguments.isEmpty:
      return try timerSource(base)
    case .member(let base?, let name):
      if case .identifier("Publishers") = base.kind { return try publishersStruct(name, arguments, at: value) }
      if case .identifier("self") = base.kind, let helper = helpers[name] {
        return try inline(helper, arguments, at: value)
      }
      return nil
    default:
      return nil
    }
  }

  private func namedSource(_ name: String, _ arguments: [SwiftArgument], at value: SwiftExpr) throws -> String? {
    switch name {
    case "Just":
      guard arguments.count == 1 else { throw failure("`Just` takes one value", at: value.range) }
      return "just " + (try expression(arguments[0].value))
    case "Empty":
      if let complete = arguments.first(where: { $0.label == "completeImmediately" }),
        case .bool(false) = complete.value.kind
      {
        return "never"
      }
      return "empty"
    case "Fail":
      // `Fail(error: e)`, or `Fail(outputType: Int.self, failure: e)`.
      guard let error = arguments.first(where: { $0.label == "error" || $0.label == "failure" }) else {
        throw failure("`Fail` needs its error", at: value.range, expected: "`Fail(error: SearchError.offline)`")
      }
      return "fail " + errorMessage(error.value)
    case "Future":
      return try futureSource(arguments, at: value)
    case "Deferred":
      guard let body = arguments.last, case .closure(let closure) = body.value.kind else {
        throw failure("`Deferred` needs a closure that makes the publisher", at: value.range)
      }
      let (result, scope) = try closureResult(closure)
      var inner = self
      inner.substitutions.append(scope)
      return "deferred { \(try inner.stream(result).trimmingBraces) }"
    case "Script":
      return try scriptSource(arguments, at: value)
    case "Interval":
      guard let period = arguments.first(where: { $0.label == "period" }) else { return nil }
      return "interval " + (try durationText(period.value))
    case "PassthroughSubject", "CurrentValueSubject":
      throw failure(
        "bind the subject to a name first, so the code can send to it", at: value.range,
        expected: "`let subject = PassthroughSubject<Int, Never>()`, then `subject.send(1)`")
    default:
      if let helper = helpers[name] { return try inline(helper, arguments, at: value) }
      if let advice = UnsupportedSwift.advice(forType: name) {
        throw failure(advice.message, at: value.range, expected: advice.instead)
      }
      return nil
    }
  }

  /// `Timer.publish(every: 1, on: .main, in: .common)` before `.autoconnect()`.
  private func timerSource(_ base: SwiftExpr) throws -> String? {
    guard case .call(let callee, let arguments) = base.kind, case .member(let timer?, "publish") = callee.kind,
      case .identifier("Timer") = timer.kind, let every = arguments.first(where: { $0.label == "every" })
    else { return nil }
    return "interval " + (try durationText(every.value))
  }

  /// `Publishers.Merge(a, b)`, `Publishers.CombineLatest(a, b)`, `Publishers.Zip(a, b)`:
  /// the first publisher, then the operator with the others.
  private func publishersStruct(_ name: String, _ arguments: [SwiftArgument], at value: SwiftExpr) throws -> String? {
    let keyword: String
    switch name {
    case "Merge", "Merge3", "Merge4", "MergeMany": keyword = "merge"
    case "CombineLatest", "CombineLatest3", "CombineLatest4": keyword = "combineLatest"
    case "Zip", "Zip3", "Zip4": keyword = "zip"
    default:
      throw failure(
        "streamlab reads `Publishers.\(name)` as the operator method", at: value.range,
        expected: "the method form, such as `a.merge(with: b)`")
    }
    guard arguments.count >= 2, let first = try pipeline(arguments[0].value) else {
      throw failure("`Publishers.\(name)` needs two publishers or more", at: value.range)
    }
    let others = try arguments.dropFirst().map { try stream($0.value) }
    return "\(first) | \(keyword) \(others.joined(separator: ", "))"
  }

  /// `Future { promise in promise(.success(42)) }` is `future 0ms 42`; a
  /// promise fulfilled in `asyncAfter(deadline: .now() + D)` or
  /// `schedule(after: scheduler.now.advanced(by: D))` is `future D 42`. A
  /// promise that fails becomes a `future` whose value `tryMap` turns into that failure.
  private func futureSource(_ arguments: [SwiftArgument], at value: SwiftExpr) throws -> String {
    guard let body = arguments.last, case .closure(let closure) = body.value.kind,
      let promise = closure.parameters.first
    else {
      throw failure("`Future` needs a closure with a promise", at: value.range, expected: "`Future { promise in … }`")
    }
    var delay = "0ms"
    var statements = closure.body
    if statements.count == 1, case .expression(let scheduled) = statements[0].kind,
      case .call(let callee, let scheduleArguments) = scheduled.kind,
      case .member(_?, let method) = callee.kind, ["schedule", "asyncAfter"].contains(method),
      let deadline = scheduleArguments.first(where: { ["after", "deadline"].contains($0.label ?? "") }),
      let inner = scheduleArguments.last, case .closure(let fulfil) = inner.value.kind
    {
      var relative = self
      relative.now = 0
      guard let time = try relative.absoluteTime(deadline.value) else {
        throw failure(
          "streamlab cannot tell when `\(source(deadline.value.range))` is", at: deadline.value.range,
          expected: "`.now() + .milliseconds(200)` or `scheduler.now.advanced(by: .milliseconds(200))`")
      }
      delay = ShortProgram.time(time)
      statements = fulfil.body
    }
    guard statements.count == 1, case .expression(let call) = statements[0].kind,
      case .call(let callee, let promiseArguments) = call.kind, case .identifier(promise) = callee.kind,
      promiseArguments.count == 1, case .call(let result, let resultArguments) = promiseArguments[0].value.kind,
      case .member(nil, let outcome) = result.kind, resultArguments.count == 1
    else {
      throw failure(
        "streamlab reads a `Future` that fulfils its promise once, at once or after a delay", at: closure.range,
        expected:
          "`promise(.success(42))`, inside `DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) { … }` for a delay"
      )
    }
    switch outcome {
    case "success":
      return "future \(delay) \(try expression(resultArguments[0].value, precedence: 9))"
    case "failure":
      return "future \(delay) 0 | tryMap fail(\(errorMessage(resultArguments[0].value)))"
    default:
      throw failure("expected `.success(value)` or `.failure(error)`", at: result.range)
    }
  }

  /// The exporter's `Script<T, E, S>(events: [(.milliseconds(100), .value(1)), …], scheduler:)`: `events`.
  private func scriptSource(_ arguments: [SwiftArgument], at value: SwiftExpr) throws -> String {
    guard let events = arguments.first(where: { $0.label == "events" }), case .array(let entries) = events.value.kind
    else { throw failure("`Script` needs its events", at: value.range) }
    let sends = try entries.map { entry -> String in
      guard case .tuple(let pair) = entry.kind, pair.count == 2 else {
        throw failure("expected `(time, event)`", at: entry.range)
      }
      let time = ShortProgram.time(try duration(pair[0].value))
      let event = pair[1].value
      if case .call(let callee, let eventArguments) = event.kind, case .member(nil, "value") = callee.kind,
        eventArguments.count == 1
      {
        return "\(time):\(try expression(eventArguments[0].value))"
      }
      return "\(time):\(try completionEvent(event))"
    }
    return "events " + sends.joined(separator: ", ")
  }

  /// A helper defined in the paste, called with `arguments`: its returned
  /// publisher, its parameters standing for the arguments' text.
  private func inline(_ helper: SwiftFunction, _ arguments: [SwiftArgument], at value: SwiftExpr) throws -> String? {
    guard inliningDepth < 20 else {
      throw failure("`\(helper.name)` calls itself too deeply for streamlab to inline", at: value.range)
    }
    var scope: [String: String] = [:]
    for (parameter, argument) in zip(helper.parameters, arguments) {
      scope[parameter.name] = try expression(argument.value, precedence: 9)
    }
    let closure = SwiftClosure(parameters: [], body: helper.body, range: helper.range)
    var inner = self
    inner.inliningDepth += 1
    inner.substitutions.append(scope)
    let (result, locals) = try inner.closureResult(closure)
    inner.substitutions.append(locals)
    guard let pipeline = try inner.pipeline(result) else {
      throw failure(
        "`\(helper.name)` does not return a publisher streamlab can read", at: result.range,
        expected: "a publisher, such as `Just(query).delay(for: .milliseconds(300), scheduler: RunLoop.main)`")
    }
    return pipeline
  }
}

extension String {
  /// `{ PIPELINE }` without its braces; a bare name as it is.
  var trimmingBraces: String {
    guard hasPrefix("{ "), hasSuffix(" }") else { return self }
    return String(dropFirst(2).dropLast(2))
  }
}
