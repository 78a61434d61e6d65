import StreamLang

/// `streamlab eval ':help'` or `:type` in a file: a command of the
/// playground's prompt where a program was expected. The parser says it
/// expected a source; this adds where the command works.
public enum PlaygroundCommandHint {
  /// `diagnostics` of `text`, the one at the start of a line that begins
  /// with a known `:command` given a note saying where it works.
  public static func annotate(_ diagnostics: [Diagnostic], in text: String) -> [Diagnostic] {
    let bytes = Array(text.utf8)
    return diagnostics.map { diagnostic in
      // The line around the diagnostic's offset (a UTF-8 offset into `text`).
      let offset = min(diagnostic.range.start, bytes.count)
      let lineStart = bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
      let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      let line = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
      guard let name = commandName(startingLine: line[...]) else { return diagnostic }
      var hinted = diagnostic
      hinted.note =
        "`\(name)` is a command of the playground's prompt, not a program: start the playground with `streamlab` "
        + "and type it there"
      return hinted
    }
  }

  /// `:help` for a line `:help debounce`, nil when the line does not start with a meta-command.
  static func commandName(startingLine line: Substring) -> String? {
    let trimmed = line.drop { $0.isWhitespace }
    guard trimmed.hasPrefix(":") else { return nil }
    let name = String(trimmed.prefix { !$0.isWhitespace })
    return MetaCommand.names.contains(name) || [":h", ":?", ":q", ":exit"].contains(name) ? name : nil
  }
}
