extension LessonVerifier {
  /// Checks of what the lesson's text promises the student: every `:command`
  /// it names is one the prompt accepts (when `promptCommands` is known), and every task that asks for a
  /// prediction keeps its answer hidden (`predict: yes`). Only problems get
  /// an entry, so a lesson's count of checks does not depend on its wording.
  func textEntries(_ file: LessonFile, numberedAfter count: Int) -> [GradeEntry] {
    var entries: [GradeEntry] = []
    func fail(_ title: String, _ message: String) {
      entries.append(
        GradeEntry(
          student: file.fileName, exercise: count + entries.count + 1, title: title, passed: false, message: message))
    }
    for name in ProseCommands.named(in: file) where promptCommands.map({ !$0.contains(name) }) ?? false {
      let line = ProseCommands.line(of: name, in: file.text).map { "line \($0): " } ?? ""
      fail(
        "prose: `\(name)`", line + "the prose tells students to type `\(name)`, which the lesson prompt does not accept"
      )
    }
    for exercise in file.exercises where !exercise.asksForPrediction {
      guard let task = exercise.task, Self.asksForPrediction(task.text) else { continue }
      fail(
        "exercise \(exercise.number) asks for a prediction",
        "line \(task.start.line): the task asks for a prediction but the expected output is shown at once; add `predict: yes`"
      )
    }
    return entries
  }

  /// Whether a task's words ask the student to predict the output before running it.
  static func asksForPrediction(_ task: String) -> Bool {
    let lowered = task.lowercased()
    return ["before you run it", "predict", "what you expect"].contains { lowered.contains($0) }
  }
}
