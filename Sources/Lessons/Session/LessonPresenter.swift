import StreamCore
import StreamLang

/// Draws a lesson's parts for a terminal of one width: an exercise's screen
/// (its title, prose and demos, task, and the given streams and expected
/// output on one axis), prose paragraphs and demos. The lesson prompt
/// (`LessonSession`) and `streamlab watch` (`LessonWatch`) show the same text.
struct LessonPresenter {
  /// How many exercises the lesson has, for `Exercise 2 of 5`.
  let exerciseCount: Int
  let checker: ExerciseChecker
  let feedback: CheckFeedback
  let width: Int

  /// `Exercise 2 of 5: Title (passed)`, then the exercise's prose and demos,
  /// its task and `expectedScreen`.
  /// - Parameter revealsExpected: false for a prediction exercise the student has not answered yet.
  func exerciseScreen(_ exercise: Exercise, passed: Bool, revealsExpected: Bool) -> String {
    var sections = [exerciseHeading(exercise, passed: passed)]
    sections += exercise.items.map(render)
    if let task = exercise.task { sections.append(TextWrapper.wrap(task.text, width: width)) }
    sections.append(expectedScreen(for: exercise, revealsExpected: revealsExpected))
    return sections.joined(separator: "\n\n")
  }

  /// `Exercise 2 of 5: Title`, with ` (passed)` when it is.
  func exerciseHeading(_ exercise: Exercise, passed: Bool) -> String {
    "Exercise \(exercise.number) of \(exerciseCount): \(exercise.title)\(passed ? " (passed)" : "")"
  }

  /// The givens' streams and the expected output, drawn on one axis; a test
  /// exercise's code under test; a prediction exercise's givens alone until
  /// `revealsExpected`.
  func expectedScreen(for exercise: Exercise, revealsExpected: Bool = true) -> String {
    if let code = exercise.code { return testScreen(for: exercise, code: code) }
    let givens = givenRun(exercise)
    if exercise.asksForPrediction, !revealsExpected {
      let given =
        givens.map { "Given:\n" + feedback.exerciseDiagram(givens: $0, expected: nil, result: nil) + "\n\n" } ?? ""
      return given
        + TextWrapper.wrap(
          "Predict first: say what you expect to see, then type your answer. The expected output shows once you have answered.",
          width: width)
    }
    switch checker.expected(for: exercise) {
    case .success(let expected):
      let heading = givens == nil ? "Expected output:" : "Given and expected output, on one time axis:"
      let lifetimes = expected.lifetimes.map { "\n" + Self.sentence($0) }.joined()
      return heading + "\n" + feedback.expectedDiagram(expected.events ?? [], givens: givens) + lifetimes
    case .failure(let failure):
      let given = givens.map { "Given:\n" + feedback.draw($0) + "\n\n" } ?? ""
      return given + "The expected output cannot be shown: \(failure)"
    }
  }

  /// A test exercise's screen: the code under test, and what the test must do.
  private func testScreen(for exercise: Exercise, code: FieldText) -> String {
    let count: String
    switch checker.nearMissesToCatch(exercise) {
    case .success(let nearMisses):
      count = "\(nearMisses.count) near miss\(nearMisses.count == 1 ? "" : "es")"
    case .failure(let failure):
      return "The code under test:\n" + Self.indented(code) + "\n\nThis exercise cannot be checked: \(failure)"
    }
    return "The code under test:\n" + Self.indented(code) + "\n\n"
      + TextWrapper.wrap(
        "Answer with a test: a `final class …: XCTestCase` whose `test…` methods use this code. It passes when every test passes on the code and some test fails on each of the \(count) of the code the lesson knows (a duration changed, an operator swapped or left out); a failing check names the first one your tests let pass.",
        width: width)
  }

  /// `Hint 2 of 3: …`, wrapped: the hint at 0-based `index`.
  func hint(_ index: Int, of exercise: Exercise) -> String {
    TextWrapper.wrap("Hint \(index + 1) of \(exercise.hints.count): \(exercise.hints[index])", width: width)
  }

  /// A solution as the teacher wrote it, to follow a colon: one line after
  /// a space, or Swift over several lines, indented as in the file, below.
  static func shown(_ solution: FieldText) -> String {
    solution.pieces.count > 1 ? "\n" + indented(solution) : " " + solution.text
  }

  private static func indented(_ code: FieldText) -> String {
    code.indentedLines.map { "    " + $0 }.joined(separator: "\n")
  }

  /// `and vm is released (its deinit runs) at 2500ms`, for the expected screen.
  static func sentence(_ lifetime: LifetimeExpectation) -> String {
    switch lifetime.ending {
    case .deinitAt(let time): return "and \(lifetime.name) is released (its deinit runs) at \(time)"
    case .leak: return "and \(lifetime.name) leaks: it is never released"
    }
  }

  /// Each stream bound by a given, subscribed on one clock.
  func givenRun(_ exercise: Exercise) -> RunResult? {
    let names = exercise.givens.flatMap { Self.boundNames(in: $0.text) }
    guard !names.isEmpty else { return nil }
    let program = (exercise.givens.map(\.text) + names).joined(separator: "\n")
    guard case .ran(let run) = checker.runner.run(program) else { return nil }
    return run.result
  }

  /// The names of `let NAME = …` statements in a given.
  static func boundNames(in text: String) -> [String] {
    text.split(whereSeparator: { $0 == "\n" || $0 == ";" }).compactMap { statement in
      let words = statement.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "=" })
      guard words.count >= 2, words[0] == "let" else { return nil }
      return String(words[1])
    }
  }

  /// A prose paragraph wrapped, or a demo run and drawn.
  func render(_ item: LessonItem) -> String {
    switch item {
    case .prose(let lines):
      return TextWrapper.wrap(lines, width: width).joined(separator: "\n")
    case .demo(let demo):
      switch checker.runner.run(demo.text) {
      case .ran(let run):
        return "» \(demo.text)\n" + feedback.draw(run.result)
      case .invalid(let problems):
        return "» \(demo.text)\n" + problems.rendered(in: demo.text, width: width)
      }
    }
  }
}
