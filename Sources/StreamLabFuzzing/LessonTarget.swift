import Lessons
import StreamLang

/// Fuzz target (b): bytes as a lesson file → parse, `lesson verify`,
/// `run --check`, `run --answers` (the file graded as its own submission)
/// and `lesson student`, as the command line does them.
public enum LessonTarget {
  public static func run(_ bytes: [UInt8]) -> FuzzOutcome {
    let text = String(decoding: bytes.prefix(FuzzLimits.maxInputBytes), as: UTF8.self)
    let tools = LessonTools.standard(width: 80, options: FuzzLimits.runOptions)
    let fileName = "fuzz.txt"
    if case .failure(let outcome) = tools.load(text, fileName: fileName) {
      return .refused(messages: outcome.standardError.split(separator: "\n").count)
    }
    let verified = tools.verify([(fileName: fileName, text: text)])
    _ = tools.check(text, fileName: fileName)
    for format in ReportFormat.allCases {
      _ = tools.grade(
        text, fileName: fileName, submissions: [Submission(name: "answers.txt", text: text)], format: format)
    }
    _ = tools.studentCopy(text, fileName: fileName)
    return .ran(stop: "exit \(verified.exitCode)")
  }
}
