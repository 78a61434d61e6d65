import StreamCore

/// One lexical unit of a program, with the UTF-8 range it was read from.
public struct Token: Hashable {
  public var kind: TokenKind
  public var range: SourceRange

  public init(_ kind: TokenKind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }
}

/// What a token is. Literals carry their value, already decoded; keywords are
/// plain identifiers because the language's keywords are contextual (`count`
/// is an operator after `|` and a member after `.`).
public enum TokenKind: Hashable {
  case identifier(String)
  /// `$0`, `$1`: Swift's anonymous closure parameters.
  case dollar(Int)
  case int(Int)
  case double(Double)
  case string(String)
  /// `300ms`, `1.5s`, `20us`, `5ns`.
  case time(VirtualInterval)
  /// A statement separator that the lexer kept: newlines inside brackets are dropped.
  case newline
  case pipe  // |
  case at  // @
  case dotDot  // ..
  case ellipsis  // ...
  case halfOpenRange  // ..<
  case colon, semicolon, comma, dot, hash, assign
  case leftBrace, rightBrace, leftBracket, rightBracket, leftParen, rightParen
  case plus, minus, star, slash, percent
  case equal, notEqual, less, lessEqual, greater, greaterEqual
  case and, or, not, question, nilCoalescing
  case endOfInput

  /// How the token reads in a diagnostic: "`|`", "a number", "the end of the input".
  public var spelled: String {
    switch self {
    case .identifier(let name): return "`\(name)`"
    case .dollar(let index): return "`$\(index)`"
    case .int, .double: return "a number"
    case .string: return "a string"
    case .time: return "a time"
    case .newline: return "the end of the line"
    case .endOfInput: return "the end of the input"
    default: return "`\(symbol ?? "?")`"
    }
  }

  /// How the token reads after "unexpected", without an article:
  /// "unexpected number", "unexpected end of the line", "unexpected `|`".
  public var spelledAfterUnexpected: String {
    switch self {
    case .int, .double: return "number"
    case .string: return "string"
    case .time: return "time"
    case .newline: return "end of the line"
    case .endOfInput: return "end of the input"
    default: return spelled
    }
  }

  /// The punctuation's text, for symbol tokens.
  public var symbol: String? {
    switch self {
    case .pipe: return "|"
    case .at: return "@"
    case .dotDot: return ".."
    case .ellipsis: return "..."
    case .halfOpenRange: return "..<"
    case .colon: return ":"
    case .semicolon: return ";"
    case .comma: return ","
    case .dot: return "."
    case .hash: return "#"
    case .assign: return "="
    case .leftBrace: return "{"
    case .rightBrace: return "}"
    case .leftBracket: return "["
    case .rightBracket: return "]"
    case .leftParen: return "("
    case .rightParen: return ")"
    case .plus: return "+"
    case .minus: return "-"
    case .star: return "*"
    case .slash: return "/"
    case .percent: return "%"
    case .equal: return "=="
    case .notEqual: return "!="
    case .less: return "<"
    case .lessEqual: return "<="
    case .greater: return ">"
    case .greaterEqual: return ">="
    case .and: return "&&"
    case .or: return "||"
    case .not: return "!"
    case .question: return "?"
    case .nilCoalescing: return "??"
    default: return nil
    }
  }

  /// The identifier's text, or nil.
  public var identifier: String? {
    if case .identifier(let name) = self { return name }
    return nil
  }
}
