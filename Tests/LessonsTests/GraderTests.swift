import Foundation
import StreamLab
import Testing

@testable import Lessons

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite struct GraderTests {
  /// A class folder: one student passes both exercises, one fails the first,
  /// one handed in an empty file, one a file that does not parse.
  private func gradeFolder(format: ReportFormat) throws -> ToolOutcome {
    let lesson = LessonFixtures.debounce
    let passing = LessonFixtures.debounce
      .replacingOccurrences(of: "answer:\n\nexercise", with: "answer: typing | debounce 300ms\n\nexercise")
      .replacingOccurrences(
        of: "solution: clicks | map x.uppercased()\nanswer:",
        with: "solution: clicks | map x.uppercased()\nanswer: clicks | map x.uppercased()")
    // This student also edited the expect to match the wrong answer: grading uses the teacher's expect.
    let failing = LessonFixtures.debounce
      .replacingOccurrences(
        of: #"expect: 500ms:"iph", 1000ms:"ipho", 1200ms:|"#, with: #"expect: 400ms:"iph", 900ms:"ipho", 1200ms:|"#
      )
      .replacingOccurrences(of: "answer:\n\nexercise", with: "answer: typing | debounce 200ms\n\nexercise")
    let malformed = "exercise: Only search when the user pauses\nsoltuion: typing\nanswer: typing | debounce 300ms\n"
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("streamlab-class-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, text) in [("ada.txt", passing), ("bob.txt", failing), ("cy.txt", ""), ("dee.txt", malformed)] {
      try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    let submissions = try names.map { name in
      Submission(name: name, text: try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
    }
    let tools = LessonTools(
      runner: InterpreterRunner(swiftAnswers: SwiftImportAnswers()), feedback: LessonFixtures.feedback)
    return tools.grade(lesson, fileName: "lesson04.txt", submissions: submissions, format: format)
  }

  @Test func textReportGivesOneLinePerStudentAndExercise() throws {
    let outcome = try gradeFolder(format: .text)
    #expect(outcome.exitCode == 1)
    #expect(
      outcome.standardOutput == """
        ada.txt
          PASS  1. Only search when the user pauses
          PASS  2. Shout the clicks
          2/2 points
        bob.txt
          FAIL  1. Only search when the user pauses: expected "iph" at 500ms, got "iph" at 400ms
          FAIL  2. Shout the clicks: no answer yet
          0/2 points
        cy.txt
          FAIL  1. Only search when the user pauses: no answer yet
          FAIL  2. Shout the clicks: no answer yet
          0/2 points
        dee.txt
          FAIL  1. Only search when the user pauses: the submission does not parse: dee.txt:2:1: unknown field `soltuion:`; did you mean `solution:`? (prose lines must not start with a lowercase word and a colon)
          FAIL  2. Shout the clicks: the submission does not parse: dee.txt:2:1: unknown field `soltuion:`; did you mean `solution:`? (prose lines must not start with a lowercase word and a colon)
          0/2 points
        2 passed, 6 failed, 2/8 points

        """)
  }

  @Test func jsonReportParsesAndCarriesEveryResult() throws {
    let outcome = try gradeFolder(format: .json)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
    #expect(object["status"] as? String == "fail")
    let tests = try #require(object["tests"] as? [[String: Any]])
    #expect(tests.map { $0["status"] as? String } == ["pass", "pass", "fail", "fail", "fail", "fail", "fail", "fail"])
    #expect((tests[2]["details"] as? String)?.contains("yours") == true)
  }

  @Test func tapReportHasAPlanAndEightPoints() throws {
    let lines = try gradeFolder(format: .tap).standardOutput.split(separator: "\n")
    #expect(lines.prefix(2) == ["TAP version 13", "1..8"])
    #expect(lines.filter { $0.hasPrefix("ok ") }.count == 2)
    #expect(lines.filter { $0.hasPrefix("not ok ") }.count == 6)
  }

  @Test func junitReportIsWellFormed() throws {
    let xml = try gradeFolder(format: .junit).standardOutput
    let parser = XMLParser(data: Data(xml.utf8))
    #expect(parser.parse())
    // A file that does not parse was not checked: an error, not two failed checks.
    #expect(xml.contains(#"<testsuite name="dee.txt" tests="2" failures="0" errors="2""#))
  }

  @Test func colourIsNeverInMachineFormatsEvenWhenFeedbackIsColoured() throws {
    let lesson = try LessonFixtures.lesson()
    let coloured = CheckFeedback(width: 80, color: true)
    #expect(
      coloured.render(LessonFixtures.checker.check(lesson.exercises[0], answer: "typing | debounce 200ms")).contains(
        "\u{1B}["))
    let grader = Grader(checker: LessonFixtures.checker, details: { result, _ in coloured.render(result) })
    let failing = LessonFixtures.debounce.replacingOccurrences(
      of: "answer:\n\nexercise", with: "answer: typing | debounce 200ms\n\nexercise")
    let report = grader.grade(lesson, submissions: [Submission(name: "bob.txt", text: failing)])
    for format in [ReportFormat.json, .tap, .junit] {
      #expect(!format.render(report).contains("\u{1B}"))
    }
  }

  @Test func anUnreadableSubmissionFailsWithTheReason() throws {
    let lesson = try LessonFixtures.lesson()
    let report = Grader(checker: LessonFixtures.checker).grade(
      lesson, submissions: [Submission(name: "gone.txt", readError: "No such file")])
    #expect(report.entries.map(\.message) == Array(repeating: "cannot read the submission: No such file", count: 2))
  }

  @Test func checkModeReportsTheFilesOwnAnswers() throws {
    let tools = LessonTools(
      runner: InterpreterRunner(swiftAnswers: SwiftImportAnswers()), feedback: LessonFixtures.feedback)
    let answered = LessonFixtures.debounce.replacingOccurrences(
      of: "answer:\n\nexercise", with: "answer: typing | debounce 300ms\n\nexercise")
    let outcome = tools.check(answered, fileName: "lesson04.txt")
    #expect(
      outcome.standardOutput
        == "PASS  1. Only search when the user pauses\nFAIL  2. Shout the clicks: no answer yet\n1 passed, 1 failed, 1/2 points\n"
    )
    #expect(outcome.exitCode == 1)
    let broken = tools.check("title: T\nexercise: E\nexpect: 0ms:\n", fileName: "l.txt")
    #expect(broken.exitCode == 2)
    #expect(broken.standardError.hasPrefix("l.txt:3:"))
  }
}
