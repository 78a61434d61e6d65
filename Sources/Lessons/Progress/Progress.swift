/// Everything streamlab remembers about a student's lessons: which exercises
/// passed, with the passing answers, per lesson file.
public struct Progress: Codable, Hashable {
  /// The file format's version, so a later streamlab can migrate old files.
  public var version: Int = 1
  /// Keyed by the lesson file's absolute path.
  public var lessons: [String: LessonProgress] = [:]

  public init() {}

  /// True when exercise `title` of the lesson at `path` has been passed.
  public func hasPassed(lesson path: String, exercise title: String) -> Bool {
    lessons[path]?.exercises[title]?.passed ?? false
  }

  /// Records a passing answer.
  public mutating func recordPass(lesson path: String, lessonTitle: String, exercise title: String, answer: String) {
    var lesson = lessons[path] ?? LessonProgress(title: lessonTitle)
    lesson.title = lessonTitle
    lesson.exercises[title] = ExerciseProgress(passed: true, answer: answer)
    lessons[path] = lesson
  }
}

/// One lesson file's progress.
public struct LessonProgress: Codable, Hashable {
  public var title: String
  /// Keyed by exercise title, which survives a teacher reordering exercises.
  public var exercises: [String: ExerciseProgress] = [:]

  public init(title: String) {
    self.title = title
  }
}

/// One exercise's progress: passed, and the answer that passed.
public struct ExerciseProgress: Codable, Hashable {
  public var passed: Bool
  public var answer: String?

  public init(passed: Bool, answer: String?) {
    self.passed = passed
    self.answer = answer
  }
}
