import StreamLang

// Combine's operator methods, with their argument labels and trailing
// closures, as stages of the short form. Scheduler arguments are dropped:
// every scheduler is the one virtual clock.
extension SwiftLowering {
  /// The stage `method(arguments)` stands for; nil for a method that only
  /// changes the Swift type and adds no stage.
  func operatorStage(
    _ method: String, _ arguments: [SwiftArgument], at value: SwiftExpr, callee: SwiftExpr
  ) throws -> String? {
    let site = OperatorSite(lowering: self, method: method, arguments: arguments, range: value.range)
    switch method {
    case "map", "tryMap", "compactMap", "tryCompactMap", "filter", "tryFilter", "allSatisfy", "tryAllSatisfy":
      return "\(method) \(try site.closure())"
    case "mapError":
      return "mapError \(try mapErrorText(site))"
    case "scan", "tryScan", "reduce", "tryReduce":
      return "\(method) \(try site.value(at: 0)), \(try site.closure())"
    case "flatMap":
      var text = "flatMap"
      if let limit = site.labelled("maxPublishers") {
        if case .call(_, let max) = limit.kind, let count = max.first {
          text += " max \(try expression(count.value))"
        }
      }
      return "\(text) \(try site.closure(braced: true))"
    case "switchToLatest", "removeDuplicates", "ignoreOutput", "measureInterval", "share", "count", "min", "max",
      "multicast":
      if method == "removeDuplicates", site.closureArgument != nil {
        return "removeDuplicates by \(try site.closure(braced: true))"
      }
      if ["min", "max"].contains(method), site.closureArgument != nil {
        throw OperatorSite.outsideSubset(self, method: "\(method)(by:)", at: value.range, instead: "`\(method)()`")
      }
      if method == "share", let argument = arguments.first {
        throw failure(
          "`share` takes no arguments in Combine: `share(replay:scope:)` is RxSwift's", at: argument.value.range,
          expected: "`share()`, which replays nothing to a late subscriber",
          note: "to hand a late subscriber the latest value, put a `CurrentValueSubject` in front of the subscribers")
      }
      if method == "multicast", !isPassthroughSubjectMaker(arguments) {
        throw failure(
          "streamlab's `multicast` takes a `PassthroughSubject`; another subject would change what each "
            + "subscriber sees (a `CurrentValueSubject` sends its current value first)", at: value.range,
          expected: "`multicast(subject: PassthroughSubject())` or `multicast { PassthroughSubject() }`")
      }
      return method
    case "first", "last", "tryFirst", "tryLast":
      guard site.closureArgument != nil else { return method }
      return "\(method) where \(try site.closure())"
    case "prefix", "exactPrefix", "dropFirst", "drop", "exactDrop", "tryPrefix", "tryDrop":
      let keyword = method == "exactPrefix" ? "prefix" : method == "exactDrop" ? "drop" : method
      if site.labelled("while") != nil || (site.closureArgument != nil && site.unlabelled.isEmpty) {
        return "\(keyword == "dropFirst" ? "drop" : keyword) while \(try site.closure())"
      }
      if let trigger = site.labelled("untilOutputFrom") {
        return "\(keyword == "dropFirst" ? "drop" : keyword) untilOutputFrom \(try stream(trigger))"
      }
      guard !site.unlabelled.isEmpty else { return keyword }
      return "\(keyword) \(try site.value(at: 0))"
    case "output", "exactOutput":
      guard let index = site.labelled("at") else {
        throw OperatorSite.outsideSubset(self, method: "output(in:)", at: value.range, instead: "`output(at: 2)`")
      }
      return "output at \(try expression(index))"
    case "collect":
      return try collectText(site)
    case "debounce", "delay":
      return "\(method) \(try durationText(try site.required("for")))"
    case "throttle":
      var text = "throttle \(try durationText(try site.required("for")))"
      // Combine's throttle(for:scheduler:latest:) has no default for `latest:`, so swiftc refuses a call without it.
      guard let latest = site.labelled("latest") else {
        // Where swiftc points: the `)` after the last argument, where `latest:` goes.
        let end = arguments.last { !$0.isTrailing }?.range.end
        throw failure(
          "missing argument for parameter 'latest' in call: Combine's `throttle` has no default for `latest:`",
          at: end.map { SourceRange(start: $0, end: $0 + 1) } ?? value.range,
          expected: "`, latest: true` (the newest value of each window) or `, latest: false` (the first)")
      }
      if case .bool(false) = latest.kind { text += " latest: false" }
      return text
    case "timeout":
      guard let interval = site.unlabelled.first else { throw site.missing("the time") }
      var text = "timeout \(try durationText(interval))"
      if let custom = site.labelled("customError"), case .closure(let closure) = custom.kind {
        text += " fail \(errorMessage(try closureResult(closure).value))"
      }
      return text
    case "merge":
      let others = site.labelled("with").map { [$0] } ?? []
      return "merge " + (try (others + site.unlabelled).map { try stream($0) }).joined(separator: ", ")
    case "zip", "exactZip", "combineLatest":
      let keyword = method == "exactZip" ? "zip" : method
      var text = "\(keyword) " + (try site.unlabelled.map { try stream($0) }).joined(separator: ", ")
      if site.closureArgument != nil { text += " \(try site.closure(braced: true))" }
      return text
    case "append", "prepend":
      if site.unlabelled.count == 1, try pipeline(site.unlabelled[0]) != nil {
        return "\(method) \(try stream(site.unlabelled[0]))"
      }
      var values = site.unlabelled
      if values.count == 1, case .array(let elements) = values[0].kind { values = elements }
      return "\(method) " + (try values.map { try expression($0) }).joined(separator: ", ")
    case "catch", "tryCatch":
      guard let handler = site.closureArgument, case .closure(let closure) = handler.kind else {
        throw site.missing("a closure returning the publisher to switch to")
      }
      // A closure that reads the error (`{ e in try e.message == "x" ? fail(…) : Just(0) }`) is the
      // language's own `{ e in … }`: the error is bound as its message, each branch a publisher or `fail(…)`.
      // `catch { error in Just([]) }` ignores its error: the language's `catch { just [] }`.
      let readsTheError = closure.parameters.contains { name in
        name != "_"
          && closure.bodyContains { expression in
            if case .identifier(name) = expression.kind { return true }
            return false
          }
      }
      if readsTheError {
        // The language's `catch` takes one fallback stream; only `tryCatch` reads the error.
        guard method == "tryCatch" else {
          throw failure(
            "streamlab's `catch` switches to one fallback, whatever the error: this closure reads the error",
            at: closure.range,
            expected: "a fallback that does not read it (`.catch { _ in Just(0) }`), or `.tryCatch { error in … }`")
        }
        return "\(method) \(try closureText(closure, braced: true))"
      }
      let (result, scope) = try closureResult(closure)
      var inner = self
      inner.substitutions.append(scope)
      return "\(method) \(try inner.stream(result))"
    case "replaceError", "replaceEmpty", "exactReplaceEmpty":
      return "\(method == "exactReplaceEmpty" ? "replaceEmpty" : method) \(try expression(try site.required("with")))"
    case "replaceNil":
      return "replaceNil \(try expression(try site.required("with")))"
    case "retry":
      return "retry \(try site.value(at: 0))"
    case "contains":
      guard site.closureArgument == nil else {
        throw OperatorSite.outsideSubset(
          self, method: "contains(where:)", at: value.range, instead: "`contains(3)` or `allSatisfy { … }`")
      }
      return "contains \(try site.value(at: 0))"
    case "eraseToAnyPublisher", "setFailureType", "makeConnectable", "autoconnect":
      // Kept: erase and setFailureType change the types the checker gives the stages after them.
      return method
    case "print", "assertNoFailure":
      // `print("tag")`, `assertNoFailure("check")`: the prefix is the one unlabelled argument.
      guard let prefix = site.unlabelled.first else { return method }
      return "\(method) \(try expression(prefix))"
    case "receive", "subscribe":
      return "\(method) on \(schedulerName(try site.required("on")))"
    case "buffer", "exactBuffer":
      return try bufferText(site)
    case "handleEvents":
      return try handleEventsText(site)
    case "breakpoint", "breakpointOnError":
      // They stop a debugger, never the stream: the timelines are the same without them.
      return nil
    default:
      throw OperatorSite.unknown(self, method: method, at: callee.range)
    }
  }

  /// `mapError { ProgramError(message: "wrapped: " + $0.message) }` is
  /// `mapError "wrapped: " + x`; `mapError { _ in SearchError.offline }` is `mapError "offline"`.
  private func mapErrorText(_ site: OperatorSite) throws -> String {
    guard let argument = site.closureArgument, case .closure(let closure) = argument.kind else {
      throw site.missing("a closure returning the new error")
    }
    let (result, _) = try closureResult(closure)
    switch result.kind {
    case .call(let callee, let arguments):
      if case .identifier("ProgramError") = callee.kind, arguments.count == 1 { return try site.closure() }
      return errorMessage(result)
    case .member:
      return errorMessage(result)
    default:
      return try site.closure()
    }
  }

  /// `collect()`, `collect(3)`, `collect(.byTime(s, .milliseconds(300)))`,
  /// `collect(.byTimeOrCount(s, .milliseconds(300), 3))`.
  private func collectText(_ site: OperatorSite) throws -> String {
    guard let argument = site.unlabelled.first else { return "collect" }
    if case .call(let callee, let strategy) = argument.kind, case .member(nil, let kind) = callee.kind {
      switch (kind, strategy.count) {
      case ("byTime", 2): return "collect \(try durationText(strategy[1].value))"
      case ("byTimeOrCount", 3):
        return "collect \(try durationText(strategy[1].value)) or \(try expression(strategy[2].value))"
      default: break
      }
    }
    return "collect \(try expression(argument))"
  }
}

/// One operator call's arguments, looked up by label, with the messages for
/// what is missing or outside the subset.
struct OperatorSite {
  var lowering: SwiftLowering
  var method: String
  var arguments: [SwiftArgument]
  var range: SourceRange

  /// The unlabelled, non-closure arguments in order.
  var unlabelled: [SwiftExpr] {
    arguments.filter { $0.label == nil && !$0.isTrailing && !$0.value.isClosure }.map(\.value)
  }

  /// The trailing closure, or the one passed by label (`first(where: { … })`, `.map(transform)` excluded).
  var closureArgument: SwiftExpr? {
    arguments.first { $0.value.isClosure }?.value
  }

  func labelled(_ label: String) -> SwiftExpr? {
    arguments.first { $0.label == label }?.value
  }

  func required(_ label: String) throws -> SwiftExpr {
    guard let value = labelled(label) else { throw missing("`\(label):`") }
    return value
  }

  func value(at index: Int) throws -> String {
    guard index < unlabelled.count else { throw missing("a value") }
    return try lowering.expression(unlabelled[index])
  }

  /// The closure argument as the short form writes it.
  func closure(braced: Bool = false) throws -> String {
    guard let argument = closureArgument, case .closure(let closure) = argument.kind else {
      if let function = arguments.first?.value, case .identifier(let name) = function.kind {
        throw lowering.failure(
          "streamlab reads `\(method)` with a closure, not a function name", at: function.range,
          expected: "`{ \(name)($0) }`")
      }
      throw missing("a closure, such as `{ $0 * 2 }`")
    }
    var reading = lowering
    reading.destructuresTuple = TupleDestructuring.destructures(closure, passedTo: method)
    return try reading.closureText(closure, braced: braced)
  }

  func missing(_ what: String) -> SwiftLowering.Failure {
    lowering.failure("`\(method)` needs \(what) here", at: range)
  }

  static func outsideSubset(_ lowering: SwiftLowering, method: String, at range: SourceRange, instead: String)
    -> SwiftLowering.Failure
  {
    lowering.failure("streamlab cannot run `\(method)`", at: range, expected: instead)
  }

  static func unknown(_ lowering: SwiftLowering, method: String, at range: SourceRange) -> SwiftLowering.Failure {
    if let advice = UnsupportedSwift.advice(forOperator: method) {
      return lowering.failure(advice.message, at: range, expected: advice.instead)
    }
    var diagnostic = Diagnostic("streamlab has no operator `\(method)`", at: range)
    diagnostic.suggestion = UnsupportedSwift.nearestOperator(to: method)
    return SwiftLowering.Failure(diagnostic: diagnostic)
  }
}

extension SwiftLowering {
  /// Every scheduler is the one virtual clock; only `ImmediateScheduler.shared`,
  /// which does not hop, keeps its name.
  fileprivate func schedulerName(_ scheduler: SwiftExpr) -> String {
    if case .member(let base?, "shared") = scheduler.kind, case .identifier("ImmediateScheduler") = base.kind {
      return "ImmediateScheduler.shared"
    }
    return "main"
  }

  /// `.buffer(size: 2, prefetch: .keepFull, whenFull: .dropOldest)`, and
  /// `.customError { ProgramError(message: "full") }` as `fail "full"`.
  fileprivate func bufferText(_ site: OperatorSite) throws -> String {
    var text = "buffer \(try expression(try site.required("size")))"
    if let prefetch = site.labelled("prefetch"), case .member(nil, let name) = prefetch.kind {
      text += " prefetch: \(name)"
    }
    guard let whenFull = site.labelled("whenFull") else { return text }
    switch whenFull.kind {
    case .member(nil, let name): return text + " whenFull: \(name)"
    case .call(let callee, let arguments):
      guard case .member(nil, "customError") = callee.kind, let handler = arguments.first?.value,
        case .closure(let closure) = handler.kind
      else { throw site.missing("`whenFull: .dropOldest`, `.dropNewest` or `.customError { … }`") }
      return text + " whenFull: fail \(errorMessage(try closureResult(closure).value))"
    default:
      throw site.missing("`whenFull: .dropOldest`, `.dropNewest` or `.customError { … }`")
    }
  }

  /// `.handleEvents(receiveOutput: { print("got \\($0)") }, receiveCancel: { print("c") })`:
  /// each closure that prints one expression becomes that label and expression.
  fileprivate func handleEventsText(_ site: OperatorSite) throws -> String {
    var handlers: [String] = []
    for event in HandledEvent.allCases {
      guard let argument = site.labelled(event.combineLabel) else { continue }
      guard case .closure(let closure) = argument.kind else {
        throw site.missing("a closure for `\(event.combineLabel):`")
      }
      let (result, _) = try closureResult(closure)
      guard case .call(let callee, let printed) = result.kind, case .identifier("print") = callee.kind,
        printed.count == 1
      else {
        throw failure(
          "streamlab reads `handleEvents` closures that `print` one value, like `{ print($0) }`", at: argument.range)
      }
      // The closure's parameter names stand for the event in the expression.
      var inner = self
      inner.substitutions.append(Dictionary(uniqueKeysWithValues: closure.parameters.map { ($0, shortName($0)) }))
      let body = try inner.expression(printed[0].value)
      let named = closure.parameters.filter { $0 != "_" }.map(shortName)
      guard event == .output, let parameter = named.first else {
        handlers.append("\(event.rawValue): \(body)")
        continue
      }
      handlers.append("\(event.rawValue): { \(parameter) in \(body) }")
      continue
    }
    guard !handlers.isEmpty else { throw site.missing("a closure such as `receiveOutput: { print($0) }`") }
    return "handleEvents " + handlers.joined(separator: ", ")
  }

  /// `subject: PassthroughSubject<…>()` or `{ PassthroughSubject<…>() }`: the one subject `multicast` is read with.
  private func isPassthroughSubjectMaker(_ arguments: [SwiftArgument]) -> Bool {
    guard arguments.count == 1 else { return false }
    var value = arguments[0].value
    if case .closure(let closure) = value.kind {
      guard closure.body.count == 1 else { return false }
      switch closure.body[0].kind {
      case .expression(let made), .returnValue(let made?): value = made
      default: return false
      }
    }
    guard case .call(var callee, let constructorArguments) = value.kind, constructorArguments.isEmpty else {
      return false
    }
    if case .specialized(let generic, _) = callee.kind { callee = generic }
    if case .identifier("PassthroughSubject") = callee.kind { return true }
    return false
  }
}
