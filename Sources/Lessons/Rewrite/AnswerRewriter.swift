/// Writes a student's answer into a lesson file's `answer:` line, changing no
/// other byte of the file.
public enum AnswerRewriter {
  /// The file's text with `answer` as the answer of exercise `number` (1-based).
  /// An exercise without an `answer:` line gets one after its last field line.
  /// A multi-line answer is written as continuation lines indented by two spaces.
  public static func rewrite(_ file: LessonFile, exercise number: Int, answer: String) -> String {
    guard number >= 1, number <= file.exercises.count else { return file.text }
    let exercise = file.exercises[number - 1]
    let newline = FileEdit.lineEnding(of: file.text)
    let value = encoded(answer, newline: newline)
    if let span = exercise.answerSpan {
      let replacement = value.isEmpty ? "" : " " + value
      return FileEdit.apply([FileEdit(range: span, replacement: replacement)], to: file.text)
    }
    let line = value.isEmpty ? "answer:" : "answer: " + value
    let insertion = exercise.fieldsEndWithoutNewline ? newline + line : line + newline
    let at = exercise.fieldsEnd
    return FileEdit.apply([FileEdit(range: at..<at, replacement: insertion)], to: file.text)
  }

  /// The answer as field text: blank lines dropped (a blank line would end the
  /// field), later lines indented so they read as continuation lines.
  static func encoded(_ answer: String, newline: String) -> String {
    let lines = answer.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
      .map { $0.trimmingWhitespace() }
      .filter { !$0.isEmpty }
    return lines.joined(separator: newline + "  ")
  }
}

extension Substring {
  func trimmingWhitespace() -> String {
    var text = self
    while let first = text.first, first.isWhitespace { text = text.dropFirst() }
    while let last = text.last, last.isWhitespace { text = text.dropLast() }
    return String(text)
  }
}
