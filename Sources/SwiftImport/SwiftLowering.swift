import StreamLang

/// Turns parsed Swift into a `ShortProgram`: walks the statements in order,
/// keeping the virtual time they run at (test-scheduler steps, `schedule(after:)`,
/// `asyncAfter`), and turns each publisher chain into a pipeline of
/// streamlab's language, each `sink`/`assign` into a subscription, each
/// `send` into a subject's timed send, each `cancel()` into a cancel time.
///
/// Scheduler arguments all mean the one virtual clock, so they are read
/// and dropped. What cannot be lowered is refused at its position, with what
/// to write instead (`UnsupportedSwift`).
struct SwiftLowering {
  struct Failure: Error {
    var diagnostic: Diagnostic
  }

  /// What a name bound in the paste stands for.
  enum Binding {
    /// A publisher bound with `let`: a source of the short form.
    case publisher
    /// A `PassthroughSubject`, `CurrentValueSubject` or `@Published` property.
    case subject
    /// A cancellable holding subscription number N.
    case cancellable(Int)
    /// A value the closures may read (`let query = "swift"`), as short-form text.
    case constant(String)
    /// A virtual time (`let start = scheduler.now`), in nanoseconds.
    case time(Int)
    /// A `Task`, task number N of the short form.
    case task(Int)
    /// Anything else (a scheduler, a `Set<AnyCancellable>`, a view model).
    case environment
  }

  let text: String
  var program = ShortProgram()
  /// Functions defined in the paste that some expression calls: inlined there.
  var helpers: [String: SwiftFunction] = [:]
  var bindings: [String: Binding] = [:]
  /// A helper's parameters while its body is inlined, as short-form text; innermost last.
  var substitutions: [[String: String]] = []
  /// The virtual time the statement being lowered runs at, in nanoseconds.
  var now = 0
  /// The methods of the paste's types that are not inlined helpers, by
  /// name: each runs where it is called (`vm.start()`), as Swift runs it.
  var methods: [String: SwiftFunction] = [:]
  /// Each type's `init`, by the type's name: it runs where the type is made (`let vm = VM()`).
  var initializers: [String: SwiftFunction] = [:]
  /// The types made so far and where: streamlab holds one instance of each.
  var instances: [String: SourceRange] = [:]
  /// The paste's types that hold subjects or have an `init` or methods:
  /// the reader keeps one instance of each.
  var declaredTypes: Set<String> = []
  /// How deep helpers are inlined, so a recursive helper is refused instead of looping.
  var inliningDepth = 0
  /// True inside a closure whose `$0`, `$1` name a tuple's elements (`TupleDestructuring`).
  var destructuresTuple = false
  /// The top-level time the outermost `schedule { … }` closure being
  /// lowered was scheduled at; nil at top level. Such a closure runs after
  /// the top-level statements of the instant it was scheduled in.
  var scheduledFrom: Int?
  /// The subscriptions each `Set<AnyCancellable>` holds (`store(in: &set)`), by the set's name.
  var storedIn: [String: [Int]] = [:]
  /// The Swift statement being lowered: where the short-form statements it adds came from.
  var currentStatement = SourceRange(start: 0, end: 0)
  /// Each stage and expression written, with the Swift it came from.
  let sourceMap = SourceMapRecorder()

  init(text: String) {
    self.text = text
  }

  /// Lowers a whole paste.
  static func lower(_ statements: [SwiftStatement], text: String, boundNames: [String] = [])
    -> Result<(ShortProgram, SwiftSourceMap), Diagnostic>
  {
    var lowering = SwiftLowering(text: text)
    for name in boundNames { lowering.bindings[name] = .publisher }
    do {
      lowering.helpers = HelperFunctions.called(in: statements)
      try lowering.lowerTopLevel(statements)
      lowering.program.helperBodies = HelperReturnCheck.bodies(of: Array(lowering.helpers.values), lowering: lowering)
      guard !lowering.program.statements.isEmpty else {
        let end = SourceRange(start: text.utf8.count, end: text.utf8.count)
        return .failure(
          Diagnostic(
            "this Swift subscribes to nothing and binds no publisher", at: end,
            expected: "a publisher chain, such as `[1, 2, 3].publisher.map { $0 * 2 }.sink { print($0) }`"))
      }
      var map = lowering.sourceMap.map
      map.statementRanges = lowering.program.statementRanges
      return .success((lowering.program, map))
    } catch let failure as Failure {
      return .failure(failure.diagnostic)
    } catch {
      return .failure(Diagnostic("\(error)", at: SourceRange(start: 0, end: 0)))
    }
  }

  // MARK: Statements

  /// Top-level statements: declarations, functions that nothing calls (a
  /// test, the exporter's program function, a view model's `init`) run
  /// where they stand, types have their members read.
  mutating func lowerTopLevel(_ statements: [SwiftStatement]) throws {
    for statement in statements {
      switch statement.kind {
      case .function(let function):
        if helpers[function.name] == nil { try lowerBody(function.body) }
      case .typeDeclaration(let name, let members):
        try declareType(name, members: members)
      default:
        try lowerStatement(statement)
      }
    }
  }

  /// A type's stored properties are read where it is declared; its methods
  /// run only where they are called and its `init` where it is made, as in
  /// Swift. (A type whose methods nothing calls runs nothing.)
  mutating func declareType(_ name: String, members: [SwiftStatement]) throws {
    let subjectsBefore = program.subjects.count
    defer {
      // Only a type that holds subjects or runs code is an object the reader
      // must keep one of; a plain value type (`User(name:)`) may be made often.
      let runsCode = members.contains { if case .function = $0.kind { true } else { false } }
      if runsCode || program.subjects.count > subjectsBefore { declaredTypes.insert(name) }
    }
    try lowerTopLevel(
      members.filter { member in
        switch member.kind {
        case .function: return false
        default: return true
        }
      })
    for member in members {
      guard case .function(let function) = member.kind, helpers[function.name] == nil else { continue }
      if function.name == "init" {
        initializers[name] = function
      } else {
        methods[function.name] = function
      }
    }
  }

  /// `TypeName(…)` of a type the paste declares: its `init` runs now. A
  /// second instance is refused, since the reader holds one of each type.
  mutating func instantiate(_ value: SwiftExpr) throws -> Bool {
    guard case .call(let callee, let arguments) = value.kind, case .identifier(let type) = callee.kind,
      declaredTypes.contains(type)
    else { return false }
    if let first = instances[type] {
      let location = SourceLocation(of: first, in: text)
      throw failure(
        "streamlab reads one instance of each of your types, made at \(location.line):\(location.column); "
          + "this second `\(type)` would share its subjects and subscriptions", at: value.range,
        expected: "one `\(type)()`, used wherever the Swift uses an instance")
    }
    instances[type] = value.range
    if let initializer = initializers[type] { try run(initializer, with: arguments, at: value.range) }
    return true
  }

  /// Lowers `function`'s body now, its parameters standing for `arguments`.
  mutating func run(_ function: SwiftFunction, with arguments: [SwiftArgument], at range: SourceRange) throws {
    guard inliningDepth < 20 else {
      throw failure("`\(function.name)` calls itself too deeply for streamlab to run", at: range)
    }
    var scope: [String: String] = [:]
    for (parameter, argument) in zip(function.parameters, arguments) {
      scope[parameter.name] = try expression(argument.value, precedence: 9)
    }
    inliningDepth += 1
    substitutions.append(scope)
    defer {
      substitutions.removeLast()
      inliningDepth -= 1
    }
    try lowerBody(function.body)
  }

  mutating func lowerBody(_ statements: [SwiftStatement]) throws {
    for statement in statements { try lowerStatement(statement) }
  }

  mutating func lowerStatement(_ statement: SwiftStatement) throws {
    let enclosing = currentStatement
    currentStatement = statement.range
    defer { currentStatement = enclosing }
    switch statement.kind {
    case .importModule, .returnValue(nil):
      return
    case .outsideSubset(let keyword, let keywordRange, let instead):
      throw Self.outsideSubset(keyword, at: keywordRange, instead: instead)
    case .returnValue(let value?):
      // The exporter's `return subscriptions`; returning a publisher subscribes nothing.
      if try pipeline(value) != nil { try subscribe(value, handle: nil) }
    case .function(let function):
      if helpers[function.name] == nil { try lowerBody(function.body) }
    case .typeDeclaration(let name, let members):
      try declareType(name, members: members)
    case .declaration(_, let name, _, let type, let value, let attributes):
      try declare(name, type: type, value: value, attributes: attributes, at: statement.range)
    case .assignment(let target, let value):
      try assign(value, to: target)
    case .expression(let expression):
      try perform(expression)
    default:
      // The interpreter's statements: the lowering's mode of the parser never makes them.
      throw failure("streamlab's Swift reader cannot lower this statement", at: statement.range)
    }
  }

  /// `let NAME = …` / `var NAME = …`.
  mutating func declare(
    _ name: String, type: SwiftType?, value: SwiftExpr?, attributes: [String], at range: SourceRange
  ) throws {
    if attributes.contains("Published") {
      guard let value else {
        throw failure(
          "an `@Published` property needs a starting value", at: range, expected: "`@Published var query = \"\"`")
      }
      try annotate(name, type: type, value: value)
      let initial = try expression(value)
      var subject = ShortProgram.Subject(initial: initial, isPublished: true)
      subject.declaredOutput = type.map(\.description)
      subject.values = [SubjectValueCheck.Value(text: initial, range: value.range, wording: .specified)]
      program.subjects[shortName(name)] = subject
      program.append(.subject(name: shortName(name)), from: currentStatement)
      bindings[name] = .subject
      return
    }
    guard let value else {
      bindings[name] = .environment
      return
    }
    if try instantiate(value) {
      bindings[name] = .environment
      return
    }
    if var subject = try subjectConstructor(value) {
      try annotate(name, type: type, value: value)
      subject.declaredOutput = TypeAnnotation.read(type, of: value)?.output.description
      program.subjects[shortName(name)] = subject
      program.append(.subject(name: shortName(name)), from: currentStatement)
      bindings[name] = .subject
    } else if let subscription = try subscribe(value, handle: name) {
      bindings[name] = .cancellable(subscription)
    } else if try connect(value) {
      bindings[name] = .environment
    } else if let pipeline = try pipeline(value) {
      try annotate(name, type: type, value: value)
      program.append(.binding(name: shortName(name), pipeline: pipeline), from: currentStatement)
      bindings[name] = .publisher
    } else if let time = try absoluteTime(value) {
      bindings[name] = .time(time)
    } else if let constant = try? expression(value), Self.isConstant(value) {
      bindings[name] = .constant(constant)
    } else {
      bindings[name] = .environment
    }
  }

  /// Refuses an annotation Combine would not compile and keeps a readable
  /// one, to be checked against the lowered program's types.
  private mutating func annotate(_ name: String, type: SwiftType?, value: SwiftExpr) throws {
    try TypeAnnotation.check(type, of: value, in: self)
    guard let annotation = TypeAnnotation.read(type, of: value) else { return }
    program.annotations.append(
      AnnotationCheck.Annotated(name: shortName(name), annotation: annotation, range: value.range))
  }

  private static func isSubject(_ binding: Binding?) -> Bool {
    if case .subject? = binding { return true }
    return false
  }

  /// `[]`, `Set()`, `Set<AnyCancellable>()`: an empty collection.
  static func isEmptyCollection(_ value: SwiftExpr) -> Bool {
    switch value.kind {
    case .array(let elements): return elements.isEmpty
    case .call(let callee, let arguments) where arguments.isEmpty:
      if case .identifier("Set") = callee.kind { return true }
      if case .specialized(let generic, _) = callee.kind, case .identifier("Set") = generic.kind { return true }
      return false
    default: return false
    }
  }

  /// Literals and arithmetic on them: values a closure may read by name.
  private static func isConstant(_ value: SwiftExpr) -> Bool {
    switch value.kind {
    case .integer, .float, .string, .bool, .null: return true
    case .array(let elements): return elements.allSatisfy(isConstant)
    case .prefix(_, let operand): return isConstant(operand)
    case .binary(_, let left, let right): return isConstant(left) && isConstant(right)
    default: return false
    }
  }

  /// `target = value`: a subscription kept in a variable, a cancellable
  /// dropped (`= nil` cancels it now), or a new value for an `@Published` property.
  mutating func assign(_ value: SwiftExpr, to target: SwiftExpr) throws {
    if assignOwner(value, to: target) { return }
    var key = Self.handleKey(target)
    // `viewModel.query = "sw"`: a view model's `@Published` property, read with its type's members.
    if bindings[key] == nil, case .member(_, let property) = target.kind, case .subject? = bindings[property] {
      key = property
    }
    // `property.value = 1`: the export preamble's `PublishedProperty` gets a new value.
    if bindings[key] == nil, case .member(let base?, "value") = target.kind,
      case .subject? = bindings[Self.handleKey(base)]
    {
      key = Self.handleKey(base)
    }
    if case .null = value.kind, case .cancellable(let number)? = bindings[key] {
      cancel(number)
      return
    }
    if let task = try makeTask(value) {
      bindings[key] = .task(task)
      return
    }
    if let subscription = try subscribe(value, handle: key) {
      // The new subscription is made first; releasing the old AnyCancellable then cancels the old one.
      if case .cancellable(let old)? = bindings[key] { cancel(old) }
      bindings[key] = .cancellable(subscription)
      return
    }
    // `cancellables = []` releases, and so cancels, every subscription the set held.
    if let held = storedIn[key], Self.isEmptyCollection(value) {
      for number in held { cancel(number) }
      storedIn[key] = []
      return
    }
    if try connect(value) { return }
    if case .subject? = bindings[key] {
      try send(try expression(value), to: key, at: value.range, wording: .assignment)
      return
    }
    if let pipeline = try pipeline(value) {
      // `publisher = Just(1)…` re-binds a name: the short form binds it anew.
      program.append(.binding(name: shortName(key), pipeline: pipeline), from: currentStatement)
      bindings[key] = .publisher
      return
    }
    bindings[key] = .environment
  }

  /// An expression used as a statement.
  mutating func perform(_ expression: SwiftExpr) throws {
    if storeInOwner(expression) { return }
    if try subscribe(expression, handle: nil) != nil { return }
    if try connect(expression) { return }
    if try schedule(expression) { return }
    guard case .call(let callee, let arguments) = expression.kind, case .member(let base?, let method) = callee.kind
    else {
      if case .call(let callee, _) = expression.kind, case .identifier(let name) = callee.kind,
        name.hasPrefix("XCT") || name == "wait"
      {
        throw failure(
          "streamlab does not run XCTest's `\(name)` yet", at: expression.range,
          expected: "the diagram, which shows what the pipeline sent and when",
          note: "an assertion that is not run would pass without a word")
      }
      if try pipeline(expression) != nil { _ = try subscribe(expression, handle: nil, bare: true) }
      return
    }
    var receiver = Self.handleKey(base)
    // `m.s.send(1)`: a subject the one instance of a type holds, sent to from outside.
    if bindings[receiver] == nil, case .member(_, let property) = base.kind, case .subject? = bindings[property] {
      receiver = property
    }
    // `vm.start()`: a method of the paste's types runs where it is called.
    if let function = methods[method], !Self.isSubject(bindings[receiver]) {
      try run(function, with: arguments, at: expression.range)
      return
    }
    switch (method, bindings[receiver]) {
    case ("send", .subject?):
      // A wrong-typed value is reported at the value, as Swift does.
      let value = arguments.count == 1 ? arguments[0].value.range : expression.range
      try send(sendEvent(arguments, at: expression.range), to: receiver, at: value)
    case ("cancel", .cancellable(let number)?):
      cancel(number)
    case ("cancel", .task(let number)?):
      if program.tasks[number].cancelAt == nil { program.tasks[number].cancelAt = now }
    case ("advance", _):
      if let by = arguments.first(where: { $0.label == "by" }) {
        now += try duration(by.value)
      } else if let to = arguments.first(where: { $0.label == "to" }), let time = try absoluteTime(to.value) {
        now = max(now, time)
      } else if arguments.isEmpty {
        return
      }
    case ("store", _), ("run", _):
      return
    case ("removeAll", _) where arguments.isEmpty:
      guard let held = storedIn[receiver] else {
        throw failure(
          "streamlab cannot tell which subscriptions `\(source(base.range))` holds", at: expression.range,
          expected: "a `Set<AnyCancellable>` that `.store(in: &\(source(base.range)))` filled")
      }
      // Releasing each AnyCancellable cancels its subscription, now.
      for number in held { cancel(number) }
      storedIn[receiver] = []
    default:
      if try pipeline(expression) != nil { _ = try subscribe(expression, handle: nil, bare: true) }
    }
  }

  /// The text naming what `expression` holds: `c`, `self.cancellable` is
  /// `cancellable`, `subscriptions.bySubscriber[0]?` is `subscriptions.bySubscriber[0]`.
  static func handleKey(_ expression: SwiftExpr) -> String {
    switch expression.kind {
    case .identifier(let name): return name
    case .postfix(_, let inner): return handleKey(inner)
    case .member(let base?, let name):
      if case .identifier("self") = base.kind { return name }
      return handleKey(base) + "." + name
    case .subscripted(let base, let arguments):
      let index = arguments.map { argument -> String in
        switch argument.value.kind {
        case .integer(let digits): return digits
        case .string(let parts): return "\"\(parts)\""
        default: return "?"
        }
      }
      return handleKey(base) + "[" + index.joined(separator: ",") + "]"
    default: return "_"
    }
  }

  /// The name as the short form binds it: a Swift name that is a word of
  /// the language (`events`, `subject`, `future`) gets a `_` after it.
  func shortName(_ name: String) -> String {
    Keywords.reservedNames.contains(name) ? name + "_" : name
  }

  /// A statement the reader read past (`if`, `switch`, …), met where it would have to run.
  static func outsideSubset(_ keyword: String, at range: SourceRange, instead: String) -> Failure {
    Failure(
      diagnostic: Diagnostic(
        "streamlab reads Combine pipelines, not `\(keyword)` statements", at: range, expected: instead))
  }

  func failure(_ message: String, at range: SourceRange, expected: String? = nil, note: String? = nil) -> Failure {
    Failure(diagnostic: Diagnostic(message, at: range, expected: expected, note: note))
  }

  /// The Swift text of `range`, for messages.
  func source(_ range: SourceRange) -> String { range.text(in: text) }
}
