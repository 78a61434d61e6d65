/// A parsed lesson file: its header, the prose and demos before the first
/// exercise, and its exercises. It keeps the original text so that answers can
/// be written back without touching any other byte.
public struct LessonFile: Hashable {
  /// The name used in error messages, such as `lesson04.txt`.
  public var fileName: String
  public var text: String
  /// The `lesson:` number, when given.
  public var number: Int?
  public var title: String
  /// `variant:`: the seed a student's copy was made with, when it was.
  public var variant: String?
  /// Prose and demos before the first exercise, in file order.
  public var introduction: [LessonItem]
  public var exercises: [Exercise]

  public init(
    fileName: String, text: String, number: Int?, title: String, introduction: [LessonItem], exercises: [Exercise]
  ) {
    self.fileName = fileName
    self.text = text
    self.number = number
    self.title = title
    self.introduction = introduction
    self.exercises = exercises
  }

  /// Every demo of the file, in the introduction and inside exercises.
  public var demos: [FieldText] {
    (introduction + exercises.flatMap(\.items)).compactMap { item in
      if case .demo(let demo) = item { return demo }
      return nil
    }
  }
}

/// Something shown to the student that is not an exercise field.
public enum LessonItem: Hashable {
  /// One paragraph: consecutive non-blank prose lines, as written.
  case prose([String])
  /// A `> ` line: a program that is run and drawn.
  case demo(FieldText)
}

/// How an answer's output is compared with the expected output.
public enum Comparison: String, Hashable {
  /// Event by event: kind, value and virtual time, terminal events included.
  case events
  /// Only the order of the values; times and completion are ignored.
  case values
}

/// An operator name written after `require:` or `forbid:`, with where it was written.
public struct OperatorRule: Hashable {
  public var name: String
  public var position: FilePosition

  public init(name: String, position: FilePosition) {
    self.name = name
    self.position = position
  }
}
