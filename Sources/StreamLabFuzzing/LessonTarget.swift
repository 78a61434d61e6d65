import Lessons
import StreamLang

/// Fuzz target (b): bytes as a lesson file → parse, `lesson verify`,
/// `run --check`, `run --answers` (the file graded as its own submission, the
/// report in every format), `lesson student` (and `--variant`, its copy
/// graded as a student's file), `lesson report` over the file in every
/// format, and the `watch` screen's check, as the command line does them.
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
    // Issue 34: a student's variant, graded as the student's file would be;
    // and the class report, with the file and a garbled copy as the class.
    let variant = tools.studentCopy(text, fileName: fileName, variant: "fuzz")
    if variant.exitCode == 0 {
      _ = tools.grade(
        text, fileName: fileName, submissions: [Submission(name: "variant.txt", text: variant.standardOutput)],
        format: .results)
    }
    let garbled = String(text.reversed())
    for format in ClassReportFormat.allCases {
      _ = tools.classReport(
        text, fileName: fileName,
        submissions: [Submission(name: "a.txt", text: text), Submission(name: "b.txt", text: garbled)], format: format)
    }
    // `streamlab watch`: the file read as a save, a hint asked for, the screen drawn.
    var watch = LessonWatch(
      fileName: fileName, lessonKey: fileName, progress: Progress(), checker: ExerciseChecker(runner: tools.runner),
      feedback: feedback, width: 80, readsKeys: true)
    _ = watch.read(text)
    watch.askForHint()
    _ = watch.screen
    return .ran(stop: "exit \(verified.exitCode), \(report.allPassed ? "all passed" : "some failed")")
  }
}
