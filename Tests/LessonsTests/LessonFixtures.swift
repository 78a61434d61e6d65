import Lessons
import StreamLab
import Testing

/// Lesson texts shared by the checker, grader and session tests.
enum LessonFixtures {
  /// The sketch from LESSONS.md plus a values-only exercise.
  static let debounce = """
    lesson: 4
    title: Waiting for silence

    A search field should wait until the user pauses.

    > events 0ms:"i", 100ms:"ip", 450ms:"iph", 900ms:| | debounce 300ms

    exercise: Only search when the user pauses
    given: let typing = events 0ms:"i", 100ms:"ip", 200ms:"iph", 700ms:"ipho", 1200ms:|
    task: Emit a query only after 300ms without typing.
    expect: 500ms:"iph", 1000ms:"ipho", 1200ms:|
    require: debounce
    forbid: flatMap, take
    hint: Which operator waits for silence before it lets a value through?
    hint: debounce takes a time.
    solution: typing | debounce 300ms
    answer:

    exercise: Shout the clicks
    given: let clicks = marbles "-a--b-c|"
    task: Turn every click into its upper-case letter.
    compare: values
    expect: "A", "B", "C"
    hint: map changes each value.
    hint: x.uppercased()
    solution: clicks | map x.uppercased()
    answer:

    """

  static func lesson(_ text: String = debounce, fileName: String = "lesson04.txt") throws -> LessonFile {
    switch LessonLoader(runner: InterpreterRunner(swiftAnswers: SwiftImportAnswers())).load(text, fileName: fileName) {
    case .success(let file): return file
    case .failure(let errors):
      Issue.record("fixture does not load:\n\(errors)")
      throw errors
    }
  }

  static let checker = ExerciseChecker(runner: InterpreterRunner(swiftAnswers: SwiftImportAnswers()))

  /// Feedback drawn as one line per row, `label: events`.
  static let feedback = CheckFeedback(draw: { run in
    run.rows.map { "\($0.isOutput ? "> " : "")\($0.label): \(EventsText.format($0.events) ?? "")" }
      .joined(separator: "\n")
  })
}
