import Foundation
import Testing

/// `streamlab lesson report` (issue 34, item 3) on a class of 30 made from
/// lesson 4's real student copy: 12 right (9 in the pipeline language, 3 in
/// Swift, which behave alike and so make one group), three wrong answers
/// (`map x`, `throttle latest`, a `debounce` too short: 6, 5 and 4 students)
/// and 3 files of garbage. Only the first exercise is answered. Which answers pass is the checker's verdict; that
/// the Swift and the pipeline language answers meet is their behaviour on
/// every probe input.
@Suite struct ClassReportEndToEndTests {
  static let kinds: [(name: String, answer: String, count: Int)] = [
    ("right", "typing | debounce 300ms", 9),
    ("swift", "typing.debounce(for: .milliseconds(300), scheduler: scheduler)", 3),
    ("map", "typing | map x", 6),
    ("throttle", "typing | throttle 300ms latest: true", 5),
    ("short", "typing | debounce 100ms", 4),
  ]

  /// The class written into `home`, and the names of its 30 files.
  static func writeClass(in home: URL) throws -> [String] {
    let lesson = FoundationImportTests.repository.appendingPathComponent("lessons/lesson04.txt").path
    let copy = try ProcessRun.run(["lesson", "student", lesson], input: Data(), home: home)
    #expect(copy.status == 0)
    var names: [String] = []
    for kind in kinds {
      for index in 0..<kind.count {
        let name = "\(kind.name)\(index).txt"
        let text = copy.standardOutput.replacingOccurrences(
          of: "\nanswer:", with: "\nanswer: " + kind.answer, range: copy.standardOutput.range(of: "\nanswer:"))
        try text.write(to: home.appendingPathComponent(name), atomically: true, encoding: .utf8)
        names.append(name)
      }
    }
    for index in 0..<3 {
      let name = "garbage\(index).txt"
      try Data((0..<400).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ index) }).write(
        to: home.appendingPathComponent(name))
      names.append(name)
    }
    return names
  }

  @Test func fourGroupsAndTheUnreadableOnesWithCountsThatMatch() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let names = try Self.writeClass(in: home)
      #expect(names.count == 30)
      let lesson = FoundationImportTests.repository.appendingPathComponent("lessons/lesson04.txt").path
      let run = try ProcessRun.run(
        ["lesson", "report", lesson, "--answers"] + names + ["--format", "json"], input: Data(), home: home,
        currentDirectory: home)
      #expect(run.status == 0, "\(run.standardError)")
      let report = try #require(
        try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
      #expect(report["students"] as? Int == 30)
      let unreadable = try #require(report["unreadable"] as? [[String: Any]])
      #expect(
        unreadable.compactMap { $0["student"] as? String }.sorted() == ["garbage0.txt", "garbage1.txt", "garbage2.txt"])
      let first = try #require((report["exercises"] as? [[String: Any]])?.first)
      let groups = try #require(first["groups"] as? [[String: Any]])
      #expect(groups.compactMap { $0["size"] as? Int } == [12, 6, 5, 4])
      #expect(groups.compactMap { $0["passes"] as? Bool } == [true, false, false, false])
      #expect(
        groups.compactMap { $0["representative"] as? String } == [
          "typing | debounce 300ms", "typing | map x", "typing | throttle 300ms latest: true",
          "typing | debounce 100ms",
        ])
      // The right group holds the Swift answers too.
      let right = try #require(groups.first?["students"] as? [String])
      #expect(right.filter { $0.hasPrefix("swift") }.count == 3)
      #expect((first["noBehaviour"] as? [Any])?.isEmpty == true)
      #expect(
        groups.last?["cause"] as? String
          == #"your `debounce 100ms` let "iph" through at 300ms because 100ms of quiet followed it (it came at 200ms)"#)
      // The other exercises have no answers: one group each of the 27, with no behaviour.
      for exercise in (report["exercises"] as? [[String: Any]] ?? []).dropFirst() {
        #expect((exercise["groups"] as? [[String: Any]])?.isEmpty == true)
        #expect((exercise["noBehaviour"] as? [[String: Any]])?.compactMap { $0["size"] as? Int } == [27])
      }
    }
  }

  @Test func theTextAndThePageSayTheSame() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let names = try Self.writeClass(in: home)
      let lesson = FoundationImportTests.repository.appendingPathComponent("lessons/lesson04.txt").path
      let text = try ProcessRun.run(
        ["lesson", "report", lesson, "--answers"] + names, input: Data(), home: home, currentDirectory: home)
      let lines = text.standardOutput.split(separator: "\n").map(String.init)
      #expect(lines.contains("1. Search when the user pauses: 4 behaviours"))
      #expect(lines.contains("   12 students  PASS  typing | debounce 300ms"))
      #expect(lines.contains("    4 students  FAIL  typing | debounce 100ms"))
      #expect(lines.contains("3 could not be graded:"))
      let page = try ProcessRun.run(
        ["lesson", "report", lesson, "--answers"] + names + ["--format", "html"], input: Data(), home: home,
        currentDirectory: home)
      let html = page.standardOutput
      #expect(html.hasPrefix("<!doctype html>"))
      #expect(!html.contains("<script"))
      #expect(html.components(separatedBy: "<div class=\"group pass\">").count - 1 == 1)
      #expect(html.components(separatedBy: "<div class=\"group fail\">").count - 1 == 3)
      #expect(html.components(separatedBy: "<div class=\"group none\">").count - 1 == 5)
      #expect(html.contains("<span class=\"size\">12 students</span> pass"))
    }
  }

  /// Lesson 4's first exercise has `hidden: 2`: an answer that copies the
  /// expected events passes on the givens shown, and the report, as grading
  /// does, fails it on a variant it was not shown, in a group of its own.
  @Test func anAnswerThatCopiesTheShownEventsFailsOnAHiddenVariant() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let lesson = FoundationImportTests.repository.appendingPathComponent("lessons/lesson04.txt").path
      let copy = try ProcessRun.run(["lesson", "student", lesson], input: Data(), home: home).standardOutput
      let shown = try #require(copy.split(separator: "\n").first { $0.hasPrefix("expect: ") }).dropFirst(
        "expect: ".count)
      let answers = ["typing | debounce 300ms", "events " + shown, "events " + shown]
      var names: [String] = []
      for (index, answer) in answers.enumerated() {
        let text = copy.replacingOccurrences(
          of: "\nanswer:", with: "\nanswer: " + answer, range: copy.range(of: "\nanswer:"))
        try text.write(to: home.appendingPathComponent("s\(index).txt"), atomically: true, encoding: .utf8)
        names.append("s\(index).txt")
      }
      let run = try ProcessRun.run(
        ["lesson", "report", lesson, "--answers"] + names + ["--format", "json"], input: Data(), home: home,
        currentDirectory: home)
      let report = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
      let groups = try #require((report["exercises"] as? [[String: Any]])?.first?["groups"] as? [[String: Any]])
      #expect(groups.compactMap { $0["size"] as? Int } == [2, 1])
      #expect(groups.compactMap { $0["passes"] as? Bool } == [false, true])
      #expect((groups.first?["hiddenVariant"] as? String)?.hasPrefix("typing: ") == true)
    }
  }
}
