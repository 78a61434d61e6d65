/// What is still unfinished at the end of a piece of input: unclosed braces,
/// brackets or parentheses, an unclosed string, or a trailing `|` that waits
/// for the next operator.
///
/// The REPL asks for another line (with the continuation prompt) while any of
/// these is open, the way the Swift and Python REPLs do.
public struct OpenInput: Equatable {
  /// The opening brackets not yet closed, innermost last.
  public var brackets: [Character] = []
  /// The input ends inside a string literal.
  public var isInsideString = false
  /// The last line ends with a pipe (or `||`) that needs a right-hand side.
  public var endsWithPipe = false
  /// A closing bracket had no opener: the input is broken, not unfinished,
  /// so the parser should see it now and report it.
  public var isUnbalanced = false

  /// Scans `text`, skipping string contents and `//` comments.
  public init(_ text: String) {
    var lastSignificant: [Character] = []
    var isInComment = false
    var isEscaped = false
    for character in text {
      if isInComment {
        if character == "\n" { isInComment = false }
        continue
      }
      if isInsideString {
        if isEscaped {
          isEscaped = false
        } else if character == "\\" {
          isEscaped = true
        } else if character == "\"" {
          isInsideString = false
        }
        lastSignificant = ["\""]
        continue
      }
      switch character {
      case "\"":
        isInsideString = true
      case "(", "[", "{":
        brackets.append(character)
      case ")", "]", "}":
        if let open = brackets.last, Self.closer(of: open) == character {
          brackets.removeLast()
        } else {
          isUnbalanced = true
        }
      case "/" where lastSignificant.last == "/":
        isInComment = true
        lastSignificant.removeLast()
        continue
      default:
        break
      }
      if character == "\n" {
        lastSignificant = []
      } else if !character.isWhitespace {
        lastSignificant.append(character)
        if lastSignificant.count > 3 { lastSignificant.removeFirst() }
      }
    }
    endsWithPipe = Self.isPipe(lastSignificant)
  }

  /// True when the REPL should read another line before running the input.
  public var needsMoreInput: Bool {
    !isUnbalanced && (isInsideString || !brackets.isEmpty || endsWithPipe)
  }

  private static func closer(of open: Character) -> Character {
    switch open {
    case "(": return ")"
    case "[": return "]"
    default: return "}"
    }
  }

  /// A trailing `|` is a pipe unless it is the finish marker of a timed send
  /// (`900ms:|`), which ends many complete `events` and `subject` lines.
  private static func isPipe(_ tail: [Character]) -> Bool {
    guard tail.last == "|" else { return false }
    let before = tail.dropLast().last
    return before != ":"
  }
}
