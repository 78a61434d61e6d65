import StreamLang

// The interpreter's statement grammar (`SwiftParser.Mode.interpreter`, issue
// 29): which statement a line starts, and the declarations (properties with
// modifiers and accessors, functions, types, enum cases). Control flow is in
// SwiftParser+ControlFlow.swift, patterns in SwiftParser+Patterns.swift.
//
//     statement   = { "@" NAME ["(…)"] | modifier } declaration | control-flow
//                 | "import" NAME | "return" [expr] | expr [("=" | "+=" | "-=" | "*=" | "/=" | "%=") expr]
//     declaration = ("let" | "var") (NAME | tuple-pattern) [":" type] ["=" expr] [accessors]
//                 | ("func" NAME | "init" ["?" | "!"] | "deinit") [generics] [params] [effects] ["->" type] block
//                 | ("class" | "struct" | "enum" | "extension" | "protocol" | "actor") NAME [generics]
//                   [":" types] ["where" …] "{" { statement } "}"
//                 | "case" NAME ["(" fields ")"] ["=" expr] { "," … }
//     accessors   = "{" statements "}" | "{" { ("get" | "set" ["(" NAME ")"] | "willSet" ["(" NAME ")"]
//                   | "didSet" ["(" NAME ")"]) [block] } "}"
extension SwiftParser {
  /// Words that modify a declaration; kept in `modifiers` as written
  /// (`private(set)` included).
  private static let interpreterModifiers: Set<String> = [
    "private", "public", "internal", "fileprivate", "final", "static", "override", "lazy", "weak", "open",
    "nonisolated", "mutating", "nonmutating", "required", "convenience", "unowned", "indirect", "dynamic",
  ]

  /// Statements the interpreter does not run, each with what to write instead.
  private static let refusedStatements: [String: String] = [
    "fallthrough": "the next case's patterns added to this case, separated by `,`",
    "subscript": "a method, such as `func item(at index: Int) -> Element`",
    "typealias": "the type written out",
    "associatedtype": "a protocol without associated types, or the concrete type",
    "operator": "a function with a name, such as `func combined(_ a: T, _ b: T) -> T`",
    "precedencegroup": "a function with a name",
  ]

  mutating func parseInterpreterStatement() throws -> SwiftStatement {
    let start = current.range
    if current.isWord("async"), peek().isWord("let") || peek().isWord("var") {
      throw failure(
        "streamlab does not run `async let` (child tasks run alongside their parent)", at: current.range,
        expected: "`let x = await f()`, or a `Task { … }` whose `value` you await")
    }
    var attributes: [String] = []
    var modifiers: [String] = []
    while true {
      if current.isPunctuation("@"), !peek().isWord("unknown") {
        index += 1
        attributes.append(try expectIdentifier("an attribute name, such as `@Published`"))
        if current.isPunctuation("("), !current.spaceBefore { try skipBalanced() }
      } else if let modifier = modifierHere() {
        modifiers.append(modifier)
      } else {
        break
      }
    }
    guard let word = current.identifier else {
      if !attributes.isEmpty || !modifiers.isEmpty {
        throw failure("expected a declaration after its attributes and modifiers", at: current.range)
      }
      return try parseInterpreterExpressionStatement()
    }
    if let instead = Self.refusedStatements[word] {
      throw failure("streamlab cannot run `\(word)` yet", at: current.range, expected: instead)
    }
    switch word {
    case "let", "var":
      return try parseVariable(from: start, attributes: attributes, modifiers: modifiers)
    case "func", "init", "deinit":
      return try parseInterpreterFunction(from: start, modifiers: modifiers)
    case "class", "struct", "enum", "extension", "protocol", "actor":
      return try parseType(from: start, modifiers: modifiers)
    case "case":
      return try parseEnumCases(from: start)
    default:
      break
    }
    if !attributes.isEmpty || !modifiers.isEmpty {
      throw failure(
        "expected `let`, `var`, `func`, `init` or a type after its attributes and modifiers, found `\(word)`",
        at: current.range)
    }
    if let statement = try parseControlFlow(word, from: start) { return statement }
    switch word {
    case "import": return try parseImport(from: start)
    case "return": return try parseReturn(from: start)
    default: return try parseInterpreterExpressionStatement()
    }
  }

  /// The modifier at the current token, consumed; nil when the word there is
  /// not one (a `lazy` or `weak` used as a name stays a name).
  private mutating func modifierHere() -> String? {
    guard let word = current.identifier else { return nil }
    let next = peek()
    // `class func`, `class var`: a class member, not a class.
    if word == "class",
      next.isWord("func") || next.isWord("var") || next.isWord("let") || next.isWord("override")
        || next.isWord("final")
    {
      index += 1
      return word
    }
    guard Self.interpreterModifiers.contains(word) else { return nil }
    // `private(set)`, `unowned(safe)`.
    if next.isPunctuation("("), !next.spaceBefore, let detail = peek(2).identifier,
      ["set", "safe", "unsafe"].contains(detail), peek(3).isPunctuation(")")
    {
      index += 4
      return "\(word)(\(detail))"
    }
    guard next.identifier != nil, !next.newlineBefore else { return nil }
    index += 1
    return word
  }

  /// An expression, an assignment or a compound assignment.
  private mutating func parseInterpreterExpressionStatement() throws -> SwiftStatement {
    let target = try parseExpression()
    if consume("=") {
      let value = try parseExpression()
      return SwiftStatement(kind: .assignment(target, value), range: target.range.union(value.range))
    }
    if let op = consumeCompoundAssignment() {
      let value = try parseExpression()
      return SwiftStatement(kind: .compoundAssignment(op: op, target, value), range: target.range.union(value.range))
    }
    return SwiftStatement(kind: .expression(target), range: target.range)
  }

  /// `+=`, `-=`, `*=`, `/=` or `%=` (lexed as `%` and `=`), consumed; the operator without its `=`.
  private mutating func consumeCompoundAssignment() -> String? {
    if let op = current.punctuation, ["+=", "-=", "*=", "/="].contains(op) {
      index += 1
      return String(op.dropLast())
    }
    if isAtRemainderAssignment {
      index += 2
      return "%"
    }
    return nil
  }

  /// `%` directly followed by `=`: the lexer has no `%=` token, and the
  /// lowering's mode reads these two as it always has.
  var isAtRemainderAssignment: Bool {
    mode == .interpreter && current.isPunctuation("%") && peek().isPunctuation("=") && !peek().spaceBefore
  }

  /// `{ didSet …` or `{ willSet …` after a property's value: its observers,
  /// not a trailing closure (`var count = 0 { didSet { … } }`), as Swift reads it.
  var isAtPropertyObservers: Bool {
    guard mode == .interpreter, current.isPunctuation("{"), peek().isWord("didSet") || peek().isWord("willSet")
    else { return false }
    return peek(2).isPunctuation("{") || peek(2).isPunctuation("(")
  }

  // MARK: Properties

  private mutating func parseVariable(from start: SourceRange, attributes: [String], modifiers: [String]) throws
    -> SwiftStatement
  {
    let isVariable = current.isWord("var")
    index += 1
    let pattern: SwiftPattern
    if current.isPunctuation("(") {
      pattern = try parsePattern(binding: isVariable)
    } else {
      let name = try expectIdentifier("a name, such as `let numbers = …`")
      pattern = .binding(name, isVariable: isVariable)
    }
    let type = consume(":") ? try parseType() : nil
    let value = consume("=") ? try parseExpression() : nil
    if current.isPunctuation(","), !current.newlineBefore {
      throw failure(
        "streamlab reads one name per `\(isVariable ? "var" : "let")`", at: current.range,
        expected: "each name on its own line, such as `var a = 1` and `var b = 2`")
    }
    var accessors: SwiftAccessors?
    if current.isPunctuation("{"), value == nil ? type != nil : !current.newlineBefore {
      accessors = try parseAccessors()
    }
    let variable = SwiftVariable(
      isVariable: isVariable, pattern: pattern, type: type, value: value, attributes: attributes,
      modifiers: modifiers, accessors: accessors, range: start.union(previousRange))
    return SwiftStatement(kind: .variable(variable), range: variable.range)
  }

  private static let accessorWords: Set<String> = ["get", "set", "willSet", "didSet"]

  /// `{ statements }` (a getter), or `{ get … set … }` / `{ willSet … didSet … }`.
  private mutating func parseAccessors() throws -> SwiftAccessors {
    let open = current.range
    index += 1
    var wordOffset = 0
    while peek(wordOffset).isWord("mutating") || peek(wordOffset).isWord("nonmutating") { wordOffset += 1 }
    // `get {`, `set(value) {`, `didSet {`, or a protocol's `get set }`; a
    // getter's body that starts with a name such as `get` reads on (`get.count`).
    let afterWord = peek(wordOffset + 1)
    let startsAccessorList =
      Self.accessorWords.contains(peek(wordOffset).identifier ?? "")
      && (afterWord.isPunctuation("{") || afterWord.isPunctuation("(") || afterWord.isPunctuation("}")
        || afterWord.identifier != nil)
    guard startsAccessorList else {
      let getter = try nested { parser in try parser.withTrailingClosures(true) { try $0.parseStatements(until: "}") } }
      try expect("}", "`}` after the property's getter")
      return .computed(getter: getter, setter: nil, setterName: "newValue")
    }
    var bodies: [String: [SwiftStatement]] = [:]
    var names: [String: String] = [:]
    while !current.isPunctuation("}") {
      while current.isWord("mutating") || current.isWord("nonmutating") { index += 1 }
      let wordRange = current.range
      let word = try expectIdentifier("`get`, `set`, `willSet` or `didSet`")
      guard Self.accessorWords.contains(word) else {
        throw failure(
          "expected `get`, `set`, `willSet` or `didSet`, found `\(word)`", at: wordRange,
          expected: "a computed property's `get { … }` and `set { … }`, or observers `didSet { … }`")
      }
      if bodies[word] != nil { throw failure("this property already has a `\(word)`", at: wordRange) }
      if consume("(") {
        names[word] = try expectIdentifier("the parameter's name")
        try expect(")", "`)` after the parameter's name")
      }
      while current.isWord("async") || current.isWord("throws") { index += 1 }
      // A protocol's `{ get set }` has no bodies.
      bodies[word] = current.isPunctuation("{") ? try parseBlock("the `\(word)` body") : []
    }
    try expect("}", "`}` after the accessors")
    let isComputed = bodies["get"] != nil || bodies["set"] != nil
    if isComputed, bodies["willSet"] != nil || bodies["didSet"] != nil {
      throw failure(
        "a property has either `get`/`set` or `willSet`/`didSet`, not both", at: open,
        expected: "a stored property with observers, or a computed property")
    }
    if isComputed {
      guard let getter = bodies["get"] else {
        throw failure("a computed property with `set` needs a `get`", at: open)
      }
      return .computed(getter: getter, setter: bodies["set"], setterName: names["set"] ?? "newValue")
    }
    return .observed(
      willSet: bodies["willSet"], willSetName: names["willSet"] ?? "newValue", didSet: bodies["didSet"],
      didSetName: names["didSet"] ?? "oldValue")
  }

  /// `{ statements }`, a body of a function, accessor or control-flow statement.
  mutating func parseBlock(_ what: String) throws -> [SwiftStatement] {
    try expect("{", what)
    let body = try nested { parser in try parser.withTrailingClosures(true) { try $0.parseStatements(until: "}") } }
    try expect("}", "`}` to close \(what)")
    return body
  }

  // MARK: Functions

  private mutating func parseInterpreterFunction(from start: SourceRange, modifiers: [String]) throws
    -> SwiftStatement
  {
    let keyword = current.identifier ?? "func"
    index += 1
    var name = keyword
    if keyword == "init", current.isPunctuation("?") || current.isPunctuation("!"), !current.spaceBefore {
      name += current.punctuation ?? ""
      index += 1
    } else if keyword == "func" {
      // `static func == (lhs: …)`: an operator's name is its punctuation.
      if let op = current.punctuation, !["(", "{", "<", "["].contains(op) {
        name = op
        index += 1
      } else {
        name = try expectIdentifier("the function's name")
      }
    }
    let generics = current.isPunctuation("<") ? try parseGenericParameterNames() : []
    let parameters = keyword == "deinit" ? [] : try parseParameters()
    var isAsync = false
    var isThrowing = false
    while true {
      if current.isWord("async") {
        isAsync = true
      } else if current.isWord("throws") || current.isWord("rethrows") {
        isThrowing = true
      } else {
        break
      }
      index += 1
    }
    let returnType = consume("->") ? try parseType() : nil
    if current.isWord("where") { try skipWhereClause() }
    var body: [SwiftStatement] = []
    if !insideProtocol || current.isPunctuation("{") {
      body = try parseBlock("the function's body")
    }
    var function = SwiftFunction(
      name: name, parameters: parameters, returnType: returnType, body: body, range: start.union(previousRange))
    function.modifiers = modifiers
    function.isAsync = isAsync
    function.isThrowing = isThrowing
    function.genericParameters = generics
    return SwiftStatement(kind: .function(function), range: function.range)
  }

  /// `(_ query: String, count: Int = 3, into set: inout Set<AnyCancellable>, _ values: Int...)`.
  private mutating func parseParameters() throws -> [SwiftParameter] {
    try expect("(", "the parameters")
    var parameters: [SwiftParameter] = []
    while !current.isPunctuation(")") {
      let first = try expectIdentifier("a parameter name")
      var parameter = SwiftParameter(label: first == "_" ? nil : first, name: first, type: nil)
      if let second = current.identifier {
        index += 1
        parameter.name = second
      }
      try expect(":", "`:` and the parameter's type")
      while current.isPunctuation("@") {
        index += 1
        _ = try expectIdentifier("an attribute, such as `@escaping`")
      }
      parameter.isInout = current.isWord("inout")
      parameter.type = try parseType()
      parameter.isVariadic = consume("...")
      if consume("=") { parameter.defaultValue = try parseExpression() }
      parameters.append(parameter)
      if !consume(",") { break }
    }
    try expect(")", "`)` after the parameters")
    return parameters
  }

  /// `<T: Publisher, U>`: the names; constraints are read past.
  private mutating func parseGenericParameterNames() throws -> [String] {
    try expect("<", "`<`")
    var names: [String] = []
    while !current.isPunctuation(">") {
      names.append(try expectIdentifier("a generic parameter's name"))
      if consume(":") {
        repeat { _ = try parseType() } while consume("&")
      }
      if !consume(",") { break }
      splitClosingAngles()
    }
    splitClosingAngles()
    try expect(">", "`>` after the generic parameters")
    return names
  }

  // MARK: Types

  private mutating func parseType(from start: SourceRange, modifiers: [String]) throws -> SwiftStatement {
    let kind = SwiftTypeKind(rawValue: current.identifier ?? "") ?? .class
    index += 1
    var nameRange = current.range
    var name = try expectIdentifier("the type's name")
    while current.isPunctuation("."), !current.spaceBefore {
      index += 1
      name += "." + (try expectIdentifier("a type name"))
      nameRange = nameRange.union(previousRange)
    }
    let generics = current.isPunctuation("<") ? try parseGenericParameterNames() : []
    var inherited: [SwiftType] = []
    if consume(":") {
      repeat { inherited.append(try parseType()) } while consume(",") || consume("&")
    }
    // `extension Publisher where Output == String`: the constraint is read past.
    if current.isWord("where") { try skipWhereClause() }
    try expect("{", "the type's body")
    let savedInsideProtocol = insideProtocol
    insideProtocol = kind == .protocol
    defer { insideProtocol = savedInsideProtocol }
    let members = try nested { parser in try parser.withTrailingClosures(true) { try $0.parseStatements(until: "}") } }
    try expect("}", "`}` after the type's body")
    let declaration = SwiftTypeDeclaration(
      kind: kind, name: name, nameRange: nameRange,
      genericParameters: generics, inherited: inherited, modifiers: modifiers, members: members,
      range: start.union(previousRange))
    return SwiftStatement(kind: .type(declaration), range: declaration.range)
  }

  /// `case loading, loaded([String]), failed(message: String) = …` (`indirect case` too).
  private mutating func parseEnumCases(from start: SourceRange) throws -> SwiftStatement {
    index += 1
    var cases: [SwiftEnumCase] = []
    repeat {
      let caseStart = current.range
      let name = try expectIdentifier("a case name")
      var fields: [SwiftEnumCaseField] = []
      if consume("(") {
        while !current.isPunctuation(")") {
          var label: String?
          if let first = current.identifier, peek().isPunctuation(":") {
            label = first == "_" ? nil : first
            index += 2
          } else if let first = current.identifier, peek().identifier != nil, peek(2).isPunctuation(":") {
            label = first == "_" ? nil : first
            index += 3
          }
          fields.append(SwiftEnumCaseField(label: label, type: try parseType()))
          // A default value (`case retry(times: Int = 3)`) is read past.
          if consume("=") { _ = try parseExpression() }
          if !consume(",") { break }
        }
        try expect(")", "`)` after the case's associated values")
      }
      let rawValue = consume("=") ? try parseExpression() : nil
      cases.append(
        SwiftEnumCase(name: name, associated: fields, rawValue: rawValue, range: caseStart.union(previousRange)))
    } while consume(",")
    return SwiftStatement(kind: .enumCases(cases), range: start.union(previousRange))
  }
}
