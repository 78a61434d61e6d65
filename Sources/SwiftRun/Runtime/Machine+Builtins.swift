import OpenCombine
import StreamCore
import StreamLang
import SwiftImport

extension Machine {
  /// The names of Swift, Foundation and Combine a paste may use without declaring them.
  static let builtinTypes: Set<String> = [
    "PassthroughSubject", "CurrentValueSubject", "Just", "Empty", "Fail", "Future", "Deferred", "Publishers",
    "DispatchQueue", "RunLoop", "Timer", "AnyCancellable", "Set", "Array", "Dictionary", "String", "Int", "Double",
    "Bool", "Subscribers", "Result", "Date", "ImmediateScheduler", "AnyPublisher", "Optional", "Never", "Error",
    "TimeInterval", "Task", "AsyncStream", "CancellationError", "MainActor",
  ]

  /// The builtin types whose initializers take no closure.
  static let takeNoClosure: Set<String> = [
    "Date", "Int", "Double", "Bool", "String", "Just", "Empty", "Fail", "PassthroughSubject", "CurrentValueSubject",
    "Optional", "Set", "Array", "Dictionary",
  ]

  func builtinName(_ name: String, at range: SourceRange) throws -> Value? {
    if Self.continuationFunctions.contains(name) {
      return .opaque(
        FunctionValue(
          .builtin(name: name) { [unowned self] arguments in
            try self.withContinuation(name, arguments, at: range)
          }))
    }
    if name == "print" {
      return .opaque(
        FunctionValue(
          .builtin(name: "print") { [unowned self] arguments in
            let separator = arguments.first { $0.label == "separator" }.map { SwiftText.plain($0.value) } ?? " "
            let printed = arguments.filter { $0.label == nil }.map(\.value)
            for value in printed { self.noteModuleNames(in: value) }
            let shown = printed.map(SwiftText.plain)
            self.recorder.log(shown.joined(separator: separator))
            return .void
          }))
    }
    if ["max", "min", "abs"].contains(name) {
      return .opaque(
        FunctionValue(
          .builtin(name: name) { arguments in
            let values = arguments.map(\.value)
            switch (name, values.first, values.dropFirst().first) {
            case ("abs", .int(let n)?, nil): return .int(abs(n))
            case ("abs", .double(let n)?, nil): return .double(abs(n))
            case ("max", .int(let a)?, .int(let b)?): return .int(max(a, b))
            case ("min", .int(let a)?, .int(let b)?): return .int(min(a, b))
            case ("max", .double(let a)?, .double(let b)?): return .double(max(a, b))
            case ("min", .double(let a)?, .double(let b)?): return .double(min(a, b))
            default: throw SwiftRunError.trap("`\(name)` cannot take these arguments", range)
            }
          }))
    }
    if Self.builtinTypes.contains(name) { return .opaque(TypeValue(.builtin(name, []))) }
    return nil
  }

  /// `Type(…)` for a type streamlab provides.
  func construct(
    _ name: String, generics: [WrittenType], _ arguments: [Argument], at range: SourceRange, in scope: Scope
  )
    throws -> Value
  {
    let label = source(range)
    // Braces after `Date(…)` are a trailing closure to Swift, which these
    // initializers do not take (issue 29's cuts: a deleted `didSet` line left
    // `var now = Date(…) { }`).
    if let closure = arguments.first(where: \.isTrailing), Self.takeNoClosure.contains(name) {
      throw refuse("extra trailing closure passed in call to `\(name)`", at: closure.range)
    }
    switch name {
    case "Task":
      return try makeTask(arguments, detached: false, at: range)
    case "AsyncStream":
      return try makeAsyncStream(arguments, at: range)
    case "CancellationError":
      return cancellationError
    case "PassthroughSubject":
      let subject = SubjectValue(name: label, initial: nil)
      subject.wrapsOptional = generics.first?.isOptional == true
      subject.declaredType = declaredStageType(generics)
      return .opaque(subject)
    case "CurrentValueSubject":
      guard let initial = arguments.first?.value else {
        throw refuse(
          "a `CurrentValueSubject` needs its first value", at: range, instead: "`CurrentValueSubject<Int, Never>(0)`")
      }
      let wraps = generics.first?.isOptional == true
      let subject = SubjectValue(name: label, initial: wraps ? initial.asOptional : initial)
      subject.wrapsOptional = wraps
      subject.declaredType = declaredStageType(generics)
      return .opaque(subject)
    case "Just":
      guard let value = arguments.first?.value else { throw refuse("`Just` needs a value", at: range) }
      let output = generics.first.flatMap(inferred) ?? writtenValueType(arguments.first, in: scope)
      return .opaque(
        PublisherValue(sourceLabel: label, type: StageType(output: output ?? .placeholder, failure: .never)) {
          Just(value).setFailureType(to: StreamError.self).eraseToAnyPublisher()
        })
    case "Empty":
      let completes = arguments.first { $0.label == "completeImmediately" }?.value != .bool(false)
      return .opaque(
        PublisherValue(sourceLabel: label, type: declaredStageType(generics)) {
          Empty(completeImmediately: completes).eraseToAnyPublisher()
        })
    case "Fail":
      guard let error = arguments.first(where: { $0.label == "error" })?.value else {
        throw refuse("`Fail` needs its error", at: range, instead: "`Fail(error: MyError.failed)`")
      }
      let failure = StreamError(SwiftText.plain(error), thrown: error)
      var type = declaredStageType(generics)
      if generics.isEmpty {
        let errorType = writtenValueType(arguments.first(where: { $0.label == "error" }), in: scope)
        type = StageType(output: .placeholder, failure: errorType ?? .placeholder)
      }
      return .opaque(PublisherValue(sourceLabel: label, type: type) { Fail(error: failure).eraseToAnyPublisher() })
    case "Future":
      let made = try future(arguments, label: label, at: range)
      made.opaque(as: PublisherValue.self)?.types = [declaredStageType(generics)]
      return made
    case "Deferred":
      guard let make = arguments.first?.value.opaque(as: FunctionValue.self) else {
        throw refuse("`Deferred` needs a closure that makes a publisher", at: range)
      }
      // The closure runs at each subscription, as Combine's `Deferred` runs it.
      var type = StageType.unknown
      if case .closure(let closure, let captured) = make.body,
        let made = closureResult(
          closure, parameters: [], in: TypingEnvironment(scope: captured, selfType: selfTypeName(in: captured)))?
          .publisherParts
      {
        type = made
      }
      return .opaque(
        PublisherValue(sourceLabel: label, type: type) { [unowned self] in
          Deferred { [unowned self] () -> AnyValuePublisher in
            do {
              let made = try self.invoke(make, [], at: range)
              guard let publisher = try self.publisherValue(made, label: label) else {
                throw SwiftRunError.trap("`Deferred`'s closure must give a publisher", range)
              }
              return publisher.build(recorder: self.recorder, pipeline: nil)
            } catch {
              self.fail(error, stage: label)
              return Empty().eraseToAnyPublisher()
            }
          }.eraseToAnyPublisher()
        })
    case "Set", "Array":
      if let first = arguments.first { return .array(try elements(of: first.value, at: first.range)) }
      return .array([])
    case "Dictionary":
      return .opaque(DictionaryValue())
    case "String":
      guard let value = arguments.first?.value else { return .string("") }
      if arguments.first?.label == "describing" { return .string(SwiftText.plain(value)) }
      return .string(SwiftText.plain(value))
    case "Int":
      switch arguments.first?.value {
      case .int(let n)?: return .int(n)
      case .double(let n)?:
        guard n.isFinite, n > -9.3e18, n < 9.3e18 else {
          throw SwiftRunError.trap(
            "Double value cannot be converted to Int because it is outside the representable range", range)
        }
        return .int(Int(n))
      case .string(let text)?: return Int(text).map(Value.int)?.asOptional ?? .null
      default: break
      }
    case "Double":
      switch arguments.first?.value {
      case .int(let n)?: return .double(Double(n))
      case .double(let n)?: return .double(n)
      case .string(let text)?: return Double(text).map(Value.double)?.asOptional ?? .null
      default: break
      }
    case "Date":
      return .opaque(DateValue(clock.now))
    case "Optional":
      return arguments.first?.value.asOptional ?? .null
    default:
      break
    }
    throw refuse("streamlab cannot make `\(name)` this way", at: range)
  }

  /// `Future { promise in … }`: OpenCombine's own `Future`, whose closure runs
  /// at once, when the Future is made, and which keeps its one result for
  /// every subscriber, late ones too (OpenCombine's Apple-checked tests).
  private func future(_ arguments: [Argument], label: String, at range: SourceRange) throws -> Value {
    guard let body = arguments.first?.value.opaque(as: FunctionValue.self) else {
      throw refuse("`Future` needs a closure that takes a promise", at: range)
    }
    var failure: Error?
    let future = OpenCombine.Future<Value, StreamError> { [unowned self] promise in
      let keep = FunctionValue(
        .builtin(name: "promise") { arguments in
          guard let result = arguments.first?.value.unwrapped.opaque(as: EnumValue.self) else {
            throw SwiftRunError.trap("a promise takes `.success(value)` or `.failure(error)`", range)
          }
          let payload = result.associated.first ?? .void
          promise(
            result.caseName == "success"
              ? .success(payload) : .failure(StreamError(SwiftText.plain(payload), thrown: payload)))
          return .void
        })
      do {
        _ = try self.invoke(body, [Argument(label: nil, value: .opaque(keep), range: range)], at: range)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    return .opaque(PublisherValue(sourceLabel: label) { future.eraseToAnyPublisher() })
  }

  /// Point-Free's test scheduler (`DispatchQueue.test`), remembered: the run ends at its last advance.
  func testScheduler(named name: String) -> Value {
    madeTestScheduler = true
    return .opaque(SchedulerValue(name: name, isTest: true))
  }

  /// A builtin type's static member: `DispatchQueue.main`, `Timer.publish(…)`, `Publishers.Merge(…)`.
  func builtinStatic(
    _ name: String, of typeName: String, generics: [WrittenType], arguments: [Argument]?, at range: SourceRange,
    in scope: Scope
  ) throws -> Value {
    switch (typeName, name) {
    case ("DispatchQueue", "main"), ("RunLoop", "main"), ("RunLoop", "current"):
      return .opaque(SchedulerValue(name: "\(typeName).\(name)"))
    case ("DispatchQueue", "test"), ("RunLoop", "test"):
      return testScheduler(named: "\(typeName).test")
    case ("ImmediateScheduler", "shared"):
      return .opaque(SchedulerValue(name: "ImmediateScheduler.shared", isImmediate: true))
    case ("Double", "infinity"): return .double(.infinity)
    case ("Double", "pi"): return .double(.pi)
    case ("Double", "nan"): return .double(.nan)
    case ("Timer", "publish"):
      guard let every = arguments?.first(where: { $0.label == "every" }) else {
        throw refuse("`Timer.publish` needs `every:`", at: range)
      }
      let period = try interval(every.value, at: every.range)
      let label = source(range)
      let clock = self.clock
      return .opaque(ConnectableTimer(label: label, period: period, clock: clock))
    case ("Publishers", _):
      return try publishersInitializer(name, arguments ?? [], at: range)
    case ("Subscribers", "Completion"):
      return .opaque(TypeValue(.builtin("Subscribers.Completion", [])))
    case ("Subscribers.Completion", "finished"):
      return .opaque(EnumValue(typeName: "Subscribers.Completion", caseName: "finished"))
    case ("Subscribers.Completion", "failure"), ("Result", "failure"), ("Result", "success"):
      return try implicitMember(name, arguments: arguments, at: range, in: scope)
    case ("Task", "detached"):
      return try makeTask(arguments ?? [], detached: true, at: range)
    case ("Task", "sleep"):
      return try sleep(arguments ?? [], at: range)
    case ("Task", "isCancelled"):
      return .bool(isCurrentTaskCancelled)
    case ("Task", "checkCancellation"):
      if isCurrentTaskCancelled { throw SwiftRunError.thrown(cancellationError, range) }
      return .void
    case ("Task", "yield"):
      return try yieldTurn(at: range)
    case ("AsyncStream", "makeStream"):
      return makeAsyncStreamPair()
    case ("MainActor", "run"):
      // Everything runs on the main actor already: the closure runs now.
      guard let body = arguments?.last?.value.opaque(as: FunctionValue.self) else {
        throw refuse("`MainActor.run` needs a closure", at: range)
      }
      return try invoke(body, [], at: range)
    case ("Int", "max"): return .int(.max)
    case ("Int", "min"): return .int(.min)
    default:
      if let duration = try durationMember(name, arguments, at: range) { return duration }
      if let arguments, name == "init" {
        return try construct(typeName, generics: generics, arguments, at: range, in: scope)
      }
      throw refuse("streamlab does not know `\(typeName).\(name)`", at: range)
    }
  }

  /// `Publishers.Merge(a, b)`, `Publishers.Debounce(upstream:dueTime:scheduler:options:)`…: the
  /// same publisher the operator method makes.
  private func publishersInitializer(_ name: String, _ arguments: [Argument], at range: SourceRange) throws -> Value {
    let operators: [String: (method: String, relabel: [String: String?])] = [
      "Debounce": ("debounce", ["dueTime": "for"]), "Throttle": ("throttle", ["interval": "for"]),
      "Delay": ("delay", ["interval": "for"]), "Map": ("map", ["transform": nil]),
      "Filter": ("filter", ["isIncluded": nil]), "CompactMap": ("compactMap", ["transform": nil]),
      "RemoveDuplicates": ("removeDuplicates", [:]),
      "Scan": ("scan", ["initialResult": nil, "nextPartialResult": nil]),
      "Output": ("prefix", [:]), "Drop": ("dropFirst", ["count": nil]), "FlatMap": ("flatMap", ["transform": nil]),
      "SwitchToLatest": ("switchToLatest", [:]), "ReceiveOn": ("receive", ["scheduler": "on"]),
    ]
    let combining = [
      "MergeMany", "Merge", "Merge3", "Merge4", "CombineLatest", "CombineLatest3", "CombineLatest4", "Zip", "Zip3",
      "Zip4",
    ]
    if combining.contains(name) {
      var inputs = arguments.map(\.value)
      if name == "MergeMany", inputs.count == 1, case .array(let items) = inputs[0] { inputs = items }
      let publishers = try inputs.map { value -> PublisherValue in
        guard let publisher = try publisherValue(value, label: "") else {
          throw refuse("`Publishers.\(name)` combines publishers", at: range)
        }
        return publisher
      }
      guard let first = publishers.first else { throw refuse("`Publishers.\(name)` needs publishers", at: range) }
      let method = name.hasPrefix("Merge") ? "merge" : name.hasPrefix("Zip") ? "zip" : "combineLatest"
      let rest = publishers.dropFirst().map {
        Argument(label: method == "merge" ? "with" : nil, value: .opaque($0), range: range)
      }
      return try publisherOperator(method, first, Array(rest), label: source(range), at: range, isInitializer: true)
    }
    guard let (method, relabel) = operators[name],
      let upstream = arguments.first(where: { $0.label == "upstream" }),
      let publisher = try publisherValue(upstream.value, label: source(upstream.range))
    else {
      throw refuse(
        "streamlab does not make `Publishers.\(name)` from these arguments", at: range,
        instead: "the operator method, such as `.\(name.prefix(1).lowercased() + name.dropFirst())(…)`")
    }
    // Combine's initializers have no defaults for these: swiftc refuses a call without one.
    let required: [String: [String]] = [
      "Debounce": ["dueTime", "scheduler", "options"], "Throttle": ["interval", "scheduler", "latest"],
      "Delay": ["interval", "tolerance", "scheduler"], "Map": ["transform"], "Filter": ["isIncluded"],
      "CompactMap": ["transform"], "RemoveDuplicates": ["predicate"], "Scan": ["initialResult", "nextPartialResult"],
      "Output": ["range"], "Drop": ["count"], "FlatMap": ["maxPublishers", "transform"], "ReceiveOn": ["scheduler"],
    ]
    let closureParameters: Set<String> = ["transform", "isIncluded", "predicate", "nextPartialResult"]
    for label in required[name] ?? []
    where !arguments.contains(where: { $0.label == label || ($0.isTrailing && closureParameters.contains(label)) }) {
      throw refuse("missing argument for parameter '\(label)' in call to `Publishers.\(name)`", at: range)
    }
    let rest = arguments.filter { $0.label != "upstream" && $0.label != "options" }.map { argument in
      Argument(
        label: relabel[argument.label ?? ""] ?? argument.label, value: argument.value, range: argument.range,
        written: argument.written)
    }
    return try publisherOperator(method, publisher, rest, label: source(range), at: range, isInitializer: true)
  }
}

/// `Timer.publish(every:on:in:)`: connectable; `autoconnect()` starts it at
/// the first subscription, `connect()` at once. Its values are `Date`s.
final class ConnectableTimer: OpaqueValue {
  let label: String
  let period: VirtualInterval
  let clock: VirtualClock
  let subject = PassthroughSubject<Value, StreamError>()
  var connection: AnyCancellable?

  init(label: String, period: VirtualInterval, clock: VirtualClock) {
    self.label = label
    self.period = period
    self.clock = clock
  }

  /// Starts the timer: a value every period, from now.
  func connect() -> AnyCancellable {
    let subject = self.subject
    let clock = self.clock
    let cancellable = clock.schedule(
      after: clock.now.advanced(by: period), interval: period, tolerance: .zero, options: nil
    ) {
      subject.send(.opaque(DateValue(clock.now)))
    }
    return AnyCancellable(cancellable)
  }

  override var typeName: String { "Timer.TimerPublisher" }
  override var description: String { label }
}
