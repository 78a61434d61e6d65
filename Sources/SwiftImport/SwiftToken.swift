import StreamLang

/// One lexical unit of pasted Swift, with where it was read and whether
/// whitespace or a line break came before it: Swift's grammar needs both
/// (`a?.b` is optional chaining, `a ? b : c` is not; a line starting with
/// `.map` continues the chain above it, a line starting with `(` does not).
struct SwiftToken: Hashable {
  var kind: SwiftTokenKind
  var range: SourceRange
  var spaceBefore: Bool
  var newlineBefore: Bool

  /// The punctuation or operator text, or nil for other kinds.
  var punctuation: String? {
    if case .punctuation(let text) = kind { return text }
    return nil
  }

  /// The identifier or keyword text, or nil for other kinds.
  var identifier: String? {
    if case .identifier(let name) = kind { return name }
    return nil
  }

  func isPunctuation(_ text: String) -> Bool { punctuation == text }
  func isWord(_ text: String) -> Bool { identifier == text }
}

/// What a Swift token is. Keywords are identifiers: the parser tells `let`,
/// `func` and `in` apart by their text, as Swift's contextual keywords need.
enum SwiftTokenKind: Hashable {
  case identifier(String)
  /// `$0`, `$1`.
  case dollar(Int)
  /// An integer literal's digits, underscores removed.
  case integer(String)
  /// A floating-point literal's text, underscores removed.
  case float(String)
  /// A string literal: text pieces and the source ranges of `\(…)` interpolations.
  case string([SwiftStringPiece])
  /// Punctuation and operators: `(`, `.`, `->`, `==`, `...`, `&&`, `?`.
  case punctuation(String)
  case endOfInput

  /// How the token reads in a diagnostic.
  var spelled: String {
    switch self {
    case .identifier(let name): return "`\(name)`"
    case .dollar(let index): return "`$\(index)`"
    case .integer, .float: return "a number"
    case .string: return "a string"
    case .punctuation(let text): return "`\(text)`"
    case .endOfInput: return "the end of the code"
    }
  }
}

/// A piece of a string literal: literal text, or an interpolation's expression text.
enum SwiftStringPiece: Hashable {
  case text(String)
  case interpolation(SourceRange)
}
