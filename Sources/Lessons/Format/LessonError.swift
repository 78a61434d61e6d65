import StreamLang

/// One problem in a lesson file, reported the way compilers do:
/// `lesson04.txt:17:9: unknown field ‘soltuion:’; did you mean ‘solution:’?`
public struct LessonError: Error, Hashable, Comparable, CustomStringConvertible {
  public var fileName: String
  public var position: FilePosition
  /// What is wrong and what was expected there, in one sentence.
  public var message: String

  public init(fileName: String, position: FilePosition, message: String) {
    self.fileName = fileName
    self.position = position
    self.message = message
  }

  public var description: String { "\(fileName):\(position): \(message)" }

  /// The one-line form, then the offending line of `source` with a caret under the column,
  /// so a teacher sees the spot without opening an editor.
  public func rendered(in source: String) -> String {
    let lines = SourceLines(source)
    guard position.line >= 1, position.line <= lines.count else { return description }
    // Cut to 80 columns with the indent, as a compiler's diagnostics are:
    // a longer line would wrap in the terminal and leave the caret under another character.
    let excerpt = CaretLine(
      lines.content(ofLine: position.line), column: position.column, width: 1,
      maximumWidth: CaretLine.maximumWidth - 4)
    return "\(description)\n    \(excerpt.text)\n    \(excerpt.marker)"
  }

  public static func < (lhs: LessonError, rhs: LessonError) -> Bool {
    (lhs.fileName, lhs.position) < (rhs.fileName, rhs.position)
  }
}

/// Several lesson-file errors found at once, sorted by position.
public struct LessonErrors: Error, Hashable, CustomStringConvertible {
  public var errors: [LessonError]

  public init(_ errors: [LessonError]) {
    self.errors = errors.sorted()
  }

  public var description: String { errors.map(\.description).joined(separator: "\n") }

  /// Each error with its line of `source` and a caret, one after another.
  public func rendered(in source: String) -> String {
    errors.map { $0.rendered(in: source) }.joined(separator: "\n")
  }
}
