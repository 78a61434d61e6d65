import Foundation
import Testing

/// `streamlab run LESSON --answers … --format results` against Exercism's
/// test-runner interface, version 3 (exercism/docs,
/// building/tooling/test-runners/interface.md): every document the binary
/// writes is checked against Fixtures/exercism-results-v3.schema.json, a
/// schema written from that page's words.
@Suite struct ExercismResultsEndToEndTests {
  static func schema() throws -> JSONSchemaCheck {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/exercism-results-v3.schema.json")
    return JSONSchemaCheck(root: try JSONValue.parse(try String(contentsOf: url, encoding: .utf8)))
  }

  /// Ada passes two of three (printing on the way), Bob prints far more than
  /// 500 characters, Cy passes everything, Dee's file does not parse, and
  /// Eve's cannot be read: one document each, one per line, in that order.
  private func gradedClass() throws -> [JSONValue] {
    let files =
      PointsClass.students.prefix(1) + [
        ("bob.txt", PointsClass.submission(["numbers | map x * 3", #"range 1...60 | print "tick""#, ""])),
        ("cy.txt", PointsClass.submission(["numbers | map x * 2", "numbers | filter x > 1", "numbers | map x + 10"])),
        ("dee.txt", "exercise: Double them\nsoltuion: numbers\nanswer: numbers | map x * 2\n"),
      ]
    let run = try PointsClass.grade(format: "results", files: Array(files), names: files.map(\.0) + ["eve.txt"])
    #expect(run.status == 1, "not everyone passed: \(run.standardError)")
    #expect(!run.standardOutput.contains("\u{1B}"))
    let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    try #require(lines.count == 6 && lines.last == "", "five lines and a newline: \(run.standardOutput)")
    return try lines.dropLast().map { try JSONValue.parse(String($0)) }
  }

  @Test func everySubmissionsDocumentConformsToTheSpecification() throws {
    let schema = try Self.schema()
    let documents = try gradedClass()
    for document in documents {
      #expect(schema.violations(of: document) == [], "\(document)")
    }
    #expect(documents.map { $0["student"]?.string } == ["ada.txt", "bob.txt", "cy.txt", "dee.txt", "eve.txt"])
    #expect(documents.map { $0["status"]?.string } == ["fail", "fail", "pass", "error", "error"])
    #expect(documents.map { $0["version"] } == Array(repeating: .number(3), count: 5))
  }

  @Test func eachTestNamesItsTaskShowsWhatItCheckedAndWhyItFailed() throws {
    let ada = try gradedClass()[0]
    #expect(ada["message"] == .null)
    let tests = try #require(ada["tests"]?.array)
    #expect(tests.map { $0["name"]?.string } == ["1. Double them", "2. Keep the big ones", "3. Add ten"])
    #expect(tests.map { $0["task_id"] } == [.number(1), .number(2), .number(3)])
    #expect(tests.map { $0["status"]?.string } == ["pass", "fail", "pass"])
    #expect(tests[0]["test_code"]?.string == "given: let numbers = just 1,2,3\nexpect: 0ms:2, 0ms:4, 0ms:6, 0ms:|")
    #expect(tests[0]["message"] == .null)
    #expect(tests[1]["message"]?.string?.hasPrefix("expected 2 at 0ms, got 3 at 0ms\n") == true)
    // What the answer printed is its output; an answer that printed nothing has none.
    #expect(tests[0]["output"]?.string?.contains("0ms  p: receive value: (1)") == true)
    #expect(tests[1]["output"] == nil)
  }

  @Test func printedOutputIsCutAt500CharactersWithTheSpecificationsNotice() throws {
    let bob = try gradedClass()[1]
    let output = try #require(bob["tests"]?.array?[1]["output"]?.string)
    #expect(output.unicodeScalars.count <= 500)
    #expect(output.hasPrefix("0ms  tick: receive subscription: (1...60)\n"))
    #expect(output.hasSuffix("\nOutput was truncated. Please limit to 500 chars"))
  }

  @Test func aSubmissionThatCannotBeReadOrParsedIsAnErrorWithItsReason() throws {
    let documents = try gradedClass()
    let (dee, eve) = (documents[3], documents[4])
    #expect(dee["message"]?.string?.hasPrefix("the submission does not parse: dee.txt:2:1: unknown field") == true)
    #expect(eve["message"]?.string?.hasPrefix("cannot read the submission: ") == true)
    for document in [dee, eve] {
      let tests = try #require(document["tests"]?.array)
      #expect(tests.map { $0["status"]?.string } == ["error", "error", "error"])
      #expect(tests.map { $0["message"] } == Array(repeating: document["message"], count: 3))
      #expect(document["score"] == .number(0))
    }
  }

  @Test func checkGivesOneDocumentForTheLessonsOwnAnswers() throws {
    let answered = PointsClass.submission(["numbers | map x * 2", "numbers | filter x > 1", "numbers | map x + 10"])
    let run = try StreamlabBinary.withTemporaryHome { home in
      let url = home.appendingPathComponent("lesson.txt")
      try answered.write(to: url, atomically: true, encoding: .utf8)
      return try ProcessRun.streamlab(["run", url.path, "--check", "--format", "results"], home: home)
    }
    #expect(run.status == 0)
    let lines = run.standardOutput.split(separator: "\n")
    try #require(lines.count == 1, "\(run.standardOutput)")
    let document = try JSONValue.parse(String(lines[0]))
    #expect(try Self.schema().violations(of: document) == [])
    #expect(document["status"]?.string == "pass")
    #expect(document["score"] == .number(6))
  }

  /// The schema is not a sieve with holes: it passes the specification's own
  /// version 3 example and refuses what the specification rules out.
  @Test func theSchemaAcceptsTheSpecificationsExampleAndRefusesWhatItRulesOut() throws {
    let schema = try Self.schema()
    let example = """
      {"version": 3, "status": "fail", "message": null, "tests": [{"name": "Test that the thing works",
      "status": "fail", "message": "Expected 42 but got 123123", "output": "Debugging information output by the user",
      "test_code": "assert_equal 42, answerToTheUltimateQuestion()", "task_id": 1}]}
      """
    #expect(schema.violations(of: try JSONValue.parse(example)) == [])
    let test = #"{"name": "t", "status": "pass"}"#
    let refused = [
      (#"{"version": 2, "status": "pass", "tests": [\#(test)]}"#, "/version: "),
      (#"{"version": 3, "status": "passed", "tests": [\#(test)]}"#, "/status: "),
      (#"{"version": 3, "status": "error", "tests": []}"#, #"required key "message""#),
      (#"{"version": 3, "status": "pass", "message": "fine", "tests": [\#(test)]}"#, "/message: "),
      (#"{"version": 3, "status": "fail", "message": null}"#, #"required key "tests""#),
      (#"{"version": 3, "status": "fail", "tests": [\#(test)]}"#, "/tests: no item"),
      (
        #"{"version": 3, "status": "pass", "tests": [{"name": "t", "status": "fail", "message": "x"}]}"#,
        "/tests/0/status"
      ),
      (#"{"version": 3, "status": "error", "message": "m", "tests": [\#(test)]}"#, "/tests/0/status"),
      (#"{"version": 3, "status": "fail", "tests": [{"name": "t", "status": "fail"}]}"#, #"required key "message""#),
      (#"{"version": 3, "status": "pass", "tests": [{"status": "pass"}]}"#, #"required key "name""#),
      (#"{"version": 3, "status": "pass", "tests": [{"name": "t", "status": "pass", "task_id": "1"}]}"#, "/task_id"),
      (
        #"{"version": 3, "status": "pass", "tests": [{"name": "t", "status": "pass", "output": "\#(String(repeating: "x", count: 501))"}]}"#,
        "/output: 501 characters"
      ),
    ]
    for (document, why) in refused {
      let violations = schema.violations(of: try JSONValue.parse(document))
      #expect(violations.contains { $0.contains(why) }, "\(document) → \(violations)")
    }
  }
}
