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
  static func render(_ report: GradeReport) -> String {
    let document = Document(
      version: 1,
      lesson: PlainText.sanitized(report.lesson),
      status: report.allPassed ? "pass" : "fail",
      score: report.points.earned,
      max_score: report.points.possible,
      tests: report.entries.map { entry in
        Test(
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
      }
    )
    // JSONEncoder rather than JSONSerialization, which only full Foundation
    // has (docs/benchmarks.md, "Start-up"); with these options it writes the same bytes.
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(document) else { return "{}\n" }
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  // The reporter's field names, snake case included.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  private struct Document: Encodable {
    let version: Int
    let lesson: String
    let status: String
    let score: Int
    let max_score: Int
    let tests: [Test]
  }

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
