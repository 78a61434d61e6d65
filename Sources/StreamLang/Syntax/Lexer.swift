import StreamCore

/// Turns a program's text into tokens, in one linear pass over its UTF-8 bytes.
///
/// The lexer never stops at an error: a bad character or literal becomes a
/// diagnostic and lexing goes on, so the parser can still report what follows.
/// Newlines inside `()`, `[]` and `{}` are dropped here, which is what lets a
/// braced pipeline or a long argument list span several lines.
public struct Lexer {
  /// The tokens, ending with `.endOfInput`.
  public private(set) var tokens: [Token] = []
  public private(set) var diagnostics: [Diagnostic] = []
  /// Where lexing stopped because `isInterrupted` became true: the end of
  /// the last whole statement lexed (the tokens end there), or nil.
  public private(set) var interruptedAt: Int?

  private let bytes: [UInt8]
  private var position = 0
  private var bracketDepth = 0

  /// How many tokens are made between two looks at `isInterrupted`. A
  /// program as large as `ProgramLimits` allows is megabytes of text, whose
  /// lexing alone took half a second under load before the parser's first
  /// look (issue 26). This many take about a millisecond; a smaller program
  /// (1,000 statements of ten tokens) is never looked at here, and the
  /// parser's looks every `ProgramPhase.statementsBetweenLooks` statements decide.
  static let tokensBetweenLooks = 16_384

  /// Lexes all of `text`, or up to where `isInterrupted` was found true.
  public init(_ text: String, isInterrupted: () -> Bool = { false }) {
    bytes = Array(text.utf8)
    lexAll(isInterrupted: isInterrupted)
  }

  private mutating func lexAll(isInterrupted: () -> Bool) {
    var nextLook = Self.tokensBetweenLooks
    while true {
      skipSpacesAndComments()
      guard position < bytes.count else { break }
      if tokens.count >= nextLook {
        nextLook = tokens.count + Self.tokensBetweenLooks
        if isInterrupted() {
          endAtLastStatement()
          break
        }
      }
      let start = position
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\n"):
        position += 1
        if bracketDepth == 0 { append(.newline, from: start) }
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
        while position < bytes.count && isIdentifierByte(bytes[position]) { position += 1 }
        append(.identifier(text(from: start)), from: start)
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        lexNumber()
      case UInt8(ascii: "\""):
        lexString()
      case UInt8(ascii: "$"):
        position += 1
        let digitsStart = position
        while position < bytes.count && isDigit(bytes[position]) { position += 1 }
        if position == digitsStart {
          report("`$` must be followed by a number, like `$0`", from: start)
        } else if let index = Int(text(from: digitsStart)) {
          append(.dollar(index), from: start)
        } else {
          report("`\(text(from: start))` is too large a parameter number", from: start)
        }
      default:
        lexSymbol(byte, from: start)
      }
    }
    let end = interruptedAt ?? bytes.count
    tokens.append(Token(.endOfInput, range: SourceRange(start: end, end: end)))
  }

  /// Drops the tokens (and their diagnostics) of the statement being lexed,
  /// so that the parser reads whole statements only and says where it stopped.
  private mutating func endAtLastStatement() {
    let kept = tokens.lastIndex { $0.kind == .newline || $0.kind == .semicolon }.map { $0 + 1 } ?? 0
    let end = kept > 0 ? tokens[kept - 1].range.end : 0
    tokens.removeSubrange(kept...)
    diagnostics.removeAll { $0.range.start >= end }
    interruptedAt = end
  }

  private mutating func lexSymbol(_ byte: UInt8, from start: Int) {
    let next = position + 1 < bytes.count ? bytes[position + 1] : 0
    let afterNext = position + 2 < bytes.count ? bytes[position + 2] : 0
    func take(_ count: Int, _ kind: TokenKind) -> TokenKind {
      position += count
      return kind
    }
    let kind: TokenKind?
    // Scalars, not Characters: a Character compares as a string, which made
    // this switch a tenth of lexing a large program.
    switch (Unicode.Scalar(byte), Unicode.Scalar(next)) {
    case ("|", "|"): kind = take(2, .or)
    case ("|", _): kind = take(1, .pipe)
    case ("&", "&"): kind = take(2, .and)
    case ("@", _): kind = take(1, .at)
    case (".", "."):
      if afterNext == UInt8(ascii: ".") {
        kind = take(3, .ellipsis)
      } else if afterNext == UInt8(ascii: "<") {
        kind = take(3, .halfOpenRange)
      } else {
        kind = take(2, .dotDot)
      }
    case (".", _): kind = take(1, .dot)
    case (":", _): kind = take(1, .colon)
    case (";", _): kind = take(1, .semicolon)
    case (",", _): kind = take(1, .comma)
    case ("#", _): kind = take(1, .hash)
    case ("=", "="): kind = take(2, .equal)
    case ("=", _): kind = take(1, .assign)
    case ("!", "="): kind = take(2, .notEqual)
    case ("!", _): kind = take(1, .not)
    case ("<", "="): kind = take(2, .lessEqual)
    case ("<", _): kind = take(1, .less)
    case (">", "="): kind = take(2, .greaterEqual)
    case (">", _): kind = take(1, .greater)
    case ("?", "?"): kind = take(2, .nilCoalescing)
    case ("?", _): kind = take(1, .question)
    case ("+", _): kind = take(1, .plus)
    case ("-", _): kind = take(1, .minus)
    case ("*", _): kind = take(1, .star)
    case ("/", _): kind = take(1, .slash)
    case ("%", _): kind = take(1, .percent)
    case ("{", _), ("[", _), ("(", _):
      bracketDepth += 1
      kind = take(1, byte == UInt8(ascii: "{") ? .leftBrace : byte == UInt8(ascii: "[") ? .leftBracket : .leftParen)
    case ("}", _), ("]", _), (")", _):
      bracketDepth = max(0, bracketDepth - 1)
      kind = take(
        1, byte == UInt8(ascii: "}") ? .rightBrace : byte == UInt8(ascii: "]") ? .rightBracket : .rightParen)
    default: kind = nil
    }
    if let kind {
      append(kind, from: start)
      return
    }
    // Skip whole characters, not single bytes, and a run of them at once, so
    // the caret and the message show what the student typed.
    repeat {
      position += max(1, scalarLength(leadByte: bytes[position]))
      position = min(position, bytes.count)
    } while position < bytes.count && bytes[position] >= 0x80
    let characters = text(from: start)
    let shown = characters.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } ? characters : "?"
    report(
      "unexpected character\(characters.count > 1 ? "s" : "") `\(shown.count > 20 ? shown.prefix(20) + "…" : shown)`",
      from: start, note: byte == UInt8(ascii: "'") ? "strings use double quotes, like \"text\"" : nil)
  }

  /// Digits, then an optional fraction and an optional time unit.
  private mutating func lexNumber() {
    let start = position
    while position < bytes.count && (isDigit(bytes[position]) || bytes[position] == UInt8(ascii: "_")) {
      position += 1
    }
    // After a `.` the digits are a tuple index (`pair.0.1`), never a fraction.
    let afterDot = tokens.last?.kind == .dot
    var isFraction = false
    if !afterDot, position + 1 < bytes.count, bytes[position] == UInt8(ascii: "."), isDigit(bytes[position + 1]) {
      isFraction = true
      position += 1
      while position < bytes.count && isDigit(bytes[position]) { position += 1 }
    }
    let numberText = String(text(from: start).filter { $0 != "_" })
    let unitStart = position
    while position < bytes.count && isIdentifierByte(bytes[position]) { position += 1 }
    let unit = text(from: unitStart)
    if !unit.isEmpty {
      lexTime(numberText, unit: unit, from: start)
      return
    }
    if isFraction {
      append(.double(Double(numberText) ?? .infinity), from: start)
    } else if let value = Int(numberText) {
      append(.int(value), from: start)
    } else {
      report("the number \(numberText) is too large; an Int holds at most \(Int.max)", from: start)
      append(.int(0), from: start)
    }
  }

  private mutating func lexTime(_ numberText: String, unit: String, from start: Int) {
    let nanosecondsPerUnit: Double
    switch unit {
    case "ns": nanosecondsPerUnit = 1
    case "us": nanosecondsPerUnit = 1_000
    case "ms": nanosecondsPerUnit = 1_000_000
    case "s": nanosecondsPerUnit = 1_000_000_000
    default:
      report(
        "unknown time unit `\(unit)`", from: start, expected: "a time unit: ms, s, us or ns",
        suggestion: Suggestion.closest(to: unit, among: ["ms", "s", "us", "ns"]))
      append(.int(0), from: start)
      return
    }
    // Exact integer arithmetic where possible, so 1000000000ms is not rounded.
    if let whole = Int(numberText) {
      let (product, overflow) = whole.multipliedReportingOverflow(by: Int(nanosecondsPerUnit))
      if !overflow {
        append(.time(.nanoseconds(product)), from: start)
        return
      }
    } else if let number = Double(numberText), (number * nanosecondsPerUnit).rounded() < 9.2e18 {
      append(.time(.nanoseconds(Int((number * nanosecondsPerUnit).rounded()))), from: start)
      return
    }
    report("the time \(numberText)\(unit) is too long for the virtual clock", from: start)
    append(.time(.nanoseconds(0)), from: start)
  }

  /// A double-quoted string with Swift's escapes `\n \t \r \" \\ \0 \u{…}`.
  private mutating func lexString() {
    let start = position
    position += 1
    var value: [UInt8] = []
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        position += 1
        append(.string(String(decoding: value, as: UTF8.self)), from: start)
        return
      }
      if byte == UInt8(ascii: "\n") { break }
      if byte == UInt8(ascii: "\\") {
        lexEscape(into: &value)
        continue
      }
      value.append(byte)
      position += 1
    }
    diagnostics.append(
      Diagnostic(
        "this string has no closing quote", at: SourceRange(start: start, end: start + 1),
        expected: "`\"` before the end of the line"))
    append(.string(String(decoding: value, as: UTF8.self)), from: start)
  }

  private mutating func lexEscape(into value: inout [UInt8]) {
    let start = position
    position += 1
    guard position < bytes.count else { return }
    let byte = bytes[position]
    position += 1
    switch byte {
    case UInt8(ascii: "n"): value.append(UInt8(ascii: "\n"))
    case UInt8(ascii: "t"): value.append(UInt8(ascii: "\t"))
    case UInt8(ascii: "r"): value.append(UInt8(ascii: "\r"))
    case UInt8(ascii: "0"): value.append(0)
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "'"): value.append(byte)
    case UInt8(ascii: "u"):
      var hex = ""
      if position < bytes.count, bytes[position] == UInt8(ascii: "{") {
        position += 1
        while position < bytes.count, bytes[position] != UInt8(ascii: "}"), bytes[position] != UInt8(ascii: "\""),
          hex.count <= 8
        {
          hex.append(Character(Unicode.Scalar(bytes[position])))
          position += 1
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1 }
      }
      if let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) {
        value.append(contentsOf: Array(String(Character(scalar)).utf8))
      } else {
        report("`\\u{\(hex)}` is not a Unicode scalar", from: start, expected: "a hex code such as `\\u{1F600}`")
      }
    default:
      position = start + 1 + max(1, scalarLength(leadByte: byte))
      position = min(position, bytes.count)
      report(
        "unknown escape `\(text(from: start))` in a string", from: start, expected: "\\n, \\t, \\\", \\\\ or \\u{…}")
    }
  }

  private mutating func skipSpacesAndComments() {
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
        position += 1
      } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
        while position < bytes.count && bytes[position] != UInt8(ascii: "\n") { position += 1 }
      } else {
        return
      }
    }
  }

  private mutating func append(_ kind: TokenKind, from start: Int) {
    tokens.append(Token(kind, range: SourceRange(start: start, end: position)))
  }

  private mutating func report(
    _ message: String, from start: Int, expected: String? = nil, suggestion: String? = nil, note: String? = nil
  ) {
    diagnostics.append(
      Diagnostic(
        message, at: SourceRange(start: start, end: max(position, start + 1)), expected: expected,
        suggestion: suggestion, note: note))
  }

  private func text(from start: Int) -> String {
    String(decoding: bytes[start..<position], as: UTF8.self)
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  private func isIdentifierByte(_ byte: UInt8) -> Bool {
    isDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
  }

  private func scalarLength(leadByte byte: UInt8) -> Int {
    switch byte {
    case 0xF0...0xF7: return 4
    case 0xE0...0xEF: return 3
    case 0xC0...0xDF: return 2
    default: return 1
    }
  }
}
