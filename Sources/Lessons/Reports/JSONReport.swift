import Foundation

/// The JSON report, in the shape GitHub Classroom's autograding reporter reads:
/// `{"version": 1, "status": "pass"|"fail", "max_score", "tests": [{"name", "status", "message", …}]}`.
/// Each exercise is worth one point.
enum JSONReport {
  static func render(_ report: GradeReport) -> String {
    let tests: [[String: Any]] = report.entries.map { entry in
      [
        "name": PlainText.sanitized(entry.testName),
        "status": entry.passed ? "pass" : "fail",
        "message": PlainText.sanitized(entry.message),
        "details": PlainText.sanitized(entry.details),
        "student": PlainText.sanitized(entry.student),
        "exercise": entry.exercise,
        "title": PlainText.sanitized(entry.title),
        "score": entry.passed ? 1 : 0,
        "max_score": 1,
      ]
    }
    let object: [String: Any] = [
      "version": 1,
      "lesson": PlainText.sanitized(report.lesson),
      "status": report.allPassed ? "pass" : "fail",
      "score": report.passedCount,
      "max_score": report.entries.count,
      "tests": tests,
    ]
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    else { return "{}\n" }
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
