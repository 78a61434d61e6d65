import StreamCore
import StreamLang

/// The state of one export: translates a program's statements, in order,
/// into the body of the exported Swift function.
///
/// Setup order matters on a shared clock. streamlab subscribes, cancels and
/// connects before anything else due at the same instant, so the body first
/// declares the streams, then schedules every subscription, cancellation and
/// `connect()`, and only then schedules the subjects' sends.
final class ProgramTranslator {
  /// A stream bound with `let`: its Swift name and type.
  struct BoundStream {
    var code: String
    var output: ExportType
    var failure: FailureType
    /// The hot sources building this binding starts.
    var hotSources: [HotSourceOrder.Use] = []
  }

  /// The bookkeeping of the closure being translated: which `$n` it used,
  /// whether a nested closure needs its parameters named, whether it throws.
  private struct ClosureFrame {
    var used: Set<Int> = []
    var needsNames = false
    var throwing = false
    /// True for the closure of `tryMap` and friends, which may throw.
    var mayThrow = false
  }

  var helpers = ExportHelper.always
  private(set) var bindings: [String: BoundStream] = [:]
  /// The session's earlier bindings, translated when the program first uses one.
  private var earlierBindings: [String: SwiftExporter.Binding]
  private var translatingBindings: Set<String> = []
  /// Declarations, each a block of lines, in setup order.
  private(set) var declarations: [[String]] = []
  /// Subscriptions, cancellations and connections, each a block of lines.
  private(set) var schedules: [[String]] = []
  /// The subjects and futures, and the order streamlab starts them in.
  var hotSources = HotSourceOrder()
  private var swiftNames: Set<String> = ProgramTranslator.reservedNames
  private var frames: [ClosureFrame] = []
  /// The source text the ranges being translated point into.
  private var texts: [String] = []
  /// True while translating something built once per program (not inside a
  /// closure or `deferred`), whose subjects and futures are declared up front.
  private var isOncePerProgram = true
  private var subscriberCount = 0
  private var taskCount = 0
  /// Remarks printed above the code: where Swift and streamlab part ways on errors.
  private(set) var notes: [String] = []

  /// Apple's operators, or the StreamCore ones the export tests compile.
  let dialect: SwiftDialect
  /// The all-digit marble strings the type checker typed as String.
  var stringMarbles: Set<MarbleLiteral> = []
  /// The element type the type checker gave each binding's source, for a
  /// source with no values to say it (`let request = events 300ms:#"offline"`
  /// used as `request | replaceError "cached"` sends Strings).
  var bindingElements: [String: ExportType] = [:]

  init(text: String, earlierBindings: [SwiftExporter.Binding], dialect: SwiftDialect = .apple) {
    self.dialect = dialect
    self.texts = [text]
    self.earlierBindings = Dictionary(earlierBindings.map { ($0.name, $0) }) { _, later in later }
  }

  func text(_ range: SourceRange) -> String {
    range.text(in: texts.last ?? "")
  }

  // MARK: Statements

  func statement(_ statement: Statement) throws {
    switch statement {
    case .binding(let name, let pipeline, _):
      try bind(name.text, pipeline, label: text(statement.range))
    case .subscription(let pipeline, let timing, _):
      if case .values = pipeline.operators.last?.kind {
        try subscribeLoop(pipeline, timing: timing, label: text(statement.range))
      } else {
        try subscribe(pipeline, timing: timing, label: text(statement.range))
      }
    case .owner(let name, _):
      helpers.insert(.owner)
      declarations.append([
        "// \(text(statement.range))", "subscriptions.connections[\(Self.ownerKey(name.text))] = Owner()",
      ])
    case .task(let steps, let timing, _):
      try task(steps, timing: timing, label: text(statement.range))
    case .release(let name, let at, _):
      let time = try at.map(timeLiteral) ?? .zero
      schedules.append(
        ["// \(text(statement.range))"]
          + scheduled(at: time, ["subscriptions.connections[\(Self.ownerKey(name.text))] = nil"]))
    case .connect(let name, let at, _):
      hotSources.begin()
      let found = try boundStream(name.text)
      hotSources.start(hotSources.end())
      guard let bound = found else {
        throw ExportLimitation("`connect \(name.text)` names no bound stream")
      }
      let time = try at.map(timeLiteral) ?? .zero
      schedules.append(
        ["// \(text(statement.range))"]
          + scheduled(
            at: time,
            ["subscriptions.connections[\(SwiftExpression.stringLiteral(name.text))] = \(bound.code).connect()"]))
    }
  }

  /// Where the program keeps the owner `name` until it lets go of it.
  static func ownerKey(_ name: String) -> String { SwiftExpression.stringLiteral("owner " + name) }

  private func bind(_ name: String, _ pipeline: Pipeline, label: String) throws {
    let swiftName = freshName(name)
    let comment = "// let \(name) = \(text(pipeline.range))"
    hotSources.begin()
    let publisher = try self.pipeline(
      pipeline, in: ExportScope(), preferredName: swiftName,
      hint: pipeline.operators.isEmpty ? bindingElements[name] : nil)
    let uses = hotSources.end()
    if publisher.source == swiftName, publisher.operators.isEmpty, var last = declarations.popLast() {
      // The source declared itself under the binding's name (a subject, a future).
      last.insert(comment, at: 0)
      declarations.append(last)
    } else {
      declarations.append([comment, "let \(swiftName) = \(publisher.code(indent: "  "))"])
    }
    bindings[name] = BoundStream(
      code: swiftName, output: publisher.output, failure: publisher.failure, hotSources: uses)
  }

  /// The number of the next subscriber, whose events `log` reports as its output row.
  func nextSubscriber() -> Int {
    defer { subscriberCount += 1 }
    return subscriberCount
  }

  /// The key of the next task in `Subscriptions.tasks`.
  func nextTask() -> Int {
    defer { taskCount += 1 }
    return taskCount
  }

  func addSchedule(_ block: [String]) { schedules.append(block) }

  private func subscribe(_ pipeline: Pipeline, timing: SubscriptionTiming, label: String) throws {
    let number = nextSubscriber()
    hotSources.begin()
    let publisher = try self.pipeline(pipeline, in: ExportScope())
    hotSources.start(hotSources.end())
    try checkPrintable(publisher.output)
    let subscribeAt = try timing.subscribeAt.map(timeLiteral) ?? .zero
    var block = ["// \(label)"]
    let chain = publisher.code(indent: "  ") + (publisher.operators.isEmpty ? "" : "\n  ")
    if timing.storedIn != nil || timing.capture != nil {
      // Who holds it (issue 30): the owner's set, and the sink's closure.
      if timing.storedIn != nil, timing.cancelAt != nil {
        throw ExportLimitation(
          "a subscription stored in an owner is cancelled by the owner; `@..T` on it is not exported")
      }
      var sink = "\(chain).sink(logging: \(number), to: log)"
      if let capture = timing.capture, capture.isStrong {
        helpers.insert(.sinkHolding)
        sink =
          "\(chain).sink(logging: \(number), to: log, holding: subscriptions.connections[\(Self.ownerKey(capture.owner.text))])"
      }
      var body = ["let cancellable = \(sink)"]
      if let owner = timing.storedIn {
        // An owner already gone stores nothing: the cancellable is dropped, and cancels, at the end of this closure.
        body.append(
          "(subscriptions.connections[\(Self.ownerKey(owner.text))] as? Owner)?.cancellables.insert(cancellable)")
      } else {
        body.append("subscriptions.bySubscriber[\(number)] = cancellable")
      }
      block += scheduled(at: subscribeAt, body)
      if let cancelAt = try timing.cancelAt.map(timeLiteral) {
        block += scheduled(at: cancelAt, ["subscriptions.bySubscriber[\(number)]?.cancel()"])
      }
      schedules.append(block)
      return
    }
    block += scheduled(
      at: subscribeAt, ["subscriptions.bySubscriber[\(number)] = \(chain).sink(logging: \(number), to: log)"])
    if let cancelAt = try timing.cancelAt.map(timeLiteral) {
      block += scheduled(at: cancelAt, ["subscriptions.bySubscriber[\(number)]?.cancel()"])
    }
    schedules.append(block)
  }

  /// The printed values must read as streamlab prints them.
  func checkPrintable(_ output: ExportType) throws {
    switch output {
    case .publisher:
      throw ExportLimitation("the values are publishers, which Swift prints as their types, not as streams")
    case .optional:
      throw ExportLimitation("the values are optionals, which Swift prints as `Optional(…)`")
    case .array(let element):
      try checkPrintable(element)
    case .tuple(let elements):
      try elements.forEach(checkPrintable)
    default:
      break
    }
  }

  /// Lines that run `body` at `time` after the program's start.
  func scheduled(at time: VirtualInterval, _ body: [String]) -> [String] {
    let opening =
      time == .zero
      ? "scheduler.schedule {" : "scheduler.schedule(after: start.advanced(by: \(SwiftExpression.stride(time).code))) {"
    return [opening] + SwiftExport.indented(body, by: "  ") + ["}"]
  }

  func timeLiteral(_ expr: Expr) throws -> VirtualInterval {
    guard case .time(let interval) = expr.kind else {
      throw ExportLimitation("the time `\(text(expr.range))` is not a time literal")
    }
    return interval
  }

  // MARK: Names

  /// A bound stream by its DSL name, translating an earlier session's binding on first use.
  func boundStream(_ name: String) throws -> BoundStream? {
    guard let bound = try translatedBinding(name) else { return nil }
    hotSources.use(bound.hotSources, atSetup: isOncePerProgram)
    return bound
  }

  private func translatedBinding(_ name: String) throws -> BoundStream? {
    if let bound = bindings[name] { return bound }
    guard let earlier = earlierBindings[name], !translatingBindings.contains(name) else { return nil }
    translatingBindings.insert(name)
    defer { translatingBindings.remove(name) }
    texts.append(earlier.text)
    defer { texts.removeLast() }
    let wasOnce = isOncePerProgram
    isOncePerProgram = true
    defer { isOncePerProgram = wasOnce }
    try bind(name, earlier.pipeline, label: "let \(name) = \(text(earlier.pipeline.range))")
    return bindings[name]
  }

  /// A Swift name for `name` that clashes with nothing the export declares.
  func freshName(_ name: String) -> String {
    var candidate = name.hasPrefix("$") ? "stream" : name
    if swiftNames.contains(candidate) { candidate += "Stream" }
    var suffix = 2
    let base = candidate
    while swiftNames.contains(candidate) {
      candidate = "\(base)\(suffix)"
      suffix += 1
    }
    swiftNames.insert(candidate)
    return candidate
  }

  func declare(_ lines: [String]) { declarations.append(lines) }

  /// Runs `body` for something built anew each time (a closure, `deferred`).
  func perUse<T>(_ body: () throws -> T) rethrows -> T {
    let was = isOncePerProgram
    isOncePerProgram = false
    defer { isOncePerProgram = was }
    return try body()
  }

  var buildsOncePerProgram: Bool { isOncePerProgram }

  private static let reservedNames: Set<String> = [
    "scheduler", "start", "subscriptions", "log", "program", "promise", "S", "Script", "ScriptEvent", "Interval",
    "ProgramError", "Subscriptions", "fail", "Just", "Empty", "Fail", "Future", "Deferred", "PassthroughSubject",
    "CurrentValueSubject", "Publishers", "AnyPublisher", "Int", "Double", "String", "Bool", "Never", "Error",
    "Combine", "Foundation", "OpenCombine", "StreamCore", "as", "break", "case", "catch", "class", "continue",
    "default", "defer", "do", "else", "enum", "extension", "fallthrough", "false", "for", "func", "guard", "if",
    "import", "in", "init", "inout", "internal", "is", "let", "nil", "operator", "private", "protocol", "public",
    "repeat", "rethrows", "return", "self", "Self", "static", "struct", "subscript", "super", "switch", "throw",
    "throws", "true", "try", "typealias", "var", "where", "while", "Any", "some", "any",
  ]

  // MARK: Closures

  /// An operator's closure argument, its parameters typed `parameterTypes`.
  ///
  /// Implicit parameters (`x`, `acc`, `$0`) become `$0`, `$1` when the body
  /// uses the last one and no nested closure needs them; otherwise they are
  /// named, since Swift infers a closure's arity from the `$n` it uses.
  func closure(
    _ expr: Expr, implicitNames: [String], parameterTypes: [ExportType], throwing: Bool, in scope: ExportScope,
    parameterMember: String = "", shape: (SwiftExpression) throws -> String = { $0.code }
  ) throws -> (code: String, body: SwiftExpression) {
    var parameterTypes = parameterTypes
    // `{ name, age in … }` on one tuple: Swift takes it apart into the names.
    if case .closure(let parameters, _) = expr.kind, parameters.count > 1, parameterTypes.count == 1,
      parameterMember.isEmpty, case .tuple(let elements) = parameterTypes[0], elements.count == parameters.count
    {
      parameterTypes = elements
    }
    let arity = parameterTypes.count
    if case .closure(let parameters, let body) = expr.kind, !parameters.isEmpty {
      guard parameters.count == arity else {
        throw ExportLimitation("the closure `\(text(expr.range))` takes \(parameters.count) parameters, not \(arity)")
      }
      var entries: [String: ExportScope.Entry] = [:]
      var names: [String] = []
      for (index, parameter) in parameters.enumerated() {
        let swiftName = ProgramTranslator.reservedNames.contains(parameter) ? parameter + "Value" : parameter
        names.append(swiftName)
        entries[parameter] = ExportScope.Entry(code: swiftName + parameterMember, type: parameterTypes[index])
      }
      return try closureBody(body, names: names, entries: entries, throwing: throwing, scope: scope, shape: shape)
    }
    let body: Expr
    if case .closure(_, let inner) = expr.kind { body = inner } else { body = expr }
    let depth = scope.depth + 1
    var anonymous: [String: ExportScope.Entry] = [:]
    for index in 0..<arity {
      let entry = ExportScope.Entry(
        code: "$\(index)" + parameterMember, type: parameterTypes[index], anonymous: (index, depth))
      anonymous["$\(index)"] = entry
      if index < implicitNames.count { anonymous[implicitNames[index]] = entry }
    }
    frames.append(ClosureFrame(mayThrow: throwing))
    let attempt = try perUse { try expression(body, in: scope.entering(anonymous)) }
    let frame = frames.removeLast()
    if !frame.needsNames, arity == 0 || frame.used.max() == arity - 1 {
      if frame.throwing && !throwing { throw notThrowing(expr) }
      let shaped = try shape(attempt)
      return ("{ " + (frame.throwing ? "try " : "") + shaped + " }", attempt)
    }
    var names: [String] = []
    var entries: [String: ExportScope.Entry] = [:]
    for index in 0..<arity {
      let name = index < implicitNames.count ? implicitNames[index] : "value\(index)"
      let used = frame.used.contains(index)
      names.append(used ? name : "_")
      let entry = ExportScope.Entry(code: name + parameterMember, type: parameterTypes[index])
      entries["$\(index)"] = entry
      if index < implicitNames.count { entries[implicitNames[index]] = entry }
    }
    return try closureBody(body, names: names, entries: entries, throwing: throwing, scope: scope, shape: shape)
  }

  private func closureBody(
    _ body: Expr, names: [String], entries: [String: ExportScope.Entry], throwing: Bool, scope: ExportScope,
    shape: (SwiftExpression) throws -> String
  ) throws -> (code: String, body: SwiftExpression) {
    frames.append(ClosureFrame(mayThrow: throwing))
    let translated = try perUse { try expression(body, in: scope.entering(entries)) }
    let frame = frames.removeLast()
    if frame.throwing && !throwing { throw notThrowing(body) }
    let shaped = try shape(translated)
    let head = names.isEmpty ? "{ " : "{ \(names.joined(separator: ", ")) in "
    return (head + (frame.throwing ? "try " : "") + shaped + " }", translated)
  }

  private func notThrowing(_ expr: Expr) -> ExportLimitation {
    ExportLimitation(
      "`fail(…)` in `\(text(expr.range))` can only throw in `tryMap` and friends; Swift's `map` cannot throw")
  }

  /// Records that the closure at `anonymous.depth` used `$index`, from the
  /// closure `scope.depth` deep.
  func noteUse(_ anonymous: (index: Int, depth: Int), from depth: Int) {
    let frameIndex = anonymous.depth - 1
    guard frames.indices.contains(frameIndex) else { return }
    frames[frameIndex].used.insert(anonymous.index)
    // A nested Swift closure has `$0` of its own: the outer one needs a name.
    if depth != anonymous.depth { frames[frameIndex].needsNames = true }
  }

  /// Records that the innermost closure calls `fail(…)`.
  func noteThrow() {
    guard !frames.isEmpty else { return }
    frames[frames.count - 1].throwing = true
  }
}
