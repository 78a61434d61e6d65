import Foundation
import Lessons
import Marbles
import StreamCore
import StreamLab
import StreamLang

/// `GET /api/lessons`, `GET /api/lessons/ID` and `POST /api/check`: the
/// lessons in the browser, checked by `streamlab run`'s `ExerciseChecker`
/// and recorded in the terminal's progress store.
struct LessonEndpoints: Sendable {
  let library: LessonLibrary
  let progress: ProgressKeeper
  let gate: RunGate

  struct CheckBody: Decodable {
    var lesson: String
    var exercise: Int
    var answer: String
    /// How many hints the student has seen; the failure's hint is the next one.
    var hintsShown: Int?
  }

  static let checkShape = #"{"lesson": "lesson04", "exercise": 1, "answer": TEXT}"#

  func list() async throws -> WebResponse {
    let progress = await progress.progress
    let summaries = library.entries.compactMap { entry -> String? in
      let (file, errors) = LessonParser().parse(entry.text, fileName: entry.fileName)
      guard errors.isEmpty else { return nil }
      let passed = file.exercises.filter { progress.hasPassed(lesson: entry.key, exercise: $0.title) }.count
      return LessonDocument.summary(id: LessonLibrary.id(of: entry), file: file, passedCount: passed)
    }
    return .json("[" + summaries.joined(separator: ",\n ") + "]")
  }

  func lesson(id: String) async throws -> WebResponse {
    let (entry, file) = try library.lesson(id: id)
    let progress = await progress.progress
    return .json(
      LessonDocument.text(id: id, file: file) { progress.hasPassed(lesson: entry.key, exercise: $0.title) })
  }

  func check(_ body: Data) async throws -> WebResponse {
    let request = try RequestBody.decode(CheckBody.self, from: body, shape: Self.checkShape)
    let (entry, file) = try library.lesson(id: request.lesson)
    guard let exercise = file.exercises.first(where: { $0.number == request.exercise }) else {
      throw APIError.notFound("\(request.lesson) has exercises 1 to \(file.exercises.count), not \(request.exercise)")
    }
    let answer = request.answer
    let result = try await gate.run { options in
      ExerciseChecker(runner: InterpreterRunner(options: options, swiftAnswers: SwiftImportAnswers())).check(
        exercise, answer: answer)
    }
    if result.passed {
      await progress.recordPass(lesson: entry, title: file.title, exercise: exercise.title, answer: result.answer)
    }
    return .json(Self.document(of: result, exercise: exercise, hintsShown: request.hintsShown ?? 0))
  }

  /// `{"passed", "message", "expected", "actual", "hint", "diagram"}`; the
  /// diagrams are `--format json` documents of one row each, null when there
  /// is none, and `"diagram"` the page's picture of both on one axis.
  static func document(of result: CheckResult, exercise: Exercise, hintsShown: Int) -> String {
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
    let hint = !result.passed && exercise.hints.indices.contains(hintsShown) ? exercise.hints[hintsShown] : nil
    var fields: [(String, String)] = [
      ("passed", String(result.passed)), ("message", JSONObject.string(result.summary)),
      ("expected", expected ?? "null"), ("actual", actual ?? "null"),
      ("hint", hint.map(JSONObject.string) ?? "null"),
      ("diagram", comparison(expected: result.expected, actual: result.actual).map(JSONObject.string) ?? "null"),
    ]
    if case .answerInvalid(let problems)? = result.problems.first, let first = problems.first {
      let location = SourceLocation(of: first.range, in: result.answer)
      fields += [("line", String(location.line)), ("column", String(location.column))]
    }
    return JSONObject.text(fields)
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
