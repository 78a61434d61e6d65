import StreamLang

// The interpreter's control flow (`SwiftParser.Mode.interpreter`, issue 29).
//
//     if          = "if" conditions block ["else" (if | block)]
//     guard       = "guard" conditions "else" block
//     conditions  = condition { "," condition }
//     condition   = ("let" | "var") NAME [":" type] ["=" expr] | "case" pattern "=" expr | expr
//     switch      = "switch" expr "{" { ("case" pattern { "," pattern } ["where" expr] | ["@unknown"] "default")
//                   ":" statements } "}"
//     for         = "for" ["case"] pattern "in" expr ["where" expr] block
//     while       = "while" conditions block
//     repeat      = "repeat" block "while" expr
//     do          = "do" block { "catch" [pattern] ["where" expr] block }
//     others      = "defer" block | "throw" expr | "break" | "continue"
//
// In a condition, a sequence or a subject, `{` after an expression opens the
// body (`allowsTrailingClosures`), as in Swift.
extension SwiftParser {
  /// The control-flow statement `word` starts, or nil when it starts none.
  mutating func parseControlFlow(_ word: String, from start: SourceRange) throws -> SwiftStatement? {
    let kind: SwiftStatementKind
    switch word {
    case "if":
      return try parseIf(from: start)
    case "guard":
      index += 1
      let conditions = try parseConditions()
      try expectWord("else", "`else` and the block that leaves the scope")
      kind = .guardStatement(conditions: conditions, otherwise: try parseBlock("the `guard`'s `else` block"))
    case "switch":
      return try parseSwitch(from: start)
    case "for":
      return try parseForIn(from: start)
    case "while":
      index += 1
      let conditions = try parseConditions()
      kind = .whileLoop(conditions: conditions, body: try parseBlock("the loop's body"))
    case "repeat":
      index += 1
      let body = try parseBlock("the loop's body")
      try expectWord("while", "`while` and the loop's condition")
      kind = .repeatWhile(body: body, condition: try withTrailingClosures(false) { try $0.parseExpression() })
    case "do":
      return try parseDoCatch(from: start)
    case "defer":
      index += 1
      kind = .deferStatement(try parseBlock("the `defer` block"))
    case "throw":
      index += 1
      kind = .throwStatement(try parseExpression())
    case "break", "continue":
      index += 1
      if let label = current.identifier, !current.newlineBefore {
        throw failure(
          "streamlab cannot run labelled statements (`\(word) \(label)`) yet", at: current.range,
          expected: "a flag checked by the outer loop, or a function that returns")
      }
      kind = word == "break" ? .breakStatement : .continueStatement
    default:
      if current.identifier != nil, peek().isPunctuation(":"),
        ["for", "while", "repeat", "do", "if", "switch"].contains(peek(2).identifier ?? "")
      {
        throw failure(
          "streamlab cannot run labelled statements yet", at: current.range.union(peek().range),
          expected: "the statement without its label, and a flag checked by the outer loop")
      }
      return nil
    }
    return SwiftStatement(kind: kind, range: start.union(previousRange))
  }

  private mutating func parseIf(from start: SourceRange) throws -> SwiftStatement {
    index += 1
    let conditions = try parseConditions()
    let then = try parseBlock("the `if`'s body")
    var otherwise: [SwiftStatement]?
    if current.isWord("else") {
      index += 1
      if current.isWord("if") {
        let elseIf = try nested { try $0.parseIf(from: $0.current.range) }
        otherwise = [elseIf]
      } else {
        otherwise = try parseBlock("the `else` block")
      }
    }
    return SwiftStatement(
      kind: .ifStatement(conditions: conditions, then: then, otherwise: otherwise), range: start.union(previousRange))
  }

  /// `let x = value, var y = other, let z, case .a(let v) = state, x > 2`.
  private mutating func parseConditions() throws -> [SwiftCondition] {
    try withTrailingClosures(false) { parser in
      var conditions: [SwiftCondition] = []
      repeat {
        conditions.append(try parser.parseCondition())
      } while parser.consume(",")
      return conditions
    }
  }

  private mutating func parseCondition() throws -> SwiftCondition {
    let start = current.range
    if current.isWord("let") || current.isWord("var"), peek().identifier != nil {
      let isVariable = current.isWord("var")
      index += 1
      let name = try expectIdentifier("the name to bind")
      if consume(":") { _ = try parseType() }
      let value = consume("=") ? try parseExpression() : nil
      return .optionalBinding(isVariable: isVariable, name: name, value: value, range: start.union(previousRange))
    }
    if current.isWord("case") {
      index += 1
      let pattern = try parsePattern(binding: nil)
      try expect("=", "`=` and the value to match, such as `if case .loaded(let items) = state`")
      return .matching(pattern, try parseExpression())
    }
    return .expression(try parseExpression())
  }

  private mutating func parseSwitch(from start: SourceRange) throws -> SwiftStatement {
    index += 1
    let subject = try withTrailingClosures(false) { try $0.parseExpression() }
    try expect("{", "`{` and the switch's cases")
    var cases: [SwiftSwitchCase] = []
    while !current.isPunctuation("}") {
      let caseStart = current.range
      if current.isPunctuation("@"), peek().isWord("unknown") { index += 2 }
      var patterns: [SwiftPattern] = []
      var whereClause: SwiftExpr?
      if current.isWord("default") {
        index += 1
      } else if current.isWord("case") {
        index += 1
        repeat {
          if let earlier = whereClause {
            throw failure(
              "streamlab reads a `where` only after a case's last pattern", at: earlier.range,
              expected: "a case of its own for the pattern with `where`")
          }
          patterns.append(try parsePattern(binding: nil))
          if current.isWord("where") {
            index += 1
            whereClause = try parseExpression()
          }
        } while consume(",")
      } else {
        throw failure("expected `case` or `default` in this `switch`, found \(current.kind.spelled)", at: current.range)
      }
      try expect(":", "`:` after the case's patterns")
      let body = try nested { parser in
        try parser.withTrailingClosures(true) { try $0.parseStatements(until: "}", endsAtCaseLabel: true) }
      }
      // Swift has no fallthrough into the next case by default, so an empty body does not compile.
      if body.isEmpty {
        throw failure(
          "'\(patterns.isEmpty ? "default" : "case")' label in a 'switch' must have at least one executable statement",
          at: caseStart, expected: "a statement, or `break` for a case that does nothing")
      }
      cases.append(
        SwiftSwitchCase(
          patterns: patterns, whereClause: whereClause, body: body, range: caseStart.union(previousRange)))
    }
    try expect("}", "`}` after the switch's cases")
    return SwiftStatement(kind: .switchStatement(subject: subject, cases: cases), range: start.union(previousRange))
  }

  /// At `case …:`, `default:` or `@unknown default:`, which end a switch case's body.
  var isAtCaseLabel: Bool {
    current.isWord("case") || (current.isWord("default") && peek().isPunctuation(":"))
      || (current.isPunctuation("@") && peek().isWord("unknown"))
  }

  private mutating func parseForIn(from start: SourceRange) throws -> SwiftStatement {
    index += 1
    // `for await x in s` and `for try await x in s` (the interpreter's mode):
    // the sequence is kept as `await s` (and `try await s`), which the
    // interpreter iterates as an async sequence.
    var effects: [(word: String, range: SourceRange)] = []
    while mode == .interpreter, current.isWord("try") || current.isWord("await") {
      effects.append((current.identifier ?? "", current.range))
      index += 1
    }
    if current.isWord("try") || current.isWord("await") {
      throw failure(
        "streamlab cannot run `for await` over an async sequence", at: current.range,
        expected: "a `sink` on the publisher, whose closure gets each value")
    }
    let pattern: SwiftPattern
    if current.isWord("case") {
      index += 1
      pattern = try parsePattern(binding: nil)
    } else {
      // `for x in`, `for (i, x) in`: the names are bound, as after `let`.
      pattern = try parsePattern(binding: false)
    }
    if consume(":") { _ = try parseType() }
    try expectWord("in", "`in` and the sequence")
    var sequence = try withTrailingClosures(false) { try $0.parseExpression() }
    if effects.contains(where: { $0.word == "await" }) {
      sequence = SwiftExpr(kind: .awaited(sequence), range: sequence.range)
      if effects.contains(where: { $0.word == "try" }) {
        sequence = SwiftExpr(kind: .tried(sequence), range: sequence.range)
      }
    } else if let effect = effects.first {
      throw failure(
        "`for \(effect.word)` needs `await`: `for try await` iterates an async sequence that can throw",
        at: effect.range, expected: "`for try await x in sequence`")
    }
    var whereClause: SwiftExpr?
    if current.isWord("where") {
      index += 1
      whereClause = try withTrailingClosures(false) { try $0.parseExpression() }
    }
    let body = try parseBlock("the loop's body")
    return SwiftStatement(
      kind: .forIn(pattern: pattern, sequence: sequence, whereClause: whereClause, body: body),
      range: start.union(previousRange))
  }

  private mutating func parseDoCatch(from start: SourceRange) throws -> SwiftStatement {
    index += 1
    let body = try parseBlock("the `do` block")
    var catches: [SwiftCatchClause] = []
    while current.isWord("catch") {
      let catchStart = current.range
      index += 1
      var pattern: SwiftPattern?
      var whereClause: SwiftExpr?
      try withTrailingClosures(false) { parser in
        if !parser.current.isPunctuation("{"), !parser.current.isWord("where") {
          pattern = try parser.parsePattern(binding: nil)
        }
        if parser.current.isPunctuation(",") {
          throw parser.failure(
            "streamlab reads one pattern per `catch`", at: parser.current.range,
            expected: "one `catch` clause for each pattern")
        }
        if parser.current.isWord("where") {
          parser.index += 1
          whereClause = try parser.parseExpression()
        }
      }
      let clauseBody = try parseBlock("the `catch` block")
      catches.append(
        SwiftCatchClause(
          pattern: pattern, whereClause: whereClause, body: clauseBody, range: catchStart.union(previousRange)))
    }
    return SwiftStatement(kind: .doCatch(body: body, catches: catches), range: start.union(previousRange))
  }

  mutating func expectWord(_ word: String, _ what: String) throws {
    guard current.isWord(word) else {
      throw failure("expected \(what), found \(current.kind.spelled)", at: current.range)
    }
    index += 1
  }
}
