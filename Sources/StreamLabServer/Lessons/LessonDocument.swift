import Lessons

/// A lesson as `GET /api/lessons/ID` sends it: the prose and runnable
/// examples before the exercises, then each exercise's own prose and demos,
/// givens, task, the code a test exercise tests, how many hints it has and
/// whether it was passed. Solutions,
/// `expect:` and the hints themselves stay on the server: the checker uses the
/// first two, and each hint is sent only when asked for (`LessonHints`).
enum LessonDocument {
  static func text(id: String, file: LessonFile, hints: LessonHints, passed: (Exercise) -> Bool) -> String {
    var fields: [(String, String)] = [("id", JSONObject.string(id)), ("title", JSONObject.string(file.title))]
    if let number = file.number { fields.append(("number", String(number))) }
    fields.append(("items", items(file.introduction)))
    fields.append(
      (
        "exercises",
        "["
          + file.exercises.map { exercise($0, hintCount: hints.of($0).count, passed: passed($0)) }.joined(
            separator: ", ") + "]"
      ))
    return JSONObject.text(fields)
  }

  /// `{"id": "lesson04", "title": …}` for the list.
  static func summary(id: String, file: LessonFile, passedCount: Int) -> String {
    JSONObject.text([
      ("id", JSONObject.string(id)), ("title", JSONObject.string(file.title)),
      ("exercises", String(file.exercises.count)), ("passed", String(passedCount)),
    ])
  }

  private static func exercise(_ exercise: Exercise, hintCount: Int, passed: Bool) -> String {
    JSONObject.text([
      ("number", String(exercise.number)), ("title", JSONObject.string(exercise.title)),
      ("items", items(exercise.items)),
      ("givens", JSONObject.strings(exercise.givens.map(\.text))),
      ("task", exercise.task.map { JSONObject.string($0.text) } ?? "null"),
      // A test exercise's code under test, as indented in the file (issue 32).
      ("code", exercise.code.map { JSONObject.string($0.indentedLines.joined(separator: "\n")) } ?? "null"),
      ("hintCount", String(hintCount)),
      ("predict", String(exercise.asksForPrediction)),
      ("comparison", JSONObject.string(exercise.comparison.rawValue)),
      ("require", JSONObject.strings(exercise.required.map(\.name))),
      ("forbid", JSONObject.strings(exercise.forbidden.map(\.name))),
      ("passed", String(passed)),
    ])
  }

  /// Prose paragraphs (`{"prose": TEXT}`, lines joined by newlines as
  /// written) and runnable examples (`{"demo": PROGRAM}`), in file order.
  private static func items(_ items: [LessonItem]) -> String {
    "["
      + items.map { item in
        switch item {
        case .prose(let lines): return JSONObject.text([("prose", JSONObject.string(lines.joined(separator: "\n")))])
        case .demo(let demo): return JSONObject.text([("demo", JSONObject.string(demo.text))])
        }
      }.joined(separator: ", ") + "]"
  }
}
