import Foundation
import StreamLab
import Testing

@testable import Lessons

/// Issue 34, item 2: a variant of a lesson per student. Lesson 4 is the
/// issue's own example: two students' copies differ in their givens, each
/// variant verifies, and an answer that copies the shown output passes only
/// on its own student's variant, while one that computes it passes on every
/// variant. Which output a variant expects is not written here by hand: it is
/// the teacher's solution run on the variant's givens, as grading does.
@Suite struct LessonVariantTests {
  static let tools = LessonTools(
    runner: InterpreterRunner(swiftAnswers: SwiftImportAnswers()), feedback: LessonFixtures.feedback)
  /// Lesson 4 as the curriculum has it: its first exercise has `hidden: 2`.
  static let curriculum04 =
    (try? String(
      contentsOf: CurriculumAnswers.repository.appendingPathComponent("lessons/lesson04.txt"), encoding: .utf8)) ?? ""
  /// Lesson 4 without hidden variants, so an answer is graded on its own variant alone.
  static let lesson04 = curriculum04.replacingOccurrences(of: "hidden: 2\n", with: "")

  static func copy(for seed: String, of lesson: String = lesson04) throws -> String {
    let outcome = tools.studentCopy(lesson, fileName: "lesson04.txt", variant: seed)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    return outcome.standardOutput
  }

  /// `field:` lines of one exercise (from 1) of a lesson text.
  static func lines(_ field: String, exercise: Int, in text: String) -> [String] {
    let exercises = text.components(separatedBy: "\nexercise:").dropFirst()
    guard exercises.count >= exercise else { return [] }
    return exercises[exercises.startIndex + exercise - 1].split(separator: "\n").map(String.init)
      .filter { $0.hasPrefix(field + ":") }
  }

  /// The copy with `answer` as the first exercise's answer.
  static func answering(_ copy: String, with answer: String) -> String {
    copy.replacingOccurrences(
      of: "\nanswer:", with: "\nanswer: " + answer, options: [], range: copy.range(of: "\nanswer:"))
  }

  static func firstExercise(_ outcome: ToolOutcome) -> [String] {
    outcome.standardOutput.split(separator: "\n").map(String.init).filter {
      $0.contains("1. Search when the user pauses")
    }
  }

  @Test func twoStudentsGetDifferentGivensAndTheirOwnSeedInTheFile() throws {
    let alice = try Self.copy(for: "alice")
    let bob = try Self.copy(for: "bob")
    #expect(alice.contains("\nvariant: alice\n"))
    #expect(bob.contains("\nvariant: bob\n"))
    #expect(Self.lines("given", exercise: 1, in: alice) != Self.lines("given", exercise: 1, in: bob))
    #expect(Self.lines("given", exercise: 1, in: alice) != Self.lines("given", exercise: 1, in: Self.lesson04))
    // The same seed always makes the same copy.
    #expect(try Self.copy(for: "alice") == alice)
    // Nothing else of the handout changes: the same lines, less the givens, expects and the seed.
    let plain = Self.tools.studentCopy(Self.lesson04, fileName: "lesson04.txt").standardOutput
    let varied = { (text: String) in
      text.split(separator: "\n").filter {
        !$0.hasPrefix("given:") && !$0.hasPrefix("expect:") && !$0.hasPrefix("variant:")
      }
    }
    #expect(varied(alice) == varied(plain))
  }

  @Test(arguments: ["alice", "bob"])
  func eachStudentsVariantVerifies(seed: String) {
    let outcome = Self.tools.verify([("lesson04.txt", Self.lesson04)], variant: seed)
    #expect(outcome.exitCode == 0, "\(outcome.standardOutput)\(outcome.standardError)")
    #expect(!outcome.standardOutput.contains("FAIL"))
  }

  @Test func anAnswerThatCopiesTheShownOutputPassesOnlyOnItsOwnVariant() throws {
    let alice = try Self.copy(for: "alice")
    let bob = try Self.copy(for: "bob")
    let shownToAlice = try #require(Self.lines("expect", exercise: 1, in: alice).first).dropFirst("expect: ".count)
    let copied = "events " + shownToAlice
    let submissions = [
      Submission(name: "alice-copied.txt", text: Self.answering(alice, with: copied)),
      Submission(name: "bob-copied.txt", text: Self.answering(bob, with: copied)),
      Submission(name: "alice-debounce.txt", text: Self.answering(alice, with: "typing | debounce 300ms")),
      Submission(name: "bob-debounce.txt", text: Self.answering(bob, with: "typing | debounce 300ms")),
    ]
    let outcome = Self.tools.grade(Self.lesson04, fileName: "lesson04.txt", submissions: submissions, format: .text)
    let verdicts = Self.firstExercise(outcome).map { $0.trimmingCharacters(in: .whitespaces).prefix(4) }
    #expect(verdicts == ["PASS", "FAIL", "PASS", "PASS"], "\(outcome.standardOutput)")
  }

  @Test func hiddenVariantsFailAnAnswerThatOnlyReproducesTheShownEvents() throws {
    let lesson = Self.curriculum04
    #expect(lesson.contains("hidden: 2\nsolution: typing | debounce 300ms"))
    let alice = try Self.copy(for: "alice", of: lesson)
    let shown = try #require(Self.lines("expect", exercise: 1, in: alice).first).dropFirst("expect: ".count)
    let outcome = Self.tools.grade(
      lesson, fileName: "lesson04.txt",
      submissions: [
        Submission(name: "copied.txt", text: Self.answering(alice, with: "events " + shown)),
        Submission(name: "debounce.txt", text: Self.answering(alice, with: "typing | debounce 300ms")),
      ], format: .text)
    let lines = Self.firstExercise(outcome)
    #expect(lines.count == 2)
    #expect(
      lines.first?.contains(
        "FAIL  1. Search when the user pauses: passes on the givens shown, but not on a variant of them it was not shown (typing: "
      ) == true,
      "\(outcome.standardOutput)")
    #expect(lines.last?.contains("PASS") == true)
    // The teacher's lesson verifies with two hidden variants; twenty is more than its givens offer.
    #expect(Self.tools.verify([("lesson04.txt", lesson)]).exitCode == 0)
    let greedy = lesson.replacingOccurrences(of: "hidden: 2", with: "hidden: 20")
    let refused = Self.tools.verify([("lesson04.txt", greedy)])
    #expect(refused.exitCode == 1)
    #expect(refused.standardOutput.contains("`hidden: 20` needs 21 variants of the givens"))
  }

  @Test(arguments: [
    ("", "a variant's seed is one line of text, such as the student's login; it is empty"),
    ("two\nlines", "a variant's seed is one line of text, such as the student's login; it has several lines"),
  ])
  func aSeedThatIsNotOneLineIsRefused(seed: String, message: String) {
    let outcome = Self.tools.studentCopy(Self.lesson04, fileName: "lesson04.txt", variant: seed)
    #expect(outcome.exitCode == 2)
    #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
  }

  @Test func aVariantIsMadeFromTheTeachersLessonNotFromAnotherVariant() {
    let variant = Self.tools.variant(Self.lesson04, fileName: "lesson04.txt", seed: "alice")
    guard case .success(let text) = variant else {
      Issue.record("lesson 4 should have a variant")
      return
    }
    let again = Self.tools.studentCopy(text, fileName: "lesson04.txt", variant: "bob")
    #expect(again.exitCode == 2)
    // Said at the variant's own line, the third (after `lesson:` and `title:`).
    #expect(again.standardError.contains("lesson04.txt:3:1: this file is already the variant `alice`"))
  }

  @Test func hiddenTakesASmallNumber() {
    let (_, errors) = LessonParser().parse(
      "title: T\nexercise: E\ngiven: let a = just 1\nhidden: many\nsolution: a\n", fileName: "l.txt")
    #expect(
      errors.map(\.description) == [
        "l.txt:4:9: expected a number of variants from 0 to 20 after `hidden:`, found `many`"
      ])
  }
}
