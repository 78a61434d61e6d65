/// The results of checking one or more students' answers to one lesson:
/// one entry per student and exercise.
public struct GradeReport: Hashable {
  /// The teacher's lesson file name, such as `lesson04.txt`.
  public var lesson: String
  public var entries: [GradeEntry]

  public init(lesson: String, entries: [GradeEntry]) {
    self.lesson = lesson
    self.entries = entries
  }

  public var passedCount: Int { entries.filter(\.passed).count }
  /// Entries that could not be checked (an unreadable submission); they count as failed too.
  public var errorCount: Int { entries.filter(\.isError).count }
  public var failedCount: Int { entries.count - passedCount }
  public var allPassed: Bool { failedCount == 0 }
  /// Points earned and possible over every entry.
  public var points: Points { Points(entries) }

  /// One student's entries, in exercise order.
  public func entries(of student: String) -> [GradeEntry] {
    entries.filter { $0.student == student }
  }

  /// Student names in the order they were graded.
  public var students: [String] {
    var seen: Set<String> = []
    return entries.map(\.student).filter { seen.insert($0).inserted }
  }
}

/// One student's result on one exercise.
public struct GradeEntry: Hashable {
  /// The submission's file name (or the lesson's own name with `--check`).
  public var student: String
  /// 1-based exercise number.
  public var exercise: Int
  public var title: String
  public var passed: Bool
  /// `passed`, or why not, in one line.
  public var message: String
  /// Longer plain-text feedback (diagrams, a caret under a parse error); may be empty.
  public var details: String
  /// True when the answer could not be checked at all (the submission could
  /// not be read, or does not parse): JUnit reports it as an error, not as a
  /// failed check, and Exercism's results as an "error".
  public var isError = false
  /// The seed of the variant the submission was graded on (`variant:`), if any.
  public var variant: String?
  /// What passing is worth: the exercise's `points:`.
  public var points: Int
  /// The exercise's check as the lesson file states it (its givens and
  /// expected output, or the code a test exercise tests); may be empty.
  public var testCode = ""
  /// What the answer's run printed (`print`), one line per entry; may be empty.
  public var output = ""

  public init(
    student: String, exercise: Int, title: String, passed: Bool, message: String, details: String = "",
    points: Int = 1
  ) {
    self.student = student
    self.exercise = exercise
    self.title = title
    self.passed = passed
    self.message = message
    self.details = details
    self.points = points
  }

  /// `points` when passed, else 0.
  public var earnedPoints: Int { passed ? points : 0 }

  /// `3. Only search when the user pauses`
  public var heading: String { "\(exercise). \(title)" }

  /// `alice.txt: 3. Only search when the user pauses`: unique across a class.
  public var testName: String { "\(student): \(heading)" }
}

/// Points earned out of points possible, written `3/5`.
public struct Points: Hashable, CustomStringConvertible {
  public var earned: Int
  public var possible: Int

  public init(earned: Int, possible: Int) {
    self.earned = earned
    self.possible = possible
  }

  /// The sum over `entries`.
  public init(_ entries: some Sequence<GradeEntry>) {
    self.init(earned: 0, possible: 0)
    for entry in entries {
      earned += entry.earnedPoints
      possible += entry.points
    }
  }

  public var description: String { "\(earned)/\(possible)" }
}
