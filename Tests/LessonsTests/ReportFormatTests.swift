import Foundation
import Testing

@testable import Lessons

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite struct ReportFormatTests {
  /// Two students, one exercise passed and one failed each, with text that is
  /// hostile to every format: escape codes, XML specials, a TAP `#`, newlines.
  static let report = GradeReport(
    lesson: "lesson04.txt",
    entries: [
      GradeEntry(
        student: "alice.txt", exercise: 1, title: "Only search when the user pauses", passed: true, message: "passed"),
      GradeEntry(
        student: "alice.txt", exercise: 2, title: "Throttle # the <clicks> & \"taps\"", passed: false,
        message: "\u{1B}[31mexpected \"iph\" at 500ms, got \"iph\" at 300ms\u{1B}[0m",
        details: "expected  ----a|\n\u{1B}[1myours\u{1B}[0m     --a--|"),
      GradeEntry(
        student: "bob.txt", exercise: 1, title: "Only search when the user pauses", passed: false,
        message: "no answer yet"),
      GradeEntry(
        student: "bob.txt", exercise: 2, title: "Throttle # the <clicks> & \"taps\"", passed: true, message: "passed"),
    ])

  @Test(arguments: [ReportFormat.json, .tap, .junit, .results])
  func machineFormatsNeverContainEscapeCodes(format: ReportFormat) {
    #expect(!format.render(Self.report).contains("\u{1B}"))
  }

  @Test func textReportHasOneLinePerExerciseThenTotals() {
    #expect(
      ReportFormat.text.render(Self.report) == """
        alice.txt
          PASS  1. Only search when the user pauses
          FAIL  2. Throttle # the <clicks> & "taps": expected "iph" at 500ms, got "iph" at 300ms
          1/2 points
        bob.txt
          FAIL  1. Only search when the user pauses: no answer yet
          PASS  2. Throttle # the <clicks> & "taps"
          1/2 points
        2 passed, 2 failed, 2/4 points

        """)
  }

  @Test func jsonReportHasTheAutograderShape() throws {
    let data = Data(ReportFormat.json.render(Self.report).utf8)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["version"] as? Int == 1)
    #expect(object["status"] as? String == "fail")
    #expect(object["max_score"] as? Int == 4)
    #expect(object["score"] as? Int == 2)
    let tests = try #require(object["tests"] as? [[String: Any]])
    #expect(tests.count == 4)
    #expect(tests[0]["name"] as? String == "alice.txt: 1. Only search when the user pauses")
    #expect(tests[0]["status"] as? String == "pass")
    #expect(tests[1]["status"] as? String == "fail")
    #expect(tests[1]["message"] as? String == "expected \"iph\" at 500ms, got \"iph\" at 300ms")
    #expect(tests[1]["details"] as? String == "expected  ----a|\nyours     --a--|")
    #expect(tests[2]["student"] as? String == "bob.txt")
    #expect(tests[2]["exercise"] as? Int == 1)
  }

  /// The report is written with JSONEncoder, which FoundationEssentials has;
  /// it was written with full Foundation's JSONSerialization, and graders'
  /// scripts may compare bytes, so it must stay byte for byte the same: for
  /// the hostile report (slashes, quotes, escape codes, `…`, line breaks), and
  /// for a class with no submissions (an empty `tests` list).
  @Test func jsonReportIsByteForByteWhatJSONSerializationWrote() throws {
    let hostile = GradeReport(
      lesson: "lessons/lesson04.txt",
      entries: Self.report.entries + [
        GradeEntry(
          student: "c/d.txt", exercise: 12, title: "Tabs\tand … ünïcode", passed: false,
          message: "back\\slash and / slash", details: "\u{7F}\u{0}")
      ])
    for report in [hostile, GradeReport(lesson: "empty.txt", entries: [])] {
      #expect(ReportFormat.json.render(report) == (try Self.serializedAsBefore(report)))
    }
  }

  /// The JSON report as it was made before: JSONSerialization over dictionaries.
  private static func serializedAsBefore(_ report: GradeReport) throws -> String {
    let tests: [[String: Any]] = report.entries.map { entry in
      [
        "name": PlainText.sanitized(entry.testName), "status": entry.passed ? "pass" : "fail",
        "message": PlainText.sanitized(entry.message), "details": PlainText.sanitized(entry.details),
        "student": PlainText.sanitized(entry.student), "exercise": entry.exercise,
        "title": PlainText.sanitized(entry.title), "score": entry.passed ? 1 : 0, "max_score": 1,
      ]
    }
    let object: [String: Any] = [
      "version": 1, "lesson": PlainText.sanitized(report.lesson), "status": report.allPassed ? "pass" : "fail",
      "score": report.passedCount, "max_score": report.entries.count, "tests": tests,
    ]
    let data = try JSONSerialization.data(
      withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  @Test func jsonStatusIsPassWhenEverythingPassed() throws {
    let report = GradeReport(
      lesson: "l.txt", entries: [GradeEntry(student: "l.txt", exercise: 1, title: "E", passed: true, message: "passed")]
    )
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(ReportFormat.json.render(report).utf8)) as? [String: Any])
    #expect(object["status"] as? String == "pass")
  }

  @Test func resultsGiveOneDocumentPerStudentOnItsOwnLine() throws {
    let lines = ReportFormat.results.render(Self.report).split(separator: "\n")
    let documents = try lines.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(documents.map { $0["student"] as? String } == ["alice.txt", "bob.txt"])
    #expect(documents.map { $0["status"] as? String } == ["fail", "fail"])
    let tests = try #require(documents[0]["tests"] as? [[String: Any]])
    #expect(
      tests.map { $0["name"] as? String } == [
        "1. Only search when the user pauses", "2. Throttle # the <clicks> & \"taps\"",
      ])
  }

  @Test func resultsOfALessonWithNoExercisesAreOnePassingDocument() throws {
    let text = ReportFormat.results.render(GradeReport(lesson: "empty.txt", entries: []))
    #expect(
      text == #"{"max_score":0,"message":null,"score":0,"status":"pass","student":"empty.txt","tests":[],"version":3}"#
        + "\n")
  }

  /// "The top level message value is limited to 65535 characters. The
  /// effective maximum length is less if the value contains multibyte characters."
  @Test func resultsCutAnErrorMessageAt65535BytesBetweenCharacters() {
    let cut = ResultsReport.limitedBytes(String(repeating: "é", count: 40_000))
    #expect(cut == String(repeating: "é", count: 32_767))
    #expect(ResultsReport.limitedBytes("short") == "short")
  }

  @Test func resultsLeaveOutputOf500CharactersAsItIs() {
    let exactly = String(repeating: "x", count: 500)
    #expect(ResultsReport.limitedOutput(exactly) == exactly)
    let cut = ResultsReport.limitedOutput(exactly + "y")
    #expect(cut.unicodeScalars.count == 500)
    #expect(cut.hasSuffix("\nOutput was truncated. Please limit to 500 chars"))
  }

  @Test func tapReportHasVersionPlanAndOnePointPerResult() {
    let lines = ReportFormat.tap.render(Self.report).split(separator: "\n").map(String.init)
    #expect(lines[0] == "TAP version 13")
    #expect(lines[1] == "1..4")
    let points = lines.filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }
    #expect(
      points == [
        "ok 1 - alice.txt: 1. Only search when the user pauses",
        ##"not ok 2 - alice.txt: 2. Throttle \# the <clicks> & "taps""##,
        "not ok 3 - bob.txt: 1. Only search when the user pauses",
        ##"ok 4 - bob.txt: 2. Throttle \# the <clicks> & "taps""##,
      ])
    // The failure's YAML block follows its test point, indented, between --- and ...
    let failure = lines.firstIndex(of: points[1]) ?? 0
    #expect(lines[failure + 1] == "  ---")
    #expect(lines[failure + 2] == "  message: |")
    #expect(lines[failure + 3] == #"    expected "iph" at 500ms, got "iph" at 300ms"#)
    #expect(lines.contains("  ..."))
  }

  @Test func junitReportIsWellFormedXmlWithOneSuitePerStudent() throws {
    let xml = ReportFormat.junit.render(Self.report)
    let reader = JUnitReader()
    let parser = XMLParser(data: Data(xml.utf8))
    parser.delegate = reader
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")\n\(xml)")
    #expect(reader.suites == ["alice.txt", "bob.txt"])
    #expect(reader.rootAttributes["tests"] == "4")
    #expect(reader.rootAttributes["failures"] == "2")
    #expect(reader.cases.count == 4)
    #expect(reader.cases[1].name == "2. Throttle # the <clicks> & \"taps\"")
    #expect(reader.cases[1].failure == "expected \"iph\" at 500ms, got \"iph\" at 300ms")
    #expect(reader.cases[0].failure == nil)
  }

  @Test func junitGivesEachStudentsFolderItsOwnClassName() throws {
    let students = ["submissions/alice/lessons/lesson13.txt", "submissions/bob/lessons/lesson13.txt"]
    let report = GradeReport(
      lesson: "lessons/lesson13.txt",
      entries: students.map { GradeEntry(student: $0, exercise: 1, title: "Store it", passed: true, message: "passed") }
    )
    let reader = try JUnitReader.read(ReportFormat.junit.render(report))
    #expect(reader.cases.map(\.className) == ["lesson13.alice", "lesson13.bob"])
    let files = GradeReport(
      lesson: "lesson13.txt",
      entries: ["alice.txt", "bob.txt"].map {
        GradeEntry(student: $0, exercise: 1, title: "Store it", passed: true, message: "passed")
      })
    #expect(
      try JUnitReader.read(ReportFormat.junit.render(files)).cases.map(\.className) == [
        "lesson13.alice", "lesson13.bob",
      ])
    let alone = GradeReport(
      lesson: "lesson13.txt",
      entries: [
        GradeEntry(student: "alice/lesson13.txt", exercise: 1, title: "Store it", passed: true, message: "passed")
      ])
    #expect(try JUnitReader.read(ReportFormat.junit.render(alone)).cases.map(\.className) == ["lesson13.alice"])
  }

  @Test func junitClassNamesKeepWhatTellsSubmissionsApart() throws {
    let students = ["2025/alice/lesson13.txt", "2026/alice/lesson13.txt"]
    let report = GradeReport(
      lesson: "lesson13.txt",
      entries: students.map { GradeEntry(student: $0, exercise: 1, title: "Store it", passed: true, message: "passed") }
    )
    let reader = try JUnitReader.read(ReportFormat.junit.render(report))
    #expect(reader.cases.map(\.className) == ["lesson13.2025", "lesson13.2026"])
    let mixed = GradeReport(
      lesson: "lesson13.txt",
      entries: ["submissions/alice/lesson13.txt", "carol.txt"].map {
        GradeEntry(student: $0, exercise: 1, title: "Store it", passed: true, message: "passed")
      })
    #expect(
      try JUnitReader.read(ReportFormat.junit.render(mixed)).cases.map(\.className) == [
        "lesson13.submissions.alice.lesson13", "lesson13.carol",
      ])
  }

  @Test func junitReportsAnUnreadableSubmissionAsAnErrorNotAFailure() throws {
    var unreadable = GradeEntry(
      student: "dave.txt", exercise: 1, title: "Only search when the user pauses", passed: false,
      message: "cannot read the submission: permission denied")
    unreadable.isError = true
    let report = GradeReport(lesson: "lesson04.txt", entries: Self.report.entries + [unreadable])
    let reader = try JUnitReader.read(ReportFormat.junit.render(report))
    #expect(reader.rootAttributes["failures"] == "2")
    #expect(reader.rootAttributes["errors"] == "1")
    #expect(reader.suiteAttributes.last?["errors"] == "1")
    #expect(reader.suiteAttributes.last?["failures"] == "0")
    let dave = try #require(reader.cases.last)
    #expect(dave.error == "cannot read the submission: permission denied")
    #expect(dave.failure == nil)
  }
}

/// Collects what a CI server reads from a JUnit file.
private final class JUnitReader: NSObject, XMLParserDelegate {
  var rootAttributes: [String: String] = [:]
  var suites: [String] = []
  var suiteAttributes: [[String: String]] = []
  var cases: [(name: String, className: String, failure: String?, error: String?)] = []

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    switch elementName {
    case "testsuites": rootAttributes = attributes
    case "testsuite":
      suites.append(attributes["name"] ?? "")
      suiteAttributes.append(attributes)
    case "testcase": cases.append((attributes["name"] ?? "", attributes["classname"] ?? "", nil, nil))
    case "failure": cases[cases.count - 1].failure = attributes["message"]
    case "error": cases[cases.count - 1].error = attributes["message"]
    default: break
    }
  }

  static func read(_ xml: String) throws -> JUnitReader {
    let reader = JUnitReader()
    let parser = XMLParser(data: Data(xml.utf8))
    parser.delegate = reader
    try #require(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")\n\(xml)")
    return reader
  }
}
