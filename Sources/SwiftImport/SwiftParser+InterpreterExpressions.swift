import StreamLang

// What the interpreter's mode reads in expressions beyond the lowering's
// (issue 29): `try?`, `try!` and `await` told apart, dictionary literals, and
// closures' capture lists and typed parameters.
//
//     effect     = ("try" ["?" | "!"] | "await") prefix
//     range      = ("..." | "..<") prefix | expr "..."        (one-sided ranges)
//     operator   = OPERATOR before ")" or ","                  (`reduce(0, +)`: an identifier)
//     collection = "[" "]" | "[" ":" "]" | "[" expr { "," expr } "]" | "[" expr ":" expr { "," … } "]"
//     closure    = "{" { "@" NAME } [ "[" capture { "," capture } "]" ] [params ["->" type] "in"] statements "}"
//     capture    = ["weak" | "unowned" ["(safe)"]] NAME ["=" expr]
//     params     = NAME { "," NAME } | "(" [NAME [":" type] { "," … }] ")"

/// What comes before a closure's `in`: captures, parameter names and their types.
struct ClosureHead {
  var parameters: [String] = []
  var parameterTypes: [SwiftType?] = []
  var captures: [SwiftCapture] = []
  var resultType: SwiftType?
}

extension SwiftParser {
  /// `try x`, `try? x`, `try! x` or `await x`; nil when none starts here.
  mutating func parseEffectPrefix() throws -> SwiftExpr? {
    let start = current.range
    if current.isWord("await") {
      index += 1
      let value = try nested { try $0.parsePrefix() }
      return SwiftExpr(kind: .awaited(value), range: start.union(value.range))
    }
    guard current.isWord("try") else { return nil }
    index += 1
    var mark: String?
    if current.isPunctuation("?") || current.isPunctuation("!"), !current.spaceBefore {
      mark = current.punctuation
      index += 1
    }
    let value = try nested { try $0.parsePrefix() }
    let range = start.union(value.range)
    switch mark {
    case "?": return SwiftExpr(kind: .optionalTry(value), range: range)
    case "!": return SwiftExpr(kind: .forcedTry(value), range: range)
    default: return SwiftExpr(kind: .tried(value), range: range)
    }
  }

  func isRange(_ op: String) -> Bool { op == "..." || op == "..<" }

  /// `reduce(0, +)`, `sorted(by: <)`: an operator passed as a function, read
  /// as its name (the interpreter's mode only).
  mutating func operatorAsFunction() -> SwiftExpr? {
    guard mode == .interpreter, let op = current.punctuation, Self.precedence(of: op) != nil,
      peek().isPunctuation(")") || peek().isPunctuation(",")
    else { return nil }
    index += 1
    return SwiftExpr(kind: .identifier(op), range: previousRange)
  }

  /// `items[2...]`, `case 10...:`: a range with no upper bound, when nothing
  /// that can start an expression follows the `...` (the interpreter's mode only).
  mutating func oneSidedRange(from lower: SwiftExpr) -> SwiftExpr? {
    guard mode == .interpreter, current.isPunctuation("...") else { return nil }
    let next = peek()
    let endsHere =
      next.newlineBefore || next.kind == .endOfInput
      || [")", "]", ",", ":", "{", "}", ";"].contains(next.punctuation ?? "")
    guard endsHere else { return nil }
    index += 1
    return SwiftExpr(kind: .postfix(op: "...", lower), range: lower.range.union(previousRange))
  }

  /// An array literal, or a dictionary literal (`["a": 1]`, `[:]`).
  mutating func parseCollectionLiteral() throws -> SwiftExpr {
    let open = current.range
    index += 1
    if consume(":") {
      try expect("]", "`]` after `[:`")
      return SwiftExpr(kind: .dictionary([]), range: open.union(previousRange))
    }
    var elements: [SwiftExpr] = []
    var entries: [SwiftDictionaryEntry] = []
    while !current.isPunctuation("]") {
      let element = try parseExpression()
      if elements.isEmpty, current.isPunctuation(":") {
        index += 1
        entries.append(SwiftDictionaryEntry(key: element, value: try parseExpression()))
      } else if !entries.isEmpty {
        try expect(":", "`:` and the value for this key")
      } else {
        elements.append(element)
      }
      if !consume(",") { break }
    }
    try expect("]", "`]` or `,` between elements")
    let range = open.union(previousRange)
    return SwiftExpr(kind: entries.isEmpty ? .array(elements) : .dictionary(entries), range: range)
  }

  /// The closure's head up to `in`, or an empty head (and nothing consumed)
  /// when there is no `in`: `{ [$0] }` starts with an array, not captures.
  mutating func closureHead() -> ClosureHead {
    let mark = index
    if let head = try? parseClosureHead() { return head }
    index = mark
    return ClosureHead()
  }

  private mutating func parseClosureHead() throws -> ClosureHead? {
    var head = ClosureHead()
    // `{ @MainActor in … }`, `{ @Sendable value in … }`: the attribute changes where or how it runs, not what.
    while current.isPunctuation("@"), peek().identifier != nil { index += 2 }
    if consume("[") {
      while !current.isPunctuation("]") {
        let start = current.range
        var strength = SwiftCapture.Strength.strong
        if current.isWord("weak") || current.isWord("unowned"), peek().identifier != nil || peek().isPunctuation("(") {
          strength = current.isWord("weak") ? .weak : .unowned
          index += 1
          if current.isPunctuation("(") { try skipBalanced() }
        }
        let name = try expectIdentifier("a captured name")
        let value = consume("=") ? try parseExpression() : nil
        head.captures.append(
          SwiftCapture(strength: strength, name: name, value: value, range: start.union(previousRange)))
        if !consume(",") { break }
      }
      try expect("]", "`]`")
    }
    if consume("(") {
      while !current.isPunctuation(")") {
        head.parameters.append(try expectIdentifier("a parameter name"))
        head.parameterTypes.append(consume(":") ? try parseType() : nil)
        if !consume(",") { break }
      }
      try expect(")", "`)`")
    } else {
      while let name = current.identifier, name != "in" {
        index += 1
        head.parameters.append(name)
        head.parameterTypes.append(nil)
        if !consume(",") { break }
      }
    }
    while current.isWord("throws") || current.isWord("async") { index += 1 }
    if consume("->") { head.resultType = try parseType() }
    guard current.isWord("in") else { return nil }
    index += 1
    return head
  }
}
