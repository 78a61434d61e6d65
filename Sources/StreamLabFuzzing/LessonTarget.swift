import Lessons
import StreamLang

/// Fuzz target (b): bytes as a lesson file → parse, `lesson verify`,
/// `run --check`, `run --answers` (the file graded as its own submission, the
/// report in every format) and `lesson student`, as the command line does them.
public enum LessonTarget {
  public static func run(_ bytes: [UInt8]) -> FuzzOutcome {
    let text = String(decoding: bytes.prefix(FuzzLimits.maxInputBytes), as: UTF8.self)
    let tools = LessonTools.standard(width: 80, options: FuzzLimits.runOptions)
    let fileName = "fuzz.txt"
    let file: LessonFile
    switch tools.load(text, fileName: fileName) {
    case .failure(let outcome): return .refused(messages: outcome.standardError.split(separator: "\n").count)
    case .success(let loaded): file = loaded
    }
    let verified = tools.verify([(fileName: fileName, text: text)])
    _ = tools.check(text, fileName: fileName)
    // `run --answers` with the file as its own submission: one grading (the
    // costly part, with the failure diagrams) drawn in every report format.
    let feedback = tools.feedback
    let grader = Grader(
      checker: ExerciseChecker(runner: tools.runner), details: { result, _ in feedback.render(result) })
    let report = grader.grade(file, submissions: [Submission(name: "answers.txt", text: text)])
    for format in ReportFormat.allCases { _ = format.render(report) }
    _ = tools.studentCopy(text, fileName: fileName)
    return .ran(stop: "exit \(verified.exitCode), \(report.allPassed ? "all passed" : "some failed")")
  }
}
