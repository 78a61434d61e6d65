import Foundation
import Lessons
import Marbles
import StreamCore
import StreamLab
import StreamLang

/// `GET /api/lessons`, `GET /api/lessons/ID`, `GET /api/lessons/ID/hints/EXERCISE/N`
/// and `POST /api/check`: the lessons in the browser, checked by `streamlab
/// run`'s `ExerciseChecker` and recorded in the student's progress.
struct LessonEndpoints: Sendable {
  let library: LessonLibrary
  let progress: ProgressKeeper
  let hints: LessonHints
  let gate: RunGate

  struct CheckBody: Decodable {
    var lesson: String
    var exercise: Int
    var answer: String
    /// How many hints the student has seen; the failure's hint is the next one.
    var hintsShown: Int?
  }

  static let checkShape = #"{"lesson": "lesson04", "exercise": 1, "answer": TEXT}"#

  func list(student: StudentCookie?) async throws -> WebResponse {
    let progress = await progress.progress(of: student)
    let summaries = library.entries.compactMap { entry -> String? in
      let (file, errors) = LessonParser().parse(entry.text, fileName: entry.fileName)
      guard errors.isEmpty else { return nil }
      let passed = file.exercises.filter { progress.hasPassed(lesson: entry.key, exercise: $0.title) }.count
      return LessonDocument.summary(id: LessonLibrary.id(of: entry), file: file, passedCount: passed)
    }
    return .json("[" + summaries.joined(separator: ",\n ") + "]")
  }

  func lesson(id: String, student: StudentCookie?) async throws -> WebResponse {
    let (entry, file) = try library.lesson(id: id)
    let progress = await progress.progress(of: student)
    return .json(
      LessonDocument.text(id: id, file: file, hints: hints) {
        progress.hasPassed(lesson: entry.key, exercise: $0.title)
      })
  }

  /// `GET /api/lessons/ID/hints/EXERCISE/N`: `{"hint": TEXT, "number": N,
  /// "count": HINTS}`, the Nth hint (from 1) of exercise EXERCISE.
  func hint(lesson id: String, exercise exerciseText: Substring, number hintText: Substring) throws -> WebResponse {
    let (_, file) = try library.lesson(id: id)
    guard let number = Int(exerciseText), let hintNumber = Int(hintText) else {
      throw APIError.badRequest("a hint is asked for as /api/lessons/\(id)/hints/EXERCISE/N, both numbers")
    }
    let exercise = try Self.exercise(number, of: file, id: id)
    let shown = hints.of(exercise)
    guard shown.indices.contains(hintNumber - 1) else {
      throw APIError.notFound("exercise \(number) of \(id) has \(shown.count) hints, not \(hintNumber)")
    }
    return .json(
      JSONObject.text([
        ("hint", JSONObject.string(shown[hintNumber - 1])), ("number", String(hintNumber)),
        ("count", String(shown.count)),
      ]))
  }

  func check(_ body: Data, student: StudentCookie?) async throws -> WebResponse {
    let request = try RequestBody.decode(CheckBody.self, from: body, shape: Self.checkShape)
    let (entry, file) = try library.lesson(id: request.lesson)
    let exercise = try Self.exercise(request.exercise, of: file, id: request.lesson)
    let answer = request.answer
    try await progress.checkAnswerSize(answer)
    let result = try await gate.run { options in
      ExerciseChecker(runner: InterpreterRunner(options: options, swiftAnswers: SwiftImportAnswers())).check(
        exercise, answer: answer)
    }
    if result.passed {
      try await progress.recordPass(
        of: student, lesson: entry, title: file.title, exercise: exercise.title, answer: result.answer)
    }
    return .json(Self.document(of: result, hints: hints.of(exercise), hintsShown: request.hintsShown ?? 0))
  }

  private static func exercise(_ number: Int, of file: LessonFile, id: String) throws -> Exercise {
    guard let exercise = file.exercises.first(where: { $0.number == number }) else {
      throw APIError.notFound("\(id) has exercises 1 to \(file.exercises.count), not \(number)")
    }
    return exercise
  }

  /// `{"passed", "message", "expected", "actual", "hint", "diagram"}`; the
  /// diagrams are `--format json` documents of one row each, null when there
  /// is none, and `"diagram"` the page's picture of both on one axis.
  static func document(of result: CheckResult, hints: [String], hintsShown: Int) -> String {
    let expected = result.expected.map { events in
      TimelineJSON.encode(
        RunResult(
          pipelines: [ShownPipeline(source: "expected")],
          rows: [Timeline(label: "expected", pipeline: 0, stage: 0, isOutput: true, events: events)]))
    }
    let actual = result.actual.map { row in
      var row = row
      row.pipeline = 0
      return TimelineJSON.encode(RunResult(pipelines: [ShownPipeline(source: row.label)], rows: [row]))
    }
    let hint = !result.passed && hints.indices.contains(hintsShown) ? hints[hintsShown] : nil
    var fields: [(String, String)] = [
      ("passed", String(result.passed)), ("message", JSONObject.string(result.summary)),
      ("expected", expected ?? "null"), ("actual", actual ?? "null"),
      ("hint", hint.map(JSONObject.string) ?? "null"),
      (
        "diagram",
        (comparison(expected: result.expected, actual: result.actual) ?? testDiagram(result)).map(JSONObject.string)
          ?? "null"
      ),
    ]
    if case .answerInvalid(let problems)? = result.problems.first, let first = problems.first {
      let location = SourceLocation(of: first.range, in: result.answer)
      fields += [("line", String(location.line)), ("column", String(location.column))]
    }
    return JSONObject.text(fields)
  }

  /// A test exercise's answer (issue 32): the first of its tests the check
  /// shows (failing on the code, or passing on a near miss), drawn as the
  /// page draws every run.
  static func testDiagram(_ result: CheckResult) -> String? {
    guard let test = result.tests.first else { return nil }
    return SVGDiagram.render(test.result, playground: PlaygroundPicture())
  }

  /// The expected output over the answer's, drawn by the server's one
  /// renderer as the page shows every diagram.
  static func comparison(expected: [TimelineEvent]?, actual: Timeline?) -> String? {
    var rows: [Timeline] = []
    var pipelines: [ShownPipeline] = []
    if let expected {
      pipelines.append(ShownPipeline(source: "expected"))
      rows.append(Timeline(label: "expected", pipeline: 0, stage: 0, isOutput: true, events: expected))
    }
    if var actual {
      (actual.label, actual.pipeline, actual.stage, actual.inner, actual.shared) =
        ("your answer", pipelines.count, 0, nil, nil)
      pipelines.append(ShownPipeline(source: "your answer"))
      rows.append(actual)
    }
    guard !rows.isEmpty else { return nil }
    return SVGDiagram.render(RunResult(pipelines: pipelines, rows: rows), playground: PlaygroundPicture())
  }
}
