import StreamCore
import StreamLang

// Subscriptions, cancels, connects, sends, and the virtual times they happen
// at: `schedule(after:)`, `asyncAfter(deadline:)`, test-scheduler steps.
extension SwiftLowering {
  /// `PUBLISHER.sink(…)`, `.assign(…)`, either one `.store(in:)`: a
  /// subscription at the current time, kept under `handle` so a later
  /// `cancel()` finds it. `bare` subscribes a publisher nobody sinks, as a
  /// bare pipeline of the short form is. Nil when `expression` is none of these.
  @discardableResult
  mutating func subscribe(_ expression: SwiftExpr, handle: String?, bare: Bool = false) throws -> Int? {
    var chain = expression
    var isStored = handle != nil && handle != "_"
    var set: String?
    if case .call(let callee, let arguments) = chain.kind, case .member(let base?, "store") = callee.kind {
      chain = base
      isStored = true
      if let target = arguments.first?.value, case .inoutArgument(let held) = target.kind { set = Self.handleKey(held) }
    }
    let upstream: SwiftExpr
    if bare {
      upstream = chain
      isStored = true
    } else {
      guard case .call(let callee, let arguments) = chain.kind, case .member(let base?, let method) = callee.kind,
        ["sink", "assign"].contains(method)
      else { return nil }
      upstream = base
      // `assign(to: &$property)` lives as long as the property: no AnyCancellable to keep.
      if method == "assign", let target = arguments.first(where: { $0.label == "to" }),
        case .inoutArgument = target.value.kind
      {
        isStored = true
      }
    }
    guard let pipeline = try pipeline(upstream) else {
      throw failure(
        "streamlab cannot tell which publisher `\(source(upstream.range))` is", at: upstream.range,
        expected: "a publisher: `Just`, `[…].publisher`, a subject, or a name bound to one")
    }
    try orderSendsBefore(subscribing: pipeline, at: upstream.range)
    let number = program.subscriptions.count
    if let set { storedIn[set, default: []].append(number) }
    program.subscriptions.append(
      ShortProgram.Subscription(
        pipeline: pipeline, subscribeAt: now, cancelAt: nil, scheduledFrom: scheduledFrom,
        strongCapture: Self.strongCapture(in: chain)))
    program.append(.subscription(number), from: currentStatement)
    if !isStored {
      // Nothing holds the AnyCancellable, so Swift releases it, and cancels the subscription, at once.
      cancel(number)
      program.notes.append(
        "the AnyCancellable of the subscription at \(ShortProgram.time(now)) is not stored, so Combine cancels it "
          + "at once: keep it (`let c = …`, `.store(in: &cancellables)`) to see later values")
    }
    return number
  }

  /// Swift runs statements in order: a send made before a subscription at
  /// the same instant is missed by it (a `CurrentValueSubject` hands it the
  /// new value instead). The short form subscribes first at an instant, so
  /// such sends are rewritten to what Swift does where nobody heard them
  /// (a `PassthroughSubject` drops them; at 0ms a `CurrentValueSubject`
  /// starts with the last one), and refused where an earlier subscriber did.
  private mutating func orderSendsBefore(subscribing pipeline: String, at range: SourceRange) throws {
    let reached = program.namesReached(from: pipeline)
    for name in program.subjects.keys.sorted() where reached.contains(name) {
      guard var subject = program.subjects[name] else { continue }
      let before = subject.sends.indices.filter { index in
        guard subject.sends[index].time == now else { return false }
        // A send still waiting in a closure scheduled at this instant comes after a top-level subscription.
        let sendWaits = index < subject.sendScheduledFrom.count && subject.sendScheduledFrom[index] == now
        return !(sendWaits && scheduledFrom == nil)
      }
      guard !before.isEmpty else { continue }
      let heard = program.subscriptions.contains { earlier in
        earlier.subscribeAt <= now && (earlier.cancelAt.map { $0 > now } ?? true)
          && program.reaches(earlier.pipeline, subject: name)
      }
      let values = before.filter { subject.sends[$0].event != "|" && !subject.sends[$0].event.hasPrefix("#") }
      guard !values.isEmpty else { continue }
      let time = ShortProgram.time(now)
      if !heard, subject.initial == nil {
        program.notes.append(
          "`\(name)` is sent \(values.map { subject.sends[$0].event }.joined(separator: ", ")) at \(time) before "
            + "anything subscribes to it: a PassthroughSubject drops what nobody hears, as Swift does")
        for index in values.reversed() {
          subject.sends.remove(at: index)
          if index < subject.sendScheduledFrom.count { subject.sendScheduledFrom.remove(at: index) }
        }
        program.subjects[name] = subject
        continue
      }
      if !heard, now == 0, values.count == before.count, values.count == subject.sends.count,
        let last = values.last
      {
        program.notes.append(
          "`\(name)` holds \(subject.sends[last].event) when it is first subscribed to at 0ms: a subscriber of a "
            + "CurrentValueSubject gets the value it holds then, as Swift does")
        subject.initial = subject.sends[last].event
        subject.sends = []
        subject.sendScheduledFrom = []
        program.subjects[name] = subject
        continue
      }
      throw failure(
        "in Swift this subscription comes after `\(name)`'s send at \(time), so it \(subject.initial == nil ? "misses it" : "gets only the value it leaves"), "
          + "while the subscriber before it heard the send; streamlab cannot yet order one instant's sends "
          + "and subscriptions", at: range,
        expected: "the subscriptions before the sends, or the sends later (`scheduler.advance(by:)`, `asyncAfter`)")
    }
  }

  /// Cancels subscription `number` now, unless it was cancelled before.
  mutating func cancel(_ number: Int) {
    if program.subscriptions[number].cancelAt == nil { program.subscriptions[number].cancelAt = now }
  }

  /// `NAME.connect()`: connects a `multicast` bound to NAME now.
  mutating func connect(_ expression: SwiftExpr) throws -> Bool {
    guard case .call(let callee, let arguments) = expression.kind, arguments.isEmpty,
      case .member(let base?, "connect") = callee.kind
    else { return false }
    let name = Self.handleKey(base)
    guard case .publisher? = bindings[name] else {
      throw failure(
        "`\(name)` is not a publisher bound with `let`", at: base.range,
        expected: "a name bound to `….multicast(subject: PassthroughSubject())` or `.makeConnectable()`")
    }
    program.append(.connect(name: shortName(name), at: now), from: currentStatement)
    return true
  }

  /// `scheduler.schedule { … }`, `schedule(after: T) { … }`,
  /// `DispatchQueue.main.asyncAfter(deadline: T) { … }`, `async { … }`:
  /// the closure's statements run at that time.
  mutating func schedule(_ expression: SwiftExpr) throws -> Bool {
    guard case .call(let callee, let arguments) = expression.kind, case .member(_?, let method) = callee.kind,
      ["schedule", "asyncAfter", "async"].contains(method),
      let body = arguments.last, case .closure(let closure) = body.value.kind
    else { return false }
    if arguments.contains(where: { $0.label == "interval" }) {
      throw failure(
        "streamlab reads repeating `schedule(after:interval:)` actions as a publisher", at: expression.range,
        expected: "`Timer.publish(every:on:in:).autoconnect()` for a repeating tick")
    }
    var time = now
    if let deadline = arguments.first(where: { ["after", "deadline", "wallDeadline"].contains($0.label ?? "") }) {
      guard let absolute = try absoluteTime(deadline.value) else {
        throw failure(
          "streamlab cannot tell when `\(source(deadline.value.range))` is", at: deadline.value.range,
          expected: "`scheduler.now.advanced(by: .milliseconds(200))` or `.now() + .milliseconds(200)`")
      }
      time = max(absolute, now)
    }
    let (savedNow, savedScheduledFrom) = (now, scheduledFrom)
    if scheduledFrom == nil { scheduledFrom = now }
    now = time
    defer { (now, scheduledFrom) = (savedNow, savedScheduledFrom) }
    try lowerBody(closure.body)
    return true
  }

  /// The event of `subject.send(…)` as a timed send: a value, `|` or `#"message"`.
  func sendEvent(_ arguments: [SwiftArgument], at range: SourceRange) throws -> String {
    guard let argument = arguments.first, arguments.count == 1 else {
      throw failure(
        "streamlab sends one value at a time", at: range, expected: "`subject.send(1)` or `send(completion: .finished)`"
      )
    }
    guard argument.label == "completion" else { return try expression(argument.value) }
    return try completionEvent(argument.value)
  }

  /// `.finished` is `|`; `.failure(error)` is `#"message"`.
  func completionEvent(_ completion: SwiftExpr) throws -> String {
    switch completion.kind {
    case .member(nil, "finished"):
      return "|"
    case .call(let callee, let arguments) where arguments.count == 1:
      if case .member(nil, "failure") = callee.kind { return "#" + errorMessage(arguments[0].value) }
    default:
      break
    }
    throw failure(
      "expected `.finished` or `.failure(error)`", at: completion.range,
      expected: "`send(completion: .finished)`")
  }

  /// An error's message as a string literal of the short form:
  /// `ProgramError(message: "down")` is `"down"`, `SearchError.offline` and
  /// `URLError(.notConnectedToInternet)` their case names.
  func errorMessage(_ error: SwiftExpr) -> String {
    switch error.kind {
    case .string(let parts) where parts.count <= 1:
      if case .text(let message)? = parts.first { return TextEscaping.swiftStringLiteral(message) }
      return "\"\""
    case .member(_, let name):
      return TextEscaping.swiftStringLiteral(name)
    case .call(_, let arguments) where arguments.count == 1:
      return errorMessage(arguments[0].value)
    case .call(let callee, _):
      return errorMessage(callee)
    case .identifier(let name):
      return TextEscaping.swiftStringLiteral(name)
    default:
      return TextEscaping.swiftStringLiteral(source(error.range))
    }
  }

  /// Records a send to subject `name` at the current time.
  /// `range` is the value sent, and `wording` how Swift words its being of the wrong type.
  mutating func send(
    _ event: String, to name: String, at range: SourceRange,
    wording: SubjectValueCheck.Value.Wording = .argument
  ) throws {
    let key = shortName(name)
    // A top-level send after a subscription scheduled for this same instant comes first in Swift.
    if scheduledFrom == nil,
      program.subscriptions.contains(where: {
        $0.scheduledFrom == now && $0.subscribeAt == now && $0.cancelAt == nil
          && program.reaches($0.pipeline, subject: key)
      })
    {
      throw failure(
        "in Swift this send runs before the subscription scheduled for \(ShortProgram.time(now)) above it, "
          + "which then misses it; streamlab cannot yet order one instant's sends and subscriptions", at: range,
        expected: "the send inside a `schedule` closure after the subscription's, or at a later time")
    }
    program.subjects[key, default: ShortProgram.Subject()].sends.append((now, event))
    program.subjects[key]?.sendScheduledFrom.append(scheduledFrom)
    guard event != "|", !event.hasPrefix("#") else { return }
    program.subjects[shortName(name)]?.values.append(
      SubjectValueCheck.Value(text: event, range: range, wording: wording))
  }

  /// `PassthroughSubject<T, E>()` or `CurrentValueSubject<T, E>(initial)`.
  func subjectConstructor(_ expression: SwiftExpr) throws -> ShortProgram.Subject? {
    guard case .call(let callee, let arguments) = expression.kind else { return nil }
    var type = callee
    if case .specialized(let generic, _) = callee.kind { type = generic }
    guard case .identifier(let name) = type.kind else { return nil }
    switch name {
    case "PassthroughSubject" where arguments.isEmpty:
      return ShortProgram.Subject()
    case "CurrentValueSubject" where arguments.count == 1:
      let initial = try self.expression(arguments[0].value)
      var subject = ShortProgram.Subject(initial: initial)
      subject.values = [SubjectValueCheck.Value(text: initial, range: arguments[0].value.range, wording: .argument)]
      return subject
    case "PublishedProperty" where arguments.count == 1:
      // The export preamble's stand-in for an `@Published var`: its `$value` is the publisher.
      return ShortProgram.Subject(initial: try self.expression(arguments[0].value), isPublished: true)
    default:
      return nil
    }
  }

  // MARK: Times

  /// A point in virtual time, in nanoseconds: `start`, `scheduler.now`,
  /// `.now()`, `X.advanced(by: D)`, `X + D`. Nil when `expression` is none.
  func absoluteTime(_ expression: SwiftExpr) throws -> Int? {
    switch expression.kind {
    case .identifier(let name):
      if case .time(let time)? = bindings[name] { return time }
      return nil
    case .member(_, "now"):
      return now
    case .call(let callee, let arguments):
      if case .member(_, "now") = callee.kind, arguments.isEmpty { return now }
      if case .member(let base?, "advanced") = callee.kind, let by = arguments.first, arguments.count == 1,
        let start = try absoluteTime(base)
      {
        return start + (try duration(by.value))
      }
      return nil
    case .binary("+", let left, let right):
      guard let start = try absoluteTime(left) else { return nil }
      return start + (try duration(right))
    default:
      return nil
    }
  }

  /// A scheduler stride known before the run, in nanoseconds:
  /// `.milliseconds(300)`, `.seconds(1)`, `.zero`, or a number of seconds (`0.3`).
  func duration(_ expression: SwiftExpr) throws -> Int {
    guard let nanoseconds = try staticDuration(expression) else {
      throw failure(
        "streamlab needs a time it can work out before the run here", at: expression.range,
        expected: "a time such as `.milliseconds(300)` or `.seconds(1)`")
    }
    return nanoseconds
  }

  /// The stride in nanoseconds, or nil when it depends on a value.
  func staticDuration(_ expression: SwiftExpr) throws -> Int? {
    if let seconds = Self.number(expression) { return try nanoseconds(seconds * 1e9, at: expression) }
    guard let (unit, amount) = try durationParts(expression) else { return nil }
    guard let amount else { return 0 }
    guard let value = Self.number(amount) else { return nil }
    return try nanoseconds(value * Double(unit), at: expression)
  }

  /// A stride as whole nanoseconds. `Int(_:)` traps on a Double beyond
  /// `Int`'s range, so a pasted `.milliseconds(9223372036854775807)` (found
  /// by fuzzing) is refused at its position instead.
  private func nanoseconds(_ value: Double, at expression: SwiftExpr) throws -> Int {
    let rounded = value.rounded()
    guard rounded.isFinite, abs(rounded) < 9.2e18 else {
      throw failure(
        "this time is too long for streamlab's clock (at most about 292 years)", at: expression.range,
        expected: "a time such as `.milliseconds(300)` or `.seconds(1)`")
    }
    return Int(rounded)
  }

  /// `.milliseconds(E)`: the unit in nanoseconds and E; `.zero` has no E.
  func durationParts(_ expression: SwiftExpr) throws -> (unit: Int, amount: SwiftExpr?)? {
    switch expression.kind {
    case .member(_, "zero"), .member(_, "immediate"):
      return (1, nil)
    case .call(let callee, let arguments) where arguments.count == 1:
      guard case .member(_, let name) = callee.kind else { return nil }
      let units = ["nanoseconds": 1, "microseconds": 1_000, "milliseconds": 1_000_000, "seconds": 1_000_000_000]
      guard let unit = units[name] else { return nil }
      return (unit, arguments[0].value)
    default:
      return nil
    }
  }

  /// A stride as a time expression of the short form: `300ms`, or
  /// `x.count * 100ms` when it depends on the element.
  func durationText(_ expression: SwiftExpr) throws -> String {
    if let nanoseconds = try staticDuration(expression) { return ShortProgram.time(nanoseconds) }
    guard let parts = try durationParts(expression), let amount = parts.amount else {
      throw failure(
        "expected a time, found `\(source(expression.range))`", at: expression.range,
        expected: "a time such as `.milliseconds(300)` or `.seconds(1)`")
    }
    let unitText = ShortProgram.time(parts.unit)
    if case .binary("*", let left, let right) = amount.kind, case .integer(let digits) = right.kind {
      return "\(try self.expression(left, precedence: 7)) * \(digits)\(unitText.drop { $0.isNumber })"
    }
    return "\(try self.expression(amount, precedence: 7)) * \(unitText)"
  }

  /// A number literal, or arithmetic on them, as a Double.
  static func number(_ expression: SwiftExpr) -> Double? {
    switch expression.kind {
    case .integer(let digits): return Double(digits)
    case .float(let digits): return Double(digits)
    case .prefix("-", let operand): return number(operand).map { -$0 }
    case .binary(let op, let left, let right):
      guard let a = number(left), let b = number(right) else { return nil }
      switch op {
      case "+": return a + b
      case "-": return a - b
      case "*": return a * b
      case "/": return b == 0 ? nil : a / b
      default: return nil
      }
    default: return nil
    }
  }
}
