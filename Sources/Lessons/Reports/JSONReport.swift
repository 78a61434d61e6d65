#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The JSON report, in the shape GitHub Classroom's autograding reporter reads:
/// `{"version": 1, "status": "pass"|"fail", "max_score", "tests": [{"name", "status", "message", …}]}`.
/// Each exercise is worth its `points:` (1 unless the lesson says): a test's
/// `score` is those points when it passed, and the reporter totals the `score`s
/// against `max_score`.
enum JSONReport {
  // The document's keys are sorted, as graders' scripts have compared its
  // bytes: the score and status, which only the last submission settles, come
  // before the tests, so `ReportWriter` keeps the tests aside until then.
  static func start(_ context: ReportContext, totals: ReportTotals) -> String {
    "{\n  \"lesson\" : \(quoted(PlainText.sanitized(context.lesson))),\n  \"max_score\" : \(context.possiblePoints),\n"
      + "  \"score\" : \(totals.points.earned),\n  \"status\" : \"\(totals.failed == 0 ? "pass" : "fail")\",\n  \"tests\" : ["
  }

  /// One submission's tests, each as the reporter reads it.
  static func submission(_ entries: [GradeEntry], first: Bool) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return entries.enumerated().map { offset, entry in
      let test = Test(
        name: PlainText.sanitized(entry.testName),
        status: entry.passed ? "pass" : "fail",
        message: PlainText.sanitized(entry.message),
        details: PlainText.sanitized(entry.details),
        student: PlainText.sanitized(entry.student),
        exercise: entry.exercise,
        title: PlainText.sanitized(entry.title),
        score: entry.earnedPoints,
        max_score: entry.points
      )
      let text = (try? encoder.encode(test)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
      let indented = text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
      return (first && offset == 0 ? "\n" : ",\n") + indented.joined(separator: "\n")
    }.joined()
  }

  static func finish(_ totals: ReportTotals) -> String {
    // JSONEncoder's pretty printing of an empty array is a blank line between its brackets.
    (totals.entries == 0 ? "\n\n  ]" : "\n  ]") + ",\n  \"version\" : 1\n}\n"
  }

  private static func quoted(_ text: String) -> String {
    // JSONEncoder rather than JSONSerialization, which only full Foundation
    // has (docs/benchmarks.md, "Start-up").
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
  }

  // The reporter's field names, snake case included.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  private struct Test: Encodable {
    let name: String
    let status: String
    let message: String
    let details: String
    let student: String
    let exercise: Int
    let title: String
    let score: Int
    let max_score: Int
  }
}
