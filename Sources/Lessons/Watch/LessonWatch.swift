/// `streamlab watch` as a pure state machine: each read of the lesson file
/// (its text, or why it could not be read) becomes the screen to show, as
/// rustlings' watch mode does. The executable watches the file, reads it
/// when a save has settled, prints `screen` and carries out key presses.
///
/// The screen shows the lesson's title, how many exercises pass, and the
/// first exercise whose `answer:` line does not pass yet, with the feedback
/// `streamlab run` gives on that answer; once it passes, the next screen
/// says so above the next exercise.
public struct LessonWatch {
  /// What the last read of the file found.
  enum Reading {
    case notYetRead
    /// The file could not be read: why, in words (`cannot read …: no such file …`).
    case unreadable(String)
    /// The file was read but is not a lesson streamlab can check: its errors
    /// rendered with their lines and carets, as `streamlab run` prints them.
    case invalid(String)
    /// Every exercise checked against its `answer:` line, in order.
    case checked(LessonFile, [CheckResult])
  }

  /// The file as the student named it, for the screen.
  public let fileName: String
  /// The lesson's key in the progress store (its absolute path).
  public let lessonKey: String
  /// Whether the student can press keys (standard input is a terminal): the footer lists them.
  public let readsKeys: Bool
  /// Progress, with every exercise whose answer passed recorded.
  public private(set) var progress: Progress
  private let checker: ExerciseChecker
  private var feedback: CheckFeedback
  private var width: Int
  private var reading = Reading.notYetRead
  /// The exercise that was on screen before the last read, by title.
  private var shownExercise: String?
  /// The exercise that the last read found passing, having been on screen before it.
  private var justPassed: Exercise?
  /// How many hints of each exercise (by title) the student has asked for.
  private var hintsShown: [String: Int] = [:]
  /// Why the last save of the progress failed, until one succeeds.
  private var progressNotSaved: ProgressStore.SaveError?

  public init(
    fileName: String, lessonKey: String, progress: Progress, checker: ExerciseChecker, feedback: CheckFeedback,
    width: Int, readsKeys: Bool
  ) {
    self.fileName = fileName
    self.lessonKey = lessonKey
    self.progress = progress
    self.checker = checker
    self.feedback = feedback
    self.width = max(width, 20)
    self.readsKeys = readsKeys
  }

  /// The first exercise whose answer does not pass (0-based), nil when all pass.
  public static func currentIndex(_ results: [CheckResult]) -> Int? {
    results.firstIndex { !$0.passed }
  }

  /// Checks the file's text as just read. Returns the progress to save when
  /// an answer passed that the progress did not know of yet.
  public mutating func read(_ text: String) -> Progress? {
    let before = shownExercise
    justPassed = nil
    switch LessonLoader(runner: checker.runner).load(text, fileName: fileName) {
    case .failure(let errors):
      reading = .invalid(errors.rendered(in: text))
      return nil
    case .success(let lesson):
      let results = lesson.exercises.map { checker.check($0, answer: $0.answerText) }
      reading = .checked(lesson, results)
      let current = Self.currentIndex(results)
      shownExercise = current.map { lesson.exercises[$0].title }
      if let before, before != shownExercise,
        let index = lesson.exercises.firstIndex(where: { $0.title == before }), results[index].passed
      {
        justPassed = lesson.exercises[index]
      }
      var changed = false
      for (exercise, result) in zip(lesson.exercises, results) where result.passed {
        guard !progress.hasPassed(lesson: lessonKey, exercise: exercise.title) else { continue }
        progress.recordPass(
          lesson: lessonKey, lessonTitle: lesson.title, exercise: exercise.title, answer: exercise.answerText)
        changed = true
      }
      return changed ? progress : nil
    }
  }

  /// The file could not be read: `reason` says why.
  public mutating func unreadable(_ reason: String) {
    justPassed = nil
    reading = .unreadable(reason)
  }

  /// Tells the watch whether saving the progress `read` returned worked: nil when it did.
  public mutating func progressSaved(failure: ProgressStore.SaveError?) {
    progressNotSaved = failure
  }

  /// The student asked for a hint: the next one of the exercise on screen is shown from now on.
  public mutating func askForHint() {
    guard case .checked(let lesson, let results) = reading, let index = Self.currentIndex(results) else { return }
    let exercise = lesson.exercises[index]
    hintsShown[exercise.title] = min(hintsShown[exercise.title, default: 0] + 1, exercise.hints.count + 1)
  }

  /// The terminal was resized: the screen is wrapped at `width`, diagrams drawn by `feedback`.
  public mutating func resize(width: Int, feedback: CheckFeedback) {
    self.width = max(width, 20)
    self.feedback = feedback
  }

  /// What to show now, without escapes; the executable clears the terminal
  /// before it or prints a rule between screens.
  public var screen: String {
    var sections: [String]
    switch reading {
    case .notYetRead:
      sections = ["Reading \(fileName)…"]
    case .unreadable(let reason):
      sections = [
        TextWrapper.wrap("streamlab: \(reason)", width: width),
        TextWrapper.wrap("Still watching: the screen changes when the file is back.", width: width),
      ]
    case .invalid(let errors):
      sections = [
        errors,
        TextWrapper.wrap(
          "\(fileName) has errors, so its answers cannot be checked. Still watching: save it mended to go on.",
          width: width),
      ]
    case .checked(let lesson, let results):
      sections = checkedScreen(lesson, results)
    }
    if let progressNotSaved { sections.append(TextWrapper.wrap("warning: \(progressNotSaved)", width: width)) }
    sections.append(footer)
    return sections.joined(separator: "\n\n")
  }

  private func checkedScreen(_ lesson: LessonFile, _ results: [CheckResult]) -> [String] {
    let presenter = LessonPresenter(
      exerciseCount: lesson.exercises.count, checker: checker, feedback: feedback, width: width)
    let passedCount = results.filter(\.passed).count
    var sections = [
      (lesson.number.map { "Lesson \($0): " } ?? "") + lesson.title + "\n"
        + "\(passedCount) of \(results.count) exercises passed"
    ]
    if let justPassed {
      let solution = justPassed.solution.map { " The teacher's solution:" + LessonPresenter.shown($0) } ?? ""
      sections.append(
        TextWrapper.wrap("✓ Exercise \(justPassed.number) passed: \(justPassed.title).", width: width) + solution)
    }
    guard let index = Self.currentIndex(results) else {
      sections.append("Lesson complete: all \(results.count) exercises passed.")
      return sections
    }
    let exercise = lesson.exercises[index]
    let result = results[index]
    var body = [presenter.exerciseHeading(exercise, passed: false)]
    body += exercise.items.map(presenter.render)
    if let task = exercise.task { body.append(TextWrapper.wrap(task.text, width: width)) }
    let givens = presenter.givenRun(exercise)
    if result.problems == [.noAnswer] {
      body.append(presenter.expectedScreen(for: exercise, revealsExpected: false))
      body.append("No answer yet.")
    } else if result.expected != nil, result.actual != nil {
      // The feedback's diagram has the given and expected rows above the answer's.
      body.append(feedback.render(result, givens: givens))
    } else {
      body.append(presenter.expectedScreen(for: exercise, revealsExpected: result.actual != nil))
      body.append(feedback.render(result, givens: givens))
    }
    let hints = hintsShown[exercise.title, default: 0]
    body += (0..<min(hints, exercise.hints.count)).map { presenter.hint($0, of: exercise) }
    if hints > exercise.hints.count || (hints > 0 && exercise.hints.isEmpty) {
      body.append(exercise.hints.isEmpty ? "This exercise has no hints." : "No more hints.")
    }
    sections.append(body.joined(separator: "\n\n"))
    sections.append(TextWrapper.wrap(Self.whereToAnswer(exercise, in: lesson, fileName: fileName), width: width))
    return sections
  }

  /// `Write your answer on the answer: line of exercise 2 (line 95 of lessons/lesson04.txt) and save.`
  static func whereToAnswer(_ exercise: Exercise, in lesson: LessonFile, fileName: String) -> String {
    let lines = SourceLines(lesson.text)
    guard let span = exercise.answerSpan else {
      return
        "Add an `answer:` line to exercise \(exercise.number) (it starts at line \(exercise.line) of \(fileName)), write your answer after it and save."
    }
    let line = lines.line(containingOffset: span.lowerBound)
    let verb = exercise.answer == nil ? "Write your answer" : "Edit your answer"
    return "\(verb) on the `answer:` line of exercise \(exercise.number) (line \(line) of \(fileName)) and save."
  }

  /// What a save does, then the keys (or how to stop, when standard input is not a terminal).
  private var footer: String {
    let saving = TextWrapper.wrap("Watching \(fileName): each save checks it again.", width: width)
    guard readsKeys else { return saving + "\n" + "Ctrl-C quits." }
    var keys = ["r checks again", "q or Ctrl-C quits"]
    if case .checked(_, let results) = reading, Self.currentIndex(results) != nil {
      keys.insert("h shows a hint", at: 0)
    }
    return saving + "\n" + keys.joined(separator: " · ")
  }
}
