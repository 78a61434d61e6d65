/// One exercise of a lesson: from its `exercise:` line to the next one or the end of the file.
public struct Exercise: Hashable {
  /// 1-based position in the lesson.
  public var number: Int
  public var title: String
  /// The line of `exercise:`.
  public var line: Int
  /// Prose and demos written inside the exercise, shown before its task.
  public var items: [LessonItem] = []
  /// Statements run before the answer, in the same program and on the same clock.
  public var givens: [FieldText] = []
  /// Where each `given:` is in the file, whole lines: what a variant replaces.
  public var givenLines: [Range<Int>] = []
  /// Where `expect:` is in the file, whole lines.
  public var expectLines: Range<Int>?
  /// `hidden: N`: how many unseen variants of the givens an answer is also graded on.
  public var hiddenVariants = 0
  public var task: FieldText?
  /// The expected output in `events` syntax or as `marbles "…"`; computed from `solution` when nil.
  public var expect: FieldText?
  public var comparison: Comparison = .events
  /// `expect-type:`: the `<Output, Failure>` the answer's output must have.
  public var expectedType: ExpectedType?
  /// `points:`: what passing the exercise earns in graded reports.
  public var points = 1
  public var required: [OperatorRule] = []
  public var forbidden: [OperatorRule] = []
  public var hints: [String] = []
  /// The UTF-8 range of each hint's line(s), line endings included, for the student copy.
  public var hintLines: [Range<Int>] = []
  /// `predict: yes`: the task asks the student to predict the output, so the
  /// expected output stays hidden until they have answered once.
  public var asksForPrediction = false
  public var solution: FieldText?
  /// `code:`: the Swift under test in a test exercise, whose answer is a test
  /// (an `XCTestCase` subclass) that must pass on this code and fail on its
  /// near misses. Nil in every other exercise.
  public var code: FieldText?
  /// `near-miss:` lines: the near misses of `code:` a test must catch. When
  /// there are none, they are those the solution's test catches.
  public var nearMisses: [FieldText] = []
  public var answer: FieldText?
  /// Where `answer:` is written: the UTF-8 range from just after its colon to the
  /// end of its last line's content. Nil when the exercise has no `answer:` line.
  public var answerSpan: Range<Int>?
  /// The UTF-8 range of the whole `solution:` line(s), line endings included, for the student copy.
  public var solutionLines: Range<Int>?
  /// The UTF-8 offset just after the exercise's last field line (its line ending
  /// included), where a missing `answer:` line is inserted.
  public var fieldsEnd: Int
  /// True when that last field line had no line ending (the end of the file).
  public var fieldsEndWithoutNewline: Bool = false

  public init(number: Int, title: String, line: Int, fieldsEnd: Int) {
    self.number = number
    self.title = title
    self.line = line
    self.fieldsEnd = fieldsEnd
  }

  /// The student's answer, or the empty string.
  public var answerText: String { answer?.text ?? "" }

  /// True when the answer is a test of `code:` rather than a program.
  public var asksForATest: Bool { code != nil }

  /// `3. Only search when the user pauses`
  public var heading: String { "\(number). \(title)" }
}

extension Exercise {
  /// The most one exercise may be worth: a hundred is a percentage, and
  /// totals over a whole class stay far from overflowing.
  public static let maximumPoints = 1000

  /// `3` → 3: digits only, from 1 to `maximumPoints`; nil for anything else
  /// (`0`, `-2`, `+2`, `1.5`, `lots`).
  static func points(_ text: String) -> Int? {
    guard !text.isEmpty, text.count <= 4, text.allSatisfy({ $0.isASCII && $0.isNumber }),
      let points = Int(text), (1...maximumPoints).contains(points)
    else { return nil }
    return points
  }
}
