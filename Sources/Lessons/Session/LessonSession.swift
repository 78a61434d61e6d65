import StreamCore
import StreamLang

/// The interactive lesson runner as a pure state machine: each input line
/// becomes output text and effects (write the answer, save progress). The
/// executable only reads lines and carries out the effects.
///
/// It shows the lesson's prose (wrapped) and demos (run and drawn), then each
/// exercise: its task, the diagrams of its given streams and of the expected
/// output. Its own commands are the `LessonSessionCommand`s; StreamLab's
/// `LessonPrompt` adds the playground's. It starts at the first exercise not passed yet.
public struct LessonSession {
  /// The lesson file; re-read after each answer is written, so later rewrites use fresh offsets.
  public private(set) var lesson: LessonFile
  /// The lesson file's key in the progress store (its absolute path).
  public let lessonKey: String
  public private(set) var progress: Progress
  /// 0-based index of the exercise on screen; `lesson.exercises.count` once past the last.
  public private(set) var current = 0
  /// Exercise numbers passed, in this session or before it.
  public private(set) var passed: Set<Int> = []
  private var hintsShown: [Int: Int] = [:]
  /// Exercises the student has answered with a program that ran: a
  /// prediction exercise shows its expected output only after that.
  private var answered: Set<Int> = []
  /// The exercise passed by the previous line, so `:solution` right after a pass shows its solution.
  private var justPassed: Exercise?
  private var finished = false
  /// Why the last save of the progress failed, until one succeeds: `:quit` must not claim it was saved.
  private var progressNotSaved: ProgressStore.SaveError?
  private let checker: ExerciseChecker
  private var feedback: CheckFeedback
  private var width: Int

  public init(
    lesson: LessonFile, lessonKey: String, progress: Progress, checker: ExerciseChecker, feedback: CheckFeedback,
    width: Int
  ) {
    self.lesson = lesson
    self.lessonKey = lessonKey
    self.progress = progress
    self.checker = checker
    self.feedback = feedback
    self.width = max(width, 20)
  }

  /// The terminal was resized: later text is wrapped at `width`, and
  /// diagrams drawn by `feedback`, made for that width.
  public mutating func resize(width: Int, feedback: CheckFeedback) {
    self.width = max(width, 20)
    self.feedback = feedback
  }

  /// The opening screen: title, introduction, then the first exercise not passed yet.
  /// An exercise counts as passed when the progress file says so or when the
  /// answer already in the file passes (the progress file may be new or lost).
  public mutating func start() -> SessionOutput {
    for exercise in lesson.exercises {
      if progress.hasPassed(lesson: lessonKey, exercise: exercise.title)
        || (exercise.answer != nil && checker.check(exercise, answer: exercise.answerText).passed)
      {
        passed.insert(exercise.number)
      }
    }
    current = lesson.exercises.firstIndex(where: { !passed.contains($0.number) }) ?? lesson.exercises.count
    guard !passed.isEmpty else { return show(openingSections) }
    // A returning student has read the prose: one line says where they are, `:prose` shows it again.
    guard current < lesson.exercises.count else { return show([heading]) }
    let context =
      "Welcome back: \(passed.count) of \(lesson.exercises.count) exercises passed. Exercise \(current + 1) next; :prose shows the lesson's text again."
    return show([heading, TextWrapper.wrap(context, width: width)])
  }

  /// `Lesson 4: Waiting for silence`
  private var heading: String {
    (lesson.number.map { "Lesson \($0): " } ?? "") + lesson.title
  }

  /// The title and the introduction's prose and demos.
  private var openingSections: [String] {
    [heading] + lesson.introduction.map(render)
  }

  /// `:prose`: the introduction, then the prose and demos of each exercise up to the current one.
  private var proseScreen: String {
    var sections = openingSections
    for exercise in lesson.exercises.prefix(current + 1) where !exercise.items.isEmpty {
      sections.append("Exercise \(exercise.number): \(exercise.title)")
      sections += exercise.items.map(render)
    }
    return sections.joined(separator: "\n\n")
  }

  /// Handles one line typed at the prompt.
  public mutating func handle(_ line: String) -> SessionOutput {
    guard !finished else { return SessionOutput(text: "", prompt: nil) }
    let input = Substring(line).trimmingWhitespace()
    if input.hasPrefix(":") {
      if let command = LessonSessionCommand.parse(input) { return perform(command) }
      let unknown = input == ":help" ? "" : "unknown command \(input)\n"
      return SessionOutput(text: unknown + Self.help, prompt: prompt)
    }
    justPassed = nil
    guard current < lesson.exercises.count else { return quit() }
    if input.isEmpty { return SessionOutput(text: "", prompt: prompt) }
    return answer(input, to: lesson.exercises[current])
  }

  /// Carries out one of the prompt's own commands.
  public mutating func perform(_ command: LessonSessionCommand) -> SessionOutput {
    guard !finished else { return SessionOutput(text: "", prompt: nil) }
    let previous = justPassed
    justPassed = nil
    guard current < lesson.exercises.count else { return quit() }
    return perform(command, on: lesson.exercises[current], justPassed: previous)
  }

  private mutating func perform(_ command: LessonSessionCommand, on exercise: Exercise, justPassed previous: Exercise?)
    -> SessionOutput
  {
    switch command {
    case .hint:
      return SessionOutput(text: nextHint(for: exercise), prompt: prompt)
    case .expected:
      return SessionOutput(text: expectedScreen(for: exercise), prompt: prompt)
    case .prose:
      return SessionOutput(text: proseScreen, prompt: prompt)
    case .skip:
      current += 1
      return show(["Skipped."])
    case .back:
      guard current > 0 else { return SessionOutput(text: "This is the first exercise.", prompt: prompt) }
      current -= 1
      return show([])
    case .solution:
      // Right after a pass the prompt shows the next exercise, which may be
      // passed already: the solution asked for is the one just passed.
      return SessionOutput(text: solution(for: previous ?? exercise), prompt: prompt)
    case .quit:
      return quit()
    }
  }

  /// The prompt's own commands, for a session used without StreamLab's `LessonPrompt`.
  static var help: String {
    (["Type a pipeline to answer. Commands:"] + LessonSessionCommand.helpLines).joined(separator: "\n")
  }

  /// `2/5 » `
  public var prompt: String? {
    finished ? nil : "\(min(current + 1, lesson.exercises.count))/\(lesson.exercises.count) » "
  }

  private mutating func answer(_ input: String, to exercise: Exercise) -> SessionOutput {
    let result = checker.check(exercise, answer: input)
    if result.actual != nil { answered.insert(exercise.number) }
    guard result.passed else {
      var output = SessionOutput(
        text: feedback.render(result, givens: givenRun(exercise)) + "\n(:hint for a hint)", prompt: prompt)
      output.checkedProgram = result.program
      return output
    }
    passed.insert(exercise.number)
    let text = AnswerRewriter.rewrite(lesson, exercise: exercise.number, answer: input)
    let reparsed = LessonParser(mode: .submission).parse(text, fileName: lesson.fileName).file
    lesson.text = text
    lesson.exercises = reparsed.exercises
    progress.recordPass(lesson: lessonKey, lessonTitle: lesson.title, exercise: exercise.title, answer: input)
    justPassed = exercise
    // After the last exercise the session ends and no prompt is left to type
    // `:solution` at, so the solution comes with the pass.
    let isLast = current + 1 == lesson.exercises.count
    var sections = [
      isLast
        ? "✓ Passed!" + (exercise.solution.map { " The teacher's solution:" + LessonPresenter.shown($0) } ?? "")
        : "✓ Passed! (type :solution now for the teacher's solution)"
    ]
    if let diagram = feedback.comparisonDiagram(result, givens: givenRun(exercise)) { sections.append(diagram) }
    if let tests = feedback.testsDiagram(result) { sections.append(tests) }
    current += 1
    var output = show(sections)
    output.checkedProgram = result.program
    output.effects = [
      .writeAnswer(exercise: exercise.number, answer: input, text: text), .saveProgress(progress),
    ]
    return output
  }

  /// The given sections, then the current exercise, or the closing screen after the last one.
  private mutating func show(_ sections: [String]) -> SessionOutput {
    guard current < lesson.exercises.count else {
      var closing = sections
      closing.append(summary)
      finished = true
      return SessionOutput(text: closing.joined(separator: "\n\n"), prompt: nil)
    }
    let screen = exerciseScreen(lesson.exercises[current])
    return SessionOutput(text: (sections + [screen]).joined(separator: "\n\n"), prompt: prompt)
  }

  /// Tells the session whether carrying out its last `.saveProgress` effect
  /// worked: nil when it did, else why not.
  public mutating func progressSaved(failure: ProgressStore.SaveError?) {
    progressNotSaved = failure
  }

  private mutating func quit() -> SessionOutput {
    finished = true
    guard let progressNotSaved else { return SessionOutput(text: summary + " Progress saved.", prompt: nil) }
    let notSaved =
      "Progress could not be saved to \(progressNotSaved.url.path): \(progressNotSaved.reason) \(progressNotSaved.remedy)"
    return SessionOutput(text: TextWrapper.wrap(summary + " " + notSaved, width: width), prompt: nil)
  }

  private var summary: String {
    let count = lesson.exercises.count
    if passed.count == count { return "Lesson complete: all \(count) exercises passed." }
    return "\(passed.count) of \(count) exercises passed."
  }

  private var presenter: LessonPresenter {
    LessonPresenter(exerciseCount: lesson.exercises.count, checker: checker, feedback: feedback, width: width)
  }

  private func exerciseScreen(_ exercise: Exercise) -> String {
    presenter.exerciseScreen(
      exercise, passed: passed.contains(exercise.number), revealsExpected: revealsExpected(of: exercise))
  }

  private func expectedScreen(for exercise: Exercise) -> String {
    presenter.expectedScreen(for: exercise, revealsExpected: revealsExpected(of: exercise))
  }

  /// A prediction exercise keeps its expected output hidden until the student has answered it once.
  private func revealsExpected(of exercise: Exercise) -> Bool {
    answered.contains(exercise.number) || passed.contains(exercise.number)
  }

  private func givenRun(_ exercise: Exercise) -> RunResult? { presenter.givenRun(exercise) }

  private mutating func nextHint(for exercise: Exercise) -> String {
    let shown = hintsShown[exercise.number, default: 0]
    guard !exercise.hints.isEmpty else { return "This exercise has no hints. Try :expected." }
    guard shown < exercise.hints.count else { return "No more hints. Try :expected, or :skip and come back later." }
    hintsShown[exercise.number] = shown + 1
    return presenter.hint(shown, of: exercise)
  }

  private func solution(for exercise: Exercise) -> String {
    guard passed.contains(exercise.number) else { return "The solution opens once you pass this exercise." }
    guard let solution = exercise.solution else { return "This exercise has no written solution; yours passed." }
    return "Solution:" + LessonPresenter.shown(solution)
  }

  private func render(_ item: LessonItem) -> String { presenter.render(item) }
}
