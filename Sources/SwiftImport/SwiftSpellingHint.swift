import StreamLang

/// Meets Swift typed inside streamlab's language half way: when a program
/// does not parse at a stage spelt as Swift (`replaceError(with: 0)`,
/// `debounce(for: .milliseconds(300), scheduler: RunLoop.main)`,
/// `[1,2,3].publisher`), the diagnostic's note says how the language writes
/// that stage, read by the Swift reader, and points at `:paste`.
public enum SwiftSpellingHint {
  /// `diagnostics` of `text`, each one that falls in a Swift-spelt stage
  /// with a note giving the short form.
  public static func annotate(_ diagnostics: [Diagnostic], in text: String) -> [Diagnostic] {
    // Several diagnostics often fall in one stage: its Swift is read once.
    var shortForms: [String: String?] = [:]
    let bytes = Array(text.utf8)
    return diagnostics.map { diagnostic in
      guard let stage = stage(containing: diagnostic.range.start, in: bytes) else { return diagnostic }
      let key = (stage.isSource ? "source " : "operator ") + stage.text
      let known = shortForms[key] ?? shortForm(of: stage.text, isSource: stage.isSource)
      shortForms[key] = known
      guard let shortForm = known,
        // A stage the language reads as it is (`map { a, b in … }`) is not Swift's spelling.
        shortForm != trimmed(stage.text)
      else { return diagnostic }
      var hinted = diagnostic
      hinted.note =
        "this is Swift's spelling: streamlab writes this `\(shortForm)`; paste Swift as it is with `:paste` "
        + "(or `streamlab eval --swift`)"
      return hinted
    }
  }

  /// The short form of one Swift-spelt stage, or nil when it is not Swift the reader knows.
  static func shortForm(of stage: String, isSource: Bool) -> String? {
    let trimmed = trimmed(stage)
    guard trimmed.contains("(") || trimmed.contains(".publisher") || trimmed.contains("<") else { return nil }
    if isSource {
      let binding = "let source = "
      guard case .success(let translation) = SwiftImport.translate(binding + trimmed),
        translation.program.hasPrefix(binding), !translation.program.contains("\n")
      else { return nil }
      let source = String(translation.program.dropFirst(binding.count))
      // A subject nobody sends to reads as `never`; the language writes its sends with it.
      return source == "never" && trimmed.hasPrefix("PassthroughSubject") ? "subject 100ms:1, 200ms:|" : source
    }
    let upstream = "upstream"
    guard case .success(let translation) = SwiftImport.translate("\(upstream).\(trimmed)", boundNames: [upstream]),
      translation.program.hasPrefix(upstream + " | ")
    else { return nil }
    return String(translation.program.dropFirst(upstream.count + 3))
  }

  private static func trimmed(_ text: String) -> String {
    guard let first = text.firstIndex(where: { !$0.isWhitespace }),
      let last = text.lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(text[first...last])
  }

  /// The stage of the line around `offset`: the text between the `|`s at
  /// bracket depth 0 (strings skipped), and whether it is the line's first.
  static func stage(containing offset: Int, in text: String) -> (text: String, isSource: Bool)? {
    stage(containing: offset, in: Array(text.utf8))
  }

  private static func stage(containing offset: Int, in bytes: [UInt8]) -> (text: String, isSource: Bool)? {
    guard offset <= bytes.count else { return nil }
    var lineStart = offset
    while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
    var lineEnd = offset
    while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
    var cuts = [lineStart]
    var depth = 0
    var inString = false
    var index = lineStart
    while index < lineEnd {
      let byte = bytes[index]
      if inString {
        if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
      } else {
        switch byte {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(0, depth - 1)
        case UInt8(ascii: "|") where depth == 0:
          let isOr =
            (index + 1 < lineEnd && bytes[index + 1] == UInt8(ascii: "|"))
            || (index > lineStart && bytes[index - 1] == UInt8(ascii: "|"))
          if !isOr { cuts.append(index + 1) }
        case UInt8(ascii: ";") where depth == 0:
          cuts = [index + 1]
        default: break
        }
      }
      index += 1
    }
    cuts.append(lineEnd + 1)
    guard let start = cuts.last(where: { $0 <= offset }) else { return nil }
    let end = (cuts.first(where: { $0 > offset }) ?? lineEnd + 1) - 1
    var stageText = String(decoding: bytes[start..<min(end, lineEnd)], as: UTF8.self)
    if stageText.hasSuffix("|") { stageText.removeLast() }
    var isSource = start == cuts.first
    // `let s = [1,2,3].publisher`: the source follows the `=`.
    if isSource, let equals = stageText.firstIndex(of: "="), stageText.hasPrefix("let ") {
      stageText = String(stageText[stageText.index(after: equals)...])
      isSource = true
    }
    return (stageText, isSource)
  }
}
