import StreamLang

/// Splits pasted Swift into tokens, skipping comments; reports what Swift
/// would not accept either (an unclosed string or block comment, a stray
/// character) at its position.
struct SwiftLexer {
  private(set) var tokens: [SwiftToken] = []
  private(set) var diagnostics: [Diagnostic] = []

  private let bytes: [UInt8]
  private let base: Int
  private var position = 0
  private var sawSpace = false
  private var sawNewline = true

  /// Lexes `text`; ranges are offset by `base` so that an interpolation's
  /// text, lexed on its own, still points into the whole paste.
  /// Whether `"""` strings are read (the interpreter's mode) or refused (the lowering's).
  private let readsMultilineStrings: Bool

  init(_ text: Substring, base: Int = 0, readsMultilineStrings: Bool = false) {
    bytes = Array(text.utf8)
    self.base = base
    self.readsMultilineStrings = readsMultilineStrings
    lexAll()
  }

  init(_ text: String, readsMultilineStrings: Bool = false) {
    self.init(Substring(text), readsMultilineStrings: readsMultilineStrings)
  }

  private static let operatorBytes = Set("+-*/%=<>&|^~!?".utf8)

  private mutating func lexAll() {
    while true {
      skipSpacesAndComments()
      guard position < bytes.count else { break }
      let start = position
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
        while position < bytes.count, isIdentifierByte(bytes[position]) { position += 1 }
        append(.identifier(text(from: start)), from: start)
      case UInt8(ascii: "`"):
        position += 1
        while position < bytes.count, isIdentifierByte(bytes[position]) { position += 1 }
        if position < bytes.count, bytes[position] == UInt8(ascii: "`") { position += 1 }
        append(.identifier(text(from: start).filter { $0 != "`" }), from: start)
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        lexNumber(from: start)
      case UInt8(ascii: "\""):
        lexString(from: start)
      case UInt8(ascii: "$"):
        position += 1
        let digits = position
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        if position > digits, let index = Int(text(from: digits)) {
          append(.dollar(index), from: start)
        } else {
          while position < bytes.count, isIdentifierByte(bytes[position]) { position += 1 }
          append(.identifier(text(from: start)), from: start)
        }
      case UInt8(ascii: "."):
        lexDots(from: start)
      case _ where Self.operatorBytes.contains(byte):
        lexOperator(from: start)
      case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["),
        UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "@"),
        UInt8(ascii: "#"), UInt8(ascii: "\\"):
        position += 1
        append(.punctuation(text(from: start)), from: start)
      default:
        position += max(1, scalarLength(leadByte: byte))
        report("Swift does not allow `\(text(from: start))` here", from: start)
      }
    }
    tokens.append(
      SwiftToken(
        kind: .endOfInput, range: SourceRange(start: base + position, end: base + position), spaceBefore: sawSpace,
        newlineBefore: sawNewline))
  }

  /// `.`, `...` and `..<`.
  private mutating func lexDots(from start: Int) {
    if peek(1) == UInt8(ascii: "."), peek(2) == UInt8(ascii: ".") {
      position += 3
    } else if peek(1) == UInt8(ascii: "."), peek(2) == UInt8(ascii: "<") {
      position += 3
    } else {
      position += 1
    }
    append(.punctuation(text(from: start)), from: start)
  }

  /// Swift's operators as this subset uses them. `?` and `!` stand alone
  /// (optional chaining, force unwrap, the ternary) unless they start `??`
  /// or `!=`; `<` and `>` stand alone so that generic arguments close
  /// (`Set<AnyCancellable>()`), unless `=` follows.
  private mutating func lexOperator(from start: Int) {
    let byte = bytes[position]
    let next = peek(1)
    switch (byte, next) {
    case (UInt8(ascii: "?"), UInt8(ascii: "?")), (UInt8(ascii: "!"), UInt8(ascii: "=")),
      (UInt8(ascii: "<"), UInt8(ascii: "=")), (UInt8(ascii: ">"), UInt8(ascii: "=")),
      (UInt8(ascii: "-"), UInt8(ascii: ">")), (UInt8(ascii: "&"), UInt8(ascii: "&")),
      (UInt8(ascii: "|"), UInt8(ascii: "|")), (UInt8(ascii: "="), UInt8(ascii: "=")):
      position += 2
      if byte == UInt8(ascii: "="), peek(0) == UInt8(ascii: "=") { position += 1 }
    case (UInt8(ascii: "+"), UInt8(ascii: "=")), (UInt8(ascii: "-"), UInt8(ascii: "=")),
      (UInt8(ascii: "*"), UInt8(ascii: "=")), (UInt8(ascii: "/"), UInt8(ascii: "=")):
      position += 2
    default:
      position += 1
    }
    append(.punctuation(text(from: start)), from: start)
  }

  private mutating func lexNumber(from start: Int) {
    if bytes[position] == UInt8(ascii: "0"), peek(1) == UInt8(ascii: "x") {
      position += 2
      while position < bytes.count, isHexDigit(bytes[position]) || bytes[position] == UInt8(ascii: "_") {
        position += 1
      }
      let digits = text(from: start + 2).filter { $0 != "_" }
      append(.integer(Int(digits, radix: 16).map(String.init) ?? digits), from: start)
      return
    }
    var isFloat = false
    skipDigits()
    if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "."), isDigit(bytes[position + 1]) {
      isFloat = true
      position += 1
      skipDigits()
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
      let mark = position
      position += 1
      if position < bytes.count, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") {
        position += 1
      }
      if position < bytes.count, isDigit(bytes[position]) {
        isFloat = true
        skipDigits()
      } else {
        position = mark
      }
    }
    let digits = text(from: start).filter { $0 != "_" }
    append(isFloat ? .float(digits) : .integer(digits), from: start)
    if position < bytes.count, isIdentifierByte(bytes[position]) {
      let suffix = position
      while position < bytes.count, isIdentifierByte(bytes[position]) { position += 1 }
      report(
        "`\(text(from: start))` is not a Swift number", from: suffix,
        note: "a time is written `.milliseconds(300)` or `.seconds(1)` in Swift")
    }
  }

  private mutating func skipDigits() {
    while position < bytes.count, isDigit(bytes[position]) || bytes[position] == UInt8(ascii: "_") {
      position += 1
    }
  }

  /// A string literal on one line; `\(…)` interpolations keep their ranges
  /// for the parser, and escapes are decoded.
  private mutating func lexString(from start: Int) {
    if peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") {
      guard readsMultilineStrings else {
        position += 3
        report("multi-line string literals are outside what streamlab reads", from: start)
        return
      }
      lexMultilineString(from: start)
      return
    }
    position += 1
    var pieces: [SwiftStringPiece] = []
    var current: [UInt8] = []
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\n") { break }
      if byte == UInt8(ascii: "\"") {
        position += 1
        if !current.isEmpty || pieces.isEmpty { pieces.append(.text(String(decoding: current, as: UTF8.self))) }
        append(.string(pieces), from: start)
        return
      }
      if byte == UInt8(ascii: "\\") {
        lexEscape(into: &pieces, text: &current)
        continue
      }
      current.append(byte)
      position += 1
    }
    report("this string is not closed on its line", from: start, expected: "`\"`")
  }

  /// `"""` on its line, the lines of the string, and `"""` on a line of its
  /// own; as in Swift, the closing delimiter's indentation is removed from
  /// every line, and the line breaks next to the delimiters are not part of
  /// the string (the interpreter's mode only).
  private mutating func lexMultilineString(from start: Int) {
    position += 3
    while position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") {
      position += 1
    }
    guard position < bytes.count, bytes[position] == UInt8(ascii: "\n") else {
      report("a multi-line string starts on the line after its `\"\"\"`", from: start)
      return
    }
    position += 1
    let contentStart = position
    // The closing `"""`: the first line that starts with it after indentation.
    var lineStart = contentStart
    var closing: (lineStart: Int, indent: Int)?
    while lineStart < bytes.count {
      var scan = lineStart
      while scan < bytes.count, bytes[scan] == UInt8(ascii: " ") || bytes[scan] == UInt8(ascii: "\t") { scan += 1 }
      if scan + 2 < bytes.count, bytes[scan] == UInt8(ascii: "\""), bytes[scan + 1] == UInt8(ascii: "\""),
        bytes[scan + 2] == UInt8(ascii: "\"")
      {
        closing = (lineStart, scan - lineStart)
        break
      }
      while scan < bytes.count, bytes[scan] != UInt8(ascii: "\n") { scan += 1 }
      lineStart = scan + 1
    }
    guard let closing else {
      position = bytes.count
      report("this multi-line string is not closed", from: start, expected: "`\"\"\"` on a line of its own")
      return
    }
    let contentEnd = max(contentStart, closing.lineStart - 1)
    var pieces: [SwiftStringPiece] = []
    var current: [UInt8] = []
    var atLineStart = true
    while position < contentEnd {
      if atLineStart {
        var removed = 0
        while position < contentEnd, removed < closing.indent,
          bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t")
        {
          position += 1
          removed += 1
        }
        atLineStart = false
        continue
      }
      let byte = bytes[position]
      if byte == UInt8(ascii: "\n") {
        current.append(byte)
        position += 1
        atLineStart = true
      } else if byte == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "\n") {
        // A backslash at the end of a line joins it to the next.
        position += 2
        atLineStart = true
      } else if byte == UInt8(ascii: "\\") {
        lexEscape(into: &pieces, text: &current)
      } else {
        current.append(byte)
        position += 1
      }
    }
    position = closing.lineStart + closing.indent + 3
    if !current.isEmpty || pieces.isEmpty { pieces.append(.text(String(decoding: current, as: UTF8.self))) }
    append(.string(pieces), from: start)
  }

  /// At a `\` in a string: an escape, decoded into `current`, or an
  /// interpolation, whose range is added to `pieces` after the text before it.
  private mutating func lexEscape(into pieces: inout [SwiftStringPiece], text current: inout [UInt8]) {
    let next = peek(1)
    guard next == UInt8(ascii: "(") else {
      position += 2
      switch next {
      case UInt8(ascii: "n"): current.append(UInt8(ascii: "\n"))
      case UInt8(ascii: "t"): current.append(UInt8(ascii: "\t"))
      case UInt8(ascii: "0"): current.append(0)
      case .some(let escaped): current.append(escaped)
      case nil: break
      }
      return
    }
    if !current.isEmpty { pieces.append(.text(String(decoding: current, as: UTF8.self))) }
    current = []
    position += 2
    let inner = position
    var depth = 1
    while position < bytes.count, bytes[position] != UInt8(ascii: "\n") {
      // A string inside the interpolation (`\(flag ? "(on)" : "off")`): its brackets are text.
      if bytes[position] == UInt8(ascii: "\"") {
        position += 1
        while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\n") {
          position = min(position + (bytes[position] == UInt8(ascii: "\\") ? 2 : 1), bytes.count)
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "\"") { position += 1 }
        continue
      }
      if bytes[position] == UInt8(ascii: "(") { depth += 1 }
      if bytes[position] == UInt8(ascii: ")") {
        depth -= 1
        if depth == 0 { break }
      }
      position += 1
    }
    pieces.append(.interpolation(SourceRange(start: base + inner, end: base + position)))
    if position < bytes.count, bytes[position] == UInt8(ascii: ")") { position += 1 }
  }

  private mutating func skipSpacesAndComments() {
    sawSpace = position == 0
    if position == 0 { sawNewline = true } else { sawNewline = false }
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\n") {
        sawNewline = true
        sawSpace = true
        position += 1
      } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
        sawSpace = true
        position += 1
      } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
        while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
        sawSpace = true
      } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
        let start = position
        var depth = 0
        while position < bytes.count {
          if bytes[position] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
            depth += 1
            position += 2
          } else if bytes[position] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
            depth -= 1
            position += 2
            if depth == 0 { break }
          } else {
            if bytes[position] == UInt8(ascii: "\n") { sawNewline = true }
            position += 1
          }
        }
        if depth > 0 { report("this comment is not closed", from: start, expected: "`*/`") }
        sawSpace = true
      } else {
        return
      }
    }
  }

  private func peek(_ offset: Int) -> UInt8? {
    position + offset < bytes.count ? bytes[position + offset] : nil
  }

  private mutating func append(_ kind: SwiftTokenKind, from start: Int) {
    tokens.append(
      SwiftToken(
        kind: kind, range: SourceRange(start: base + start, end: base + position), spaceBefore: sawSpace,
        newlineBefore: sawNewline))
  }

  private mutating func report(_ message: String, from start: Int, expected: String? = nil, note: String? = nil) {
    diagnostics.append(
      Diagnostic(
        message, at: SourceRange(start: base + start, end: base + max(position, start + 1)), expected: expected,
        note: note))
  }

  private func text(from start: Int) -> String {
    String(decoding: bytes[start..<position], as: UTF8.self)
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  private func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
  }

  private func isIdentifierByte(_ byte: UInt8) -> Bool {
    isDigit(byte) || byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
      || byte >= 0x80
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
