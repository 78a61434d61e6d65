/// One problem found in a program's text, pointing at where it is.
///
/// Lexer, parser and expression compiler all report these; `rendered(in:fileName:)`
/// is the one place that turns them into text for a student.
public struct Diagnostic: Hashable, Error, CustomStringConvertible {
  /// What is wrong, in one sentence: "unknown operator `debounse`".
  public var message: String
  /// The text the caret and underline point at.
  public var range: SourceRange
  /// What would have been accepted there: "a time, like `debounce 300ms`".
  public var expected: String?
  /// A name the student probably meant, from edit distance: `debounce`.
  public var suggestion: String?
  /// Anything else worth saying, such as how Swift spells the same thing.
  public var note: String?
  /// True for a type error: the program parses, but Swift would not compile it.
  public var isTypeError = false

  public init(
    _ message: String, at range: SourceRange, expected: String? = nil, suggestion: String? = nil,
    note: String? = nil
  ) {
    self.message = message
    self.range = range
    self.expected = expected
    self.suggestion = suggestion
    self.note = note
  }

  /// The message with what was expected and the suggestion, on one line and
  /// without position: for one-line contexts such as a lesson report.
  public var description: String {
    var text = message
    if let shownExpectation { text += "; expected \(shownExpectation)" }
    if let suggestion { text += "; did you mean `\(suggestion)`?" }
    return text
  }

  /// What was expected, unless the message or a suggestion already says it.
  private var shownExpectation: String? {
    guard let expected, suggestion == nil, !message.contains(expected) else { return nil }
    return expected
  }

  /// The diagnostic as a student sees it:
  ///
  ///     lesson.txt:1:14: error: unknown operator `debounse`; did you mean `debounce`?
  ///     just 1,2,3 | debounse 300ms
  ///                  ^~~~~~~~
  ///
  /// What was expected, when the message does not already say it, follows on
  /// its own line (`expected: a time`), then the note.
  ///
  /// Columns count characters from 1; tabs in the line are repeated under it so
  /// the caret lines up in any terminal. A long line is cut to about 80
  /// columns around the caret, and control characters are shown escaped
  /// (`CaretLine`), so nothing the student's input holds acts on the terminal.
  /// The longest message or note line shown before it is cut in the middle.
  static let maximumMessageLength = 600

  /// - Parameter width: the terminal's width, when known. The source line is
  ///   cut to it, so the terminal never wraps it away from its caret, and the
  ///   `expected:` and `note:` lines are wrapped to it at spaces, so no word
  ///   is broken in two. Without it, lines are cut at 80 columns and not wrapped.
  public func rendered(in text: String, fileName: String? = nil, width: Int? = nil) -> String {
    let location = SourceLocation(of: range, in: text)
    var header = "\(location.line):\(location.column): error: \(message)"
    if let suggestion { header += "; did you mean `\(suggestion)`?" }
    if let fileName { header = "\(fileName):" + header }
    let caretLine = CaretLine(
      location.lineText, column: location.column, width: location.width,
      maximumWidth: min(width ?? CaretLine.maximumWidth, CaretLine.maximumWidth))
    // Messages and notes quote what the student typed, so they are cut, but
    // far beyond the longest sentence streamlab writes: a type error's note
    // with its fix runs to about 300 characters and must be read whole.
    let limit = Self.maximumMessageLength
    var lines = [header.escapedForOneLine(maximumLength: limit), caretLine.text, caretLine.marker]
    func explanation(_ label: String, _ text: String) -> [String] {
      let line = "\(label) \(text)".escapedForOneLine(maximumLength: limit)
      guard let width else { return [line] }
      return line.wrappedAtSpaces(width: width, indent: String(repeating: " ", count: label.count + 1))
    }
    if let shownExpectation { lines += explanation("expected:", shownExpectation) }
    if let note { lines += explanation("note:", note) }
    return lines.joined(separator: "\n")
  }
}

extension Array where Element == Diagnostic {
  /// How many diagnostics one run shows; the rest are counted. The first
  /// errors are the ones worth reading: later ones often follow from them.
  public static var maximumShown: Int { 20 }

  /// The first `maximumShown` diagnostics rendered, separated by newlines, in
  /// source order, then "and N more errors" for the rest.
  /// The longest message or note line shown before it is cut in the middle.
  static let maximumMessageLength = 600

  public func rendered(in text: String, fileName: String? = nil, width: Int? = nil) -> String {
    var lines = prefix(Self.maximumShown).map { $0.rendered(in: text, fileName: fileName, width: width) }
    let hidden = count - Self.maximumShown
    if hidden > 0 { lines.append("and \(hidden) more error\(hidden == 1 ? "" : "s")") }
    return lines.joined(separator: "\n")
  }
}
