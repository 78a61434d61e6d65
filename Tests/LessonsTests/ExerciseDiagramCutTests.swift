import Foundation
import StreamCore
import Testing

@testable import Lessons

/// An exercise's diagram never hides an expected event, nor one of the
/// student's: the expected row and the your-answer row of the search-box
/// exercises (issue 26 found lesson 12's blank) at the widths students have.
@Suite struct ExerciseDiagramCutTests {
  /// Lesson, exercise number, and a wrong answer that runs.
  static let cases: [(String, Int, String)] = [
    ("lesson12.txt", 2, "typing | debounce 300ms"),
    ("lesson12.txt", 3, #"queries | map { x in { just x + " results" | delay x.count * 100ms } } | switchToLatest"#),
    (
      "lesson12.txt", 4,
      #"queries | map { x in { just x | delay x.count * 200ms | tryMap x.count < 4 ? fail("too short") : x + " results" } } | switchToLatest | catch { just "no results" }"#
    ),
    ("lesson04.txt", 3, "scroll | throttle 200ms latest: false"),
  ]

  @Test(arguments: cases, [60, 80, 100])
  func theExpectedAndYourRowsDrawEveryEvent(exercise: (String, Int, String), width: Int) throws {
    let url = CurriculumAnswers.repository.appendingPathComponent("lessons/\(exercise.0)")
    let lesson = try LessonFixtures.lesson(try String(contentsOf: url, encoding: .utf8), fileName: exercise.0)
    let shown = lesson.exercises[exercise.1 - 1]
    let names = shown.givens.flatMap { LessonPresenter.boundNames(in: $0.text) }
    let program = (shown.givens.map(\.text) + names).joined(separator: "\n")
    guard case .ran(let givens) = LessonFixtures.checker.runner.run(program) else {
      Issue.record("the givens do not run: \(program)")
      return
    }
    let feedback = CheckFeedback(width: width, color: false)
    let expected = try LessonFixtures.checker.expectedEvents(for: shown).get()

    let before = feedback.expectedDiagram(expected, givens: givens.result)
    #expect(Self.drawnValues(row: "expected", in: before) == Self.values(expected), "\(before)")

    let result = LessonFixtures.checker.check(shown, answer: exercise.2)
    #expect(!result.passed)
    let actual = try #require(result.actual, "the wrong answer ran: \(result.problems)")
    let after = try #require(feedback.comparisonDiagram(result, givens: givens.result))
    #expect(Self.drawnValues(row: "expected", in: after) == Self.values(expected), "\(after)")
    #expect(Self.drawnValues(row: "yours", in: after) == Self.values(Array(actual.events)), "\(after)")
    // Stages of a given's bound pipeline may say what a cut leaves out of
    // them; the expected and your rows never need to.
    #expect(!Self.saysItLeavesOut(row: "expected", in: before), "\(before)")
    #expect(!Self.saysItLeavesOut(row: "expected", in: after), "\(after)")
    #expect(!Self.saysItLeavesOut(row: "yours", in: after), "\(after)")
  }

  /// True when the row's line, or the line under it, says `… N more`.
  static func saysItLeavesOut(row label: String, in text: String) -> Bool {
    let lines = text.split(separator: "\n").map(String.init)
    guard let index = lines.firstIndex(where: { $0.dropFirst(2).hasPrefix(label + " ") }) else { return true }
    let next = index + 1 < lines.count ? lines[index + 1].trimmingCharacters(in: .whitespaces) : ""
    return lines[index].contains("  \u{2026} ") || next.hasPrefix("\u{2026} ")
  }

  /// The values of `events`, written as the legend writes them.
  static func values(_ events: [TimelineEvent]) -> [String] {
    events.compactMap {
      guard case .value(let value) = $0.kind else { return nil }
      return value.description
    }
  }

  /// The values drawn on the row labelled `label`, left to right, each
  /// letter read as the legend says, each inline value as itself.
  static func drawnValues(row label: String, in text: String) -> [String] {
    let lines = text.split(separator: "\n").map(String.init)
    var legend: [String: String] = [:]
    for line in lines where line.contains(" = ") && !line.hasPrefix("note:") {
      for entry in line.components(separatedBy: "   ") {
        let parts = entry.components(separatedBy: " = ")
        if parts.count == 2, parts[0].count == 1 { legend[parts[0]] = parts[1] }
      }
    }
    guard let line = lines.first(where: { $0.dropFirst(2).hasPrefix(label + " ") }) else { return ["no row \(label)"] }
    let marbles = line.dropFirst(2 + label.count)
    let separators: Set<Character> = ["-", " ", "(", ")", "|", "#", "^", "!", "~", "\u{2026}", "\u{00D7}"]
    var values: [String] = []
    for run in marbles.split(whereSeparator: { separators.contains($0) }) {
      if run.allSatisfy({ legend[String($0)] != nil }) {
        values += run.map { legend[String($0)]! }
      } else {
        values.append(Int(run) != nil ? String(run) : Value.string(String(run)).description)
      }
    }
    return values
  }
}
