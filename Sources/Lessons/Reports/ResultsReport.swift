#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Exercism's test-runner `results.json`, version 3, one document per
/// submission, as exercism/docs `building/tooling/test-runners/interface.md`
/// ("Output format") specifies it:
///
/// - top level: `version` 3; `status` `"pass"` (all tests passed), `"fail"`
///   (at least one test failed or errored) or `"error"` (no test was executed,
///   "such as a syntax error that stops the file from parsing"; "only if all
///   of the tests errored"); `message` required when the status is `"error"`,
///   at most 65535 characters ("less if the value contains multibyte
///   characters", so cut here at 65535 UTF-8 bytes), otherwise null;
///   `tests` in the order of the tests file, here the lesson's exercises.
/// - per test: `name`; `status` `"pass"`, `"fail"` or `"error"` ("did not
///   return a value": the submission was not checked); `message` (null or
///   the reason, not limited in length); `output`, what the user printed,
///   only when there is some and "limited to 500 chars", truncated "with a
///   message of "Output was truncated. Please limit to 500 chars""; `test_code`,
///   which Concept Exercises must have (ours are: the student works task by
///   task); `task_id`, "the number used at the start of the task heading",
///   the exercise's number, as in `3. Only search when the user pauses`.
///
/// Keys the specification does not name are read past by Exercism; GitHub
/// Classroom's autograding reporter, whose input is this same shape, totals
/// each test's `score` against `max_score`, so those carry the points, as in
/// the `json` report, and `student` names the submission.
///
/// Several submissions give several documents, one per line (JSON Lines) in
/// the order of `--answers`: each grader takes one `results.json` per
/// solution (Exercism runs one solution at a time; Classroom's reporter takes
/// one document per runner), which an array of them would not be. A single
/// submission's output is one line, itself a complete `results.json`.
enum ResultsReport {
  static let version = 3
  /// The specification's limits.
  static let messageLimitBytes = 65535
  static let outputLimit = 500
  static let outputTruncated = "Output was truncated. Please limit to 500 chars"

  /// One submission's `results.json`, on a line of its own.
  static func submission(_ entries: [GradeEntry], student: String) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = try? encoder.encode(document(student: student, entries: entries))
    return (data.map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
  }

  private static func document(student: String, entries: [GradeEntry]) -> Document {
    let allErrored = !entries.isEmpty && entries.allSatisfy(\.isError)
    let status = allErrored ? "error" : entries.allSatisfy(\.passed) ? "pass" : "fail"
    let points = Points(entries)
    return Document(
      version: version, status: status,
      // Every entry of a submission that was not checked gives the same reason.
      message: allErrored ? limitedBytes(PlainText.sanitized(entries[0].message)) : nil,
      tests: entries.map(test), student: PlainText.sanitized(student), score: points.earned,
      maxScore: points.possible)
  }

  private static func test(_ entry: GradeEntry) -> Test {
    let message = entry.details.isEmpty ? entry.message : entry.message + "\n\n" + entry.details
    return Test(
      name: PlainText.sanitized(entry.heading),
      status: entry.passed ? "pass" : entry.isError ? "error" : "fail",
      message: entry.passed ? nil : PlainText.sanitized(message),
      output: entry.output.isEmpty ? nil : limitedOutput(PlainText.sanitized(entry.output)),
      testCode: PlainText.sanitized(entry.testCode), taskID: entry.exercise, score: entry.earnedPoints,
      maxScore: entry.points)
  }

  /// At most `outputLimit` characters (Unicode scalars, as JSON Schema's
  /// `maxLength` counts them), the notice included when it had to be cut.
  static func limitedOutput(_ text: String) -> String {
    guard text.unicodeScalars.count > outputLimit else { return text }
    let notice = "\n" + outputTruncated
    var kept = String.UnicodeScalarView(text.unicodeScalars.prefix(outputLimit - notice.unicodeScalars.count))
    kept.append(contentsOf: notice.unicodeScalars)
    return String(kept)
  }

  /// At most `messageLimitBytes` bytes of UTF-8, cut between characters.
  static func limitedBytes(_ text: String) -> String {
    guard text.utf8.count > messageLimitBytes else { return text }
    var kept = String.UnicodeScalarView()
    var bytes = 0
    for scalar in text.unicodeScalars {
      bytes += String(scalar).utf8.count
      if bytes > messageLimitBytes { break }
      kept.append(scalar)
    }
    return String(kept)
  }

  /// The top level. Written by hand so that `message` is an explicit null
  /// when there is none, as the specification's examples write it.
  private struct Document: Encodable {
    let version: Int
    let status: String
    let message: String?
    let tests: [Test]
    let student: String
    let score: Int
    let maxScore: Int

    enum CodingKeys: String, CodingKey {
      case version, status, message, tests, student, score
      case maxScore = "max_score"
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(version, forKey: .version)
      try container.encode(status, forKey: .status)
      try container.encode(message, forKey: .message)
      try container.encode(tests, forKey: .tests)
      try container.encode(student, forKey: .student)
      try container.encode(score, forKey: .score)
      try container.encode(maxScore, forKey: .maxScore)
    }
  }

  /// One test. `message` is null when it passed; `output` is left out when
  /// the answer printed nothing ("attached to all test results that produce
  /// user output").
  private struct Test: Encodable {
    let name: String
    let status: String
    let message: String?
    let output: String?
    let testCode: String
    let taskID: Int
    let score: Int
    let maxScore: Int

    enum CodingKeys: String, CodingKey {
      case name, status, message, output, score
      case testCode = "test_code"
      case taskID = "task_id"
      case maxScore = "max_score"
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(name, forKey: .name)
      try container.encode(status, forKey: .status)
      try container.encode(message, forKey: .message)
      try container.encodeIfPresent(output, forKey: .output)
      try container.encode(testCode, forKey: .testCode)
      try container.encode(taskID, forKey: .taskID)
      try container.encode(score, forKey: .score)
      try container.encode(maxScore, forKey: .maxScore)
    }
  }
}
