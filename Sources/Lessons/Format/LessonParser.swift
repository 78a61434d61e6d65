/// Reads the text of a lesson file into a `LessonFile` and every structural
/// error it finds (the programs inside are checked later, by `LessonValidator`).
///
/// Rules, documented for teachers in lessons/README.md:
/// - `key: value` at the start of a line, with a known lowercase key, is a field;
///   a lowercase key that is one or two letters away from a known one is reported
///   as a typo; anything else is prose.
/// - A line starting with `> ` is a demo.
/// - A line that starts with a space or tab right after a field or demo line
///   continues its value (a blank line ends it).
public struct LessonParser {
  /// How strict to be.
  public enum Mode: Hashable {
    /// A teacher's lesson: a title and a way to check every exercise are required.
    case lesson
    /// A student's submission: only its `answer:` lines matter, so only errors
    /// that make the answers unreadable are reported.
    case submission
  }

  public var mode: Mode

  public init(mode: Mode = .lesson) {
    self.mode = mode
  }

  /// The parsed file, and its errors sorted by position (empty when the file is well formed).
  public func parse(_ text: String, fileName: String) -> (file: LessonFile, errors: [LessonError]) {
    var state = ParseState(source: SourceLines(text), fileName: fileName, mode: mode)
    state.run()
    var file = LessonFile(
      fileName: fileName, text: text, number: state.number, title: state.title ?? "",
      introduction: state.introduction, exercises: state.exercises)
    file.variant = state.variant
    return (file, state.errors.sorted())
  }
}

/// The parser's progress through one file.
private struct ParseState {
  /// A field or demo whose value may still grow by continuation lines.
  struct OpenValue {
    var field: LessonField?
    var line: Int
    var pieces: [(line: Int, column: Int, text: String)]
    /// UTF-8 offset just after the field's colon.
    var afterColon: Int
    /// UTF-8 offset of the end of the last line's content.
    var contentEnd: Int
    /// UTF-8 offsets of the start of the first line and of the end of the last (line ending included).
    var linesStart: Int
    var linesEnd: Int
  }

  let source: SourceLines
  let fileName: String
  let mode: LessonParser.Mode
  var number: Int?
  var title: String?
  var titleLine: Int?
  var numberLine: Int?
  var variant: String?
  var introduction: [LessonItem] = []
  var exercises: [Exercise] = []
  var current: Exercise?
  /// The line where each single field of the current exercise was first seen.
  var seenFields: [LessonField: Int] = [:]
  var paragraph: [String] = []
  var open: OpenValue?
  var errors: [LessonError] = []

  init(source: SourceLines, fileName: String, mode: LessonParser.Mode) {
    self.source = source
    self.fileName = fileName
    self.mode = mode
  }

  mutating func run() {
    for index in 0..<source.count {
      readLine(number: index + 1, bounds: source.lines[index])
    }
    closeValue()
    closeParagraph()
    closeExercise()
    if mode == .lesson, title == nil {
      report(at: FilePosition(line: 1, column: 1), "expected a `title:` line at the top of the lesson")
    }
  }

  private mutating func readLine(number: Int, bounds: SourceLines.Line) {
    let content = source.text(bounds.start..<bounds.contentEnd)
    if content.allSatisfy(\.isWhitespace) {
      closeValue()
      closeParagraph()
      return
    }
    if let first = content.first, first == " " || first == "\t", open != nil {
      let body = content.drop(while: { $0 == " " || $0 == "\t" })
      let piece = (line: number, column: content.count - body.count + 1, text: trimmedTrailing(body))
      open?.pieces.append(piece)
      open?.contentEnd = bounds.contentEnd
      open?.linesEnd = bounds.end
      noteFieldLine(bounds)
      return
    }
    closeValue()
    if content == ">" || content.hasPrefix("> ") {
      closeParagraph()
      let body = content.dropFirst(2)
      open = OpenValue(
        field: nil, line: number, pieces: [(number, 3, trimmedTrailing(body))], afterColon: bounds.start + 1,
        contentEnd: bounds.contentEnd, linesStart: bounds.start, linesEnd: bounds.end)
      return
    }
    if let key = Self.fieldKey(in: content) {
      if let field = LessonField(rawValue: key) {
        closeParagraph()
        openField(field, key: key, content: content, line: number, bounds: bounds)
        return
      }
      if let suggestion = LessonField.suggestion(for: key) {
        closeParagraph()
        report(
          at: FilePosition(line: number, column: 1),
          "unknown field `\(key):`; did you mean `\(suggestion.rawValue):`? (prose lines must not start with a lowercase word and a colon)"
        )
        return
      }
    }
    paragraph.append(content)
  }

  /// The lowercase key of a `key: value` line, if the line has that shape.
  static func fieldKey(in content: String) -> String? {
    guard let first = content.first, first.isASCII, first.isLowercase else { return nil }
    // `expect-type` is the one key with a hyphen.
    let key = content.prefix(while: { $0.isASCII && ($0.isLetter || $0 == "-") })
    let rest = content.dropFirst(key.count)
    guard rest.first == ":" else { return nil }
    let afterColon = rest.dropFirst()
    guard afterColon.isEmpty || afterColon.first == " " || afterColon.first == "\t" else { return nil }
    return String(key)
  }

  private mutating func openField(
    _ field: LessonField, key: String, content: String, line: Int, bounds: SourceLines.Line
  ) {
    let afterColonText = content.dropFirst(key.count + 1)
    let body = afterColonText.drop(while: { $0 == " " || $0 == "\t" })
    let column = content.count - body.count + 1
    open = OpenValue(
      field: field, line: line, pieces: [(line, column, trimmedTrailing(body))],
      afterColon: bounds.start + key.utf8.count + 1, contentEnd: bounds.contentEnd, linesStart: bounds.start,
      linesEnd: bounds.end)
    if field == .exercise {
      closeExercise()
      current = Exercise(number: exercises.count + 1, title: "", line: line, fieldsEnd: bounds.end)
      seenFields = [:]
    }
    noteFieldLine(bounds)
  }

  /// Remembers the end of the current exercise's last field line, where a missing `answer:` goes.
  private mutating func noteFieldLine(_ bounds: SourceLines.Line) {
    guard current != nil, open?.field != nil else { return }
    current?.fieldsEnd = bounds.end
    current?.fieldsEndWithoutNewline = bounds.end == bounds.contentEnd
  }

  private mutating func closeValue() {
    guard let value = open else { return }
    open = nil
    guard let field = value.field else {
      let demo = FieldText(pieces: value.pieces, separator: "\n")
      if demo.text.isEmpty {
        report(at: FilePosition(line: value.line, column: 1), "expected a program after `> `")
      } else {
        addItem(.demo(demo))
      }
      return
    }
    let text = FieldText(pieces: value.pieces, separator: field.continuationSeparator)
    assign(field, text, value: value)
  }

  private mutating func assign(_ field: LessonField, _ text: FieldText, value: OpenValue) {
    let fieldStart = FilePosition(line: value.line, column: 1)
    if field.isHeader {
      if current != nil {
        report(at: fieldStart, "`\(field.rawValue):` belongs at the top of the lesson, before the first `exercise:`")
        return
      }
      assignHeader(field, text, line: value.line)
      return
    }
    guard current != nil else {
      report(at: fieldStart, "`\(field.rawValue):` outside an exercise; expected an `exercise:` line before it")
      return
    }
    if !field.isRepeatable, field != .exercise {
      if let first = seenFields[field] {
        report(
          at: fieldStart,
          "this exercise already has `\(field.rawValue):` on line \(first); expected one `\(field.rawValue):` per exercise"
        )
        return
      }
      seenFields[field] = value.line
    }
    assignExerciseField(field, text, value: value)
  }

  private mutating func assignHeader(_ field: LessonField, _ text: FieldText, line: Int) {
    switch field {
    case .lesson:
      if let numberLine {
        report(at: FilePosition(line: line, column: 1), "second `lesson:` line; the first is on line \(numberLine)")
      } else if let value = Int(text.text), value >= 0 {
        number = value
        numberLine = line
      } else {
        report(at: text.start, "expected a whole number after `lesson:`, found `\(text.text)`")
      }
    case .variant:
      if variant != nil {
        report(at: FilePosition(line: line, column: 1), "second `variant:` line; expected one per lesson")
      } else if text.text.isEmpty {
        report(at: text.start, "expected the seed the copy was made with after `variant:`, such as a login")
      } else {
        variant = text.text
      }
    default:
      if let titleLine {
        report(at: FilePosition(line: line, column: 1), "second `title:` line; the first is on line \(titleLine)")
      } else if text.text.isEmpty {
        report(at: text.start, "expected the lesson's title after `title:`")
      } else {
        title = text.text
        titleLine = line
      }
    }
  }

  private mutating func assignExerciseField(_ field: LessonField, _ text: FieldText, value: OpenValue) {
    switch field {
    case .exercise:
      let number = current?.number ?? 0
      current?.title = text.text.isEmpty ? "Exercise \(number)" : text.text
    case .given:
      if text.text.isEmpty {
        report(at: text.start, "expected a statement after `given:`, such as `let clicks = marbles \"-a-b|\"`")
      } else {
        current?.givens.append(text)
        current?.givenLines.append(value.linesStart..<value.linesEnd)
      }
    case .task:
      current?.task = text
    case .predict:
      switch text.text {
      case "yes": current?.asksForPrediction = true
      case "no": current?.asksForPrediction = false
      default: report(at: text.start, "expected `yes` or `no` after `predict:`, found `\(text.text)`")
      }
    case .expect:
      current?.expectLines = value.linesStart..<value.linesEnd
      if !text.text.isEmpty { current?.expect = text }
    case .hidden:
      if let count = Int(text.text), (0...20).contains(count) {
        current?.hiddenVariants = count
      } else {
        report(at: text.start, "expected a number of variants from 0 to 20 after `hidden:`, found `\(text.text)`")
      }
    case .expectType:
      if let type = ExpectedType(text.text) {
        current?.expectedType = type
      } else {
        report(
          at: text.start,
          "expected the output's type as `<Output, Failure>` after `expect-type:`, such as `<Int, Never>`, found `\(text.text)`"
        )
      }
    case .compare:
      if let comparison = Comparison(rawValue: text.text) {
        current?.comparison = comparison
      } else {
        report(at: text.start, "expected `values` or `events` after `compare:`, found `\(text.text)`")
      }
    case .points:
      // A submission's own `points:` never count (grading reads the
      // teacher's), so only the teacher's lesson is held to them.
      if let points = Exercise.points(text.text) {
        current?.points = points
      } else if mode == .lesson {
        report(
          at: text.start,
          "expected a whole number of points from 1 to \(Exercise.maximumPoints) after `points:`, found `\(text.text)`")
      }
    case .require, .forbid:
      let rules = Self.operatorRules(in: text)
      if rules.isEmpty {
        report(at: text.start, "expected an operator name after `\(field.rawValue):`, such as `debounce`")
      } else if field == .require {
        current?.required += rules
      } else {
        current?.forbidden += rules
      }
    case .hint:
      if text.text.isEmpty {
        report(at: text.start, "expected the hint's text after `hint:`")
      } else {
        current?.hints.append(text.text)
        current?.hintLines.append(value.linesStart..<value.linesEnd)
      }
    case .solution:
      current?.solutionLines = value.linesStart..<value.linesEnd
      if !text.text.isEmpty { current?.solution = text }
    case .code:
      if text.text.isEmpty {
        report(at: text.start, "expected the Swift the exercise's test tests after `code:`, on continuation lines")
      } else {
        current?.code = text
      }
    case .nearMiss:
      if text.text.isEmpty {
        report(at: text.start, "expected a near miss of `code:` after `near-miss:`, as `lesson mutants` names it")
      } else {
        current?.nearMisses.append(text)
      }
    case .answer:
      current?.answer = text.text.isEmpty ? nil : text
      current?.answerSpan = value.afterColon..<value.contentEnd
    case .lesson, .title, .variant:
      break
    }
  }

  /// `debounce, throttle` or `debounce throttle`: one rule per name.
  static func operatorRules(in text: FieldText) -> [OperatorRule] {
    var rules: [OperatorRule] = []
    var offset = 0
    var name = ""
    var nameStart = 0
    for byte in text.text.utf8 {
      if byte == UInt8(ascii: ",") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
        || byte == UInt8(ascii: "\n")
      {
        if !name.isEmpty { rules.append(OperatorRule(name: name, position: text.position(atOffset: nameStart))) }
        name = ""
      } else {
        if name.isEmpty { nameStart = offset }
        name.unicodeScalars.append(Unicode.Scalar(byte))
      }
      offset += 1
    }
    if !name.isEmpty { rules.append(OperatorRule(name: name, position: text.position(atOffset: nameStart))) }
    return rules
  }

  private mutating func closeParagraph() {
    guard !paragraph.isEmpty else { return }
    addItem(.prose(paragraph))
    paragraph = []
  }

  private mutating func addItem(_ item: LessonItem) {
    if current != nil {
      current?.items.append(item)
    } else {
      introduction.append(item)
    }
  }

  private mutating func closeExercise() {
    guard let exercise = current else { return }
    current = nil
    if exercise.asksForATest {
      checkTestExerciseFields(exercise)
    } else if let nearMiss = exercise.nearMisses.first {
      report(at: nearMiss.start, "`near-miss:` belongs to a test exercise, one with `code:`")
    }
    if mode == .lesson, !exercise.asksForATest, exercise.expect == nil, exercise.solution == nil {
      report(
        at: FilePosition(line: exercise.line, column: 1),
        "exercise \"\(exercise.title)\" has neither `expect:` nor `solution:`; expected at least one, so answers can be checked"
      )
    }
    // Progress and grading find an exercise by its title: two with one title
    // would share one progress entry and one student answer.
    if mode == .lesson, let first = exercises.first(where: { $0.title == exercise.title }) {
      report(
        at: FilePosition(line: exercise.line, column: 1),
        "a second exercise titled \"\(exercise.title)\"; the first is on line \(first.line), and progress and grading tell exercises apart by title, so each needs its own"
      )
    }
    exercises.append(exercise)
  }

  /// A test exercise is checked by running its answer's tests on `code:` and
  /// on its near misses: no output is expected, and no givens run.
  private mutating func checkTestExerciseFields(_ exercise: Exercise) {
    let misplaced: [(String, FilePosition?)] = [
      ("expect:", exercise.expect?.start), ("given:", exercise.givens.first?.start),
      ("require:", exercise.required.first?.position), ("forbid:", exercise.forbidden.first?.position),
    ]
    for (field, position) in misplaced {
      guard let position else { continue }
      report(
        at: position,
        "`\(field)` has no place in a test exercise (one with `code:`): its answer is a test, checked on `code:` and on its near misses; write the inputs in the test"
      )
    }
    if exercise.asksForPrediction || exercise.comparison != .events || exercise.expectedType != nil {
      report(
        at: FilePosition(line: exercise.line, column: 1),
        "exercise \"\(exercise.title)\" asks for a test (it has `code:`), so `predict:`, `compare:` and `expect-type:` do not apply"
      )
    }
    if mode == .lesson, exercise.solution == nil, exercise.nearMisses.isEmpty {
      report(
        at: FilePosition(line: exercise.line, column: 1),
        "exercise \"\(exercise.title)\" asks for a test but has no `solution:`; expected the teacher's test, which decides the near misses of `code:` a test must catch"
      )
    }
  }

  private mutating func report(at position: FilePosition, _ message: String) {
    errors.append(LessonError(fileName: fileName, position: position, message: message))
  }

  private func trimmedTrailing(_ text: Substring) -> String {
    var text = text
    while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
    return String(text)
  }
}
