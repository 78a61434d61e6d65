import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A lesson whose exercises are worth 1, 2 and 3 points, and a class graded
/// against it by the built binary, run in the class's folder so students are
/// named `ada.txt`, `bob.txt`, ….
enum PointsClass {
  static let lesson = """
    title: Points

    exercise: Double them
    given: let numbers = just 1,2,3
    solution: numbers | map x * 2
    answer:

    exercise: Keep the big ones
    given: let numbers = just 1,2,3
    points: 2
    solution: numbers | filter x > 1
    answer:

    exercise: Add ten
    given: let numbers = just 1,2,3
    points: 3
    solution: numbers | map x + 10
    answer:

    """

  /// Each exercise's points, by exercise number.
  static let points = [1: 1, 2: 2, 3: 3]

  /// The lesson with these answers, in exercise order ("" leaves one empty).
  static func submission(_ answers: [String]) -> String {
    var remaining = answers[...]
    return lesson.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      guard line == "answer:", let answer = remaining.popFirst(), !answer.isEmpty else { return String(line) }
      return "answer: \(answer)"
    }.joined(separator: "\n")
  }

  /// Ada passes exercises 1 (printing on the way) and 3, 4 of 6 points; Bob
  /// passes exercise 2 only, 2 of 6.
  static let students = [
    ("ada.txt", submission([#"numbers | print "p" | map x * 2"#, "numbers | filter x > 2", "numbers | map x + 10"])),
    ("bob.txt", submission(["numbers | map x * 3", "numbers | filter x > 1", ""])),
  ]

  /// `streamlab run lesson.txt --answers NAME… --format FORMAT` in a folder
  /// holding the lesson and `files`; a name with no file cannot be read.
  static func grade(
    format: String, files: [(String, String)] = students, names: [String]? = nil
  ) throws -> ProcessRun {
    try StreamlabBinary.withTemporaryHome { home in
      try lesson.write(to: home.appendingPathComponent("lesson.txt"), atomically: true, encoding: .utf8)
      for (name, text) in files {
        try text.write(to: home.appendingPathComponent(name), atomically: true, encoding: .utf8)
      }
      return try ProcessRun.run(
        ["run", "lesson.txt", "--answers"] + (names ?? files.map(\.0)) + ["--format", format], input: Data(),
        home: home, currentDirectory: home)
    }
  }
}

/// `points: N` in a lesson, added up the same in every report format
/// (issue 34): 6 of 12 points for the class, 4 of 6 for Ada, 2 of 6 for Bob.
@Suite struct GradingPointsEndToEndTests {
  /// Points earned by the exercises that passed, per student, from `passed` (student, exercise) pairs.
  private func earned(_ passed: [(String, Int)]) -> [String: Int] {
    var earned = ["ada.txt": 0, "bob.txt": 0]
    for (student, exercise) in passed { earned[student, default: 0] += PointsClass.points[exercise] ?? 0 }
    return earned
  }

  @Test func textGivesEachStudentsPointsAndTheTotal() throws {
    let run = try PointsClass.grade(format: "text")
    #expect(run.status == 1, "\(run.standardError)")
    #expect(
      run.standardOutput == """
        ada.txt
          PASS  1. Double them
          FAIL  2. Keep the big ones: expected 2 at 0ms, got 3 at 0ms
          PASS  3. Add ten
          4/6 points
        bob.txt
          FAIL  1. Double them: expected 2 at 0ms, got 3 at 0ms
          PASS  2. Keep the big ones
          FAIL  3. Add ten: no answer yet
          2/6 points
        3 passed, 3 failed, 6/12 points

        """)
  }

  @Test func jsonScoresAddUpToTheTotalAndEachTestIsWorthItsPoints() throws {
    let run = try PointsClass.grade(format: "json")
    let document = try JSONValue.parse(run.standardOutput)
    let tests = try #require(document["tests"]?.array)
    #expect(tests.map { $0["max_score"]?.number } == [1, 2, 3, 1, 2, 3])
    #expect(tests.map { $0["score"]?.number } == [1, 0, 3, 0, 2, 0])
    for test in tests {
      let passed = test["status"] == .string("pass")
      #expect(test["score"]?.number == (passed ? test["max_score"]?.number : 0))
    }
    #expect(document["score"]?.number == 6)
    #expect(document["max_score"]?.number == 12)
    #expect(document["score"]?.number == tests.compactMap { $0["score"]?.number }.reduce(0, +))
  }

  @Test func tapEndsWithPointsCommentsThatAddUp() throws {
    let run = try PointsClass.grade(format: "tap")
    let lines = run.standardOutput.split(separator: "\n").map(String.init)
    let order = [("ada.txt", 1), ("ada.txt", 2), ("ada.txt", 3), ("bob.txt", 1), ("bob.txt", 2), ("bob.txt", 3)]
    let passed = lines.filter { $0.hasPrefix("ok ") }.compactMap { line in
      Int(line.dropFirst(3).prefix(while: \.isNumber)).map { order[$0 - 1] }
    }
    let earned = earned(passed)
    #expect(
      Array(lines.suffix(3)) == [
        "# points \(earned["ada.txt"] ?? -1)/6 ada.txt", "# points \(earned["bob.txt"] ?? -1)/6 bob.txt",
        "# points 6/12",
      ])
    #expect(earned == ["ada.txt": 4, "bob.txt": 2])
  }

  @Test(.enabled(if: ExternalTool.find("prove") != nil, "Perl's prove is not installed"))
  func proveReadsTheTAPWithItsPointsCommentsWithoutParseErrors() throws {
    let run = try PointsClass.grade(format: "tap")
    let prove = try #require(ExternalTool.find("prove"))
    try StreamlabBinary.withTemporaryHome { home in
      let tap = home.appendingPathComponent("class.tap")
      try run.standardOutput.write(to: tap, atomically: true, encoding: .utf8)
      let read = try ExternalTool.run(prove, ["--exec", "cat", tap.path])
      #expect(read.status == 1, "prove fails the run because three tests failed")
      #expect(!read.standardOutput.contains("Parse errors"), "\(read.standardOutput)")
      #expect(read.standardOutput.contains("Tests: 6 Failed: 3"), "\(read.standardOutput)")
    }
  }

  @Test func junitSuitePropertiesHoldEachStudentsPointsAsTheirPassingCasesAddUp() throws {
    let run = try PointsClass.grade(format: "junit")
    final class Reader: NSObject, XMLParserDelegate {
      var suites: [(name: String, properties: [String: String], passed: [Int])] = []
      private var caseNumber: Int?
      private var caseFailed = false
      func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
      ) {
        switch name {
        case "testsuite": suites.append((attributes["name"] ?? "", [:], []))
        case "property": suites[suites.count - 1].properties[attributes["name"] ?? ""] = attributes["value"]
        case "testcase":
          caseNumber = Int((attributes["name"] ?? "").prefix(while: \.isNumber))
          caseFailed = false
        case "failure", "error": caseFailed = true
        default: break
        }
      }
      func parser(
        _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
      ) {
        if name == "testcase", let caseNumber, !caseFailed { suites[suites.count - 1].passed.append(caseNumber) }
      }
    }
    let reader = Reader()
    let parser = XMLParser(data: Data(run.standardOutput.utf8))
    parser.delegate = reader
    try #require(parser.parse(), "\(run.standardOutput)")
    #expect(reader.suites.map(\.name) == ["ada.txt", "bob.txt"])
    let earned = earned(reader.suites.flatMap { suite in suite.passed.map { (suite.name, $0) } })
    #expect(earned == ["ada.txt": 4, "bob.txt": 2])
    for suite in reader.suites {
      #expect(suite.properties == ["points": "\(earned[suite.name] ?? -1)", "points-possible": "6"])
    }
  }

  @Test func resultsScoreEachSubmissionAsItsTestsAddUp() throws {
    let run = try PointsClass.grade(format: "results")
    let documents = try run.standardOutput.split(separator: "\n").map { try JSONValue.parse(String($0)) }
    #expect(documents.map { $0["student"]?.string } == ["ada.txt", "bob.txt"])
    #expect(documents.map { $0["score"]?.number } == [4, 2])
    for document in documents {
      let tests = try #require(document["tests"]?.array)
      #expect(tests.map { $0["max_score"]?.number } == [1, 2, 3])
      #expect(document["max_score"]?.number == 6)
      #expect(document["score"]?.number == tests.compactMap { $0["score"]?.number }.reduce(0, +))
    }
  }
}
