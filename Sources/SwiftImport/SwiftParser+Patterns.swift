import StreamLang

// Patterns of `switch`, `if case`, `for`, `catch` and tuple `let`s (the
// interpreter's mode, issue 29).
//
//     pattern = primary { "?" | "as" type }
//     primary = ("let" | "var") pattern | "is" type | "_" | "(" [NAME ":"] pattern { "," … } ")"
//             | [TYPE { "." NAME }] "." NAME "(" [NAME ":"] pattern { "," … } ")"
//             | NAME (after `let`/`var`, or in a `for`: a binding) | expr (compared with `~=`)
extension SwiftParser {
  /// A pattern; `binding` says whether bare names bind (`false` after `let`,
  /// `true` after `var`) or, when nil, are values to compare with.
  mutating func parsePattern(binding: Bool?) throws -> SwiftPattern {
    try nested { parser in
      var pattern = try parser.parsePatternPrimary(binding: binding)
      while true {
        if parser.current.isPunctuation("?"), !parser.current.spaceBefore {
          parser.index += 1
          pattern = .optional(pattern)
        } else if parser.current.isWord("as") {
          parser.index += 1
          pattern = .typeCheck(pattern, try parser.parseType())
        } else {
          return pattern
        }
      }
    }
  }

  private mutating func parsePatternPrimary(binding: Bool?) throws -> SwiftPattern {
    let token = current
    if token.isWord("let") || token.isWord("var") {
      index += 1
      return try parsePattern(binding: token.isWord("var"))
    }
    if token.isWord("is") {
      index += 1
      return .typeCheck(nil, try parseType())
    }
    if token.isWord("_"), !(peek().isPunctuation(".") && !peek().spaceBefore) {
      index += 1
      return .wildcard
    }
    if token.isPunctuation("(") {
      let elements = try parsePatternArguments(binding: binding)
      if elements.count == 1, elements[0].label == nil { return elements[0].pattern }
      return .tuple(elements)
    }
    // `.loaded(let items)`: a case with its associated values.
    if token.isPunctuation("."), let name = peek().identifier, peek(2).isPunctuation("("), !peek(2).spaceBefore {
      index += 2
      return .enumCase(typeName: nil, name: name, arguments: try parsePatternArguments(binding: binding))
    }
    if let name = token.identifier, !["true", "false", "nil", "self", "Self", "super"].contains(name) {
      // `State.failed(let error)`, `Outer.Inner.case(_)`.
      var parts = [name]
      var offset = 1
      while peek(offset).isPunctuation("."), !peek(offset).spaceBefore, let next = peek(offset + 1).identifier {
        parts.append(next)
        offset += 2
      }
      if parts.count >= 2, peek(offset).isPunctuation("("), !peek(offset).spaceBefore {
        index += offset
        return .enumCase(
          typeName: parts.dropLast().joined(separator: "."), name: parts[parts.count - 1],
          arguments: try parsePatternArguments(binding: binding))
      }
      if parts.count == 1, let binding {
        index += 1
        return .binding(name, isVariable: binding)
      }
    }
    return .expression(try withTrailingClosures(false) { try $0.parseExpression() })
  }

  /// `(label: pattern, pattern, …)`.
  private mutating func parsePatternArguments(binding: Bool?) throws -> [SwiftPatternArgument] {
    try expect("(", "`(`")
    var arguments: [SwiftPatternArgument] = []
    while !current.isPunctuation(")") {
      var label: String?
      if let name = current.identifier, peek().isPunctuation(":") {
        label = name
        index += 2
      }
      arguments.append(SwiftPatternArgument(label: label, pattern: try parsePattern(binding: binding)))
      if !consume(",") { break }
    }
    try expect(")", "`)` or `,` between patterns")
    return arguments
  }
}
