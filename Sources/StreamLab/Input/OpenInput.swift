/// What is still unfinished at the end of a piece of input: unclosed braces,
/// brackets or parentheses, an unclosed string, or a trailing `|` that waits
/// for the next operator.
///
/// The REPL asks for another line (with the continuation prompt, saying
/// why) while a bracket or a pipe is open, the way the Swift and Python REPLs
/// do; an empty line ends the input there. An unclosed string is not waited
/// for: a string ends with its line.
public struct OpenInput: Equatable {
  /// The opening brackets not yet closed, innermost last.
  public var brackets: [Character] = []
  /// Where each bracket in `brackets` was opened.
  public var bracketPositions: [Position] = []
  /// The input ends inside a string literal.
  public var isInsideString = false
  /// A string literal is left open at the end of a line. Strings never span
  /// lines (the lexer says so), so the input is broken, not unfinished: the
  /// parser should see it now and point at the opening quote.
  public var hasUnclosedString = false
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
    var position = Position(line: 1, column: 0)
    for character in text {
      if character == "\n" {
        position = Position(line: position.line + 1, column: 0)
      } else {
        position.column += 1
      }
      if isInComment {
        if character == "\n" { isInComment = false }
        continue
      }
      if isInsideString {
        if character == "\n" {
          hasUnclosedString = true
          isInsideString = false
          isEscaped = false
          lastSignificant = []
          continue
        }
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
        bracketPositions.append(position)
      case ")", "]", "}":
        if let open = brackets.last, Self.closer(of: open) == character {
          brackets.removeLast()
          bracketPositions.removeLast()
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
    if isInsideString { hasUnclosedString = true }
    endsWithPipe = Self.isPipe(lastSignificant)
  }

  /// A character's place in the input, both counted from 1.
  public struct Position: Equatable {
    public var line: Int
    public var column: Int

    /// `column 6` on the first line, `line 2, column 6` after it.
    var description: String { line == 1 ? "column \(column)" : "line \(line), column \(column)" }
  }

  /// True when the REPL should read another line before running the input.
  public var needsMoreInput: Bool {
    !isUnbalanced && !hasUnclosedString && (!brackets.isEmpty || endsWithPipe)
  }

  /// Why the input is unfinished, for the continuation prompt: the
  /// innermost open bracket, or the trailing pipe. Nil when it is not.
  public var continuationReason: String? {
    guard needsMoreInput else { return nil }
    if let open = brackets.last, let position = bracketPositions.last {
      return "`\(open)` opened at \(position.description) is not closed"
    }
    return "the `|` at the end waits for an operator"
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
