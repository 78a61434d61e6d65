import Foundation
import Testing

@testable import Lessons

/// The wrong answers tried against every exercise of the curriculum while it
/// was written: the obvious wrong ideas (throttle for debounce, flatMap for
/// switchToLatest, no operator at all, a neighbour exercise's solution). Each
/// must keep failing, so no later change to a lesson or the engine lets an
/// answer pass that does not use the idea the exercise teaches.
@Suite struct CurriculumWrongAnswerTests {
  struct WrongAnswer: CustomTestStringConvertible, Sendable {
    let lesson: String
    let exercise: Int
    let answer: String
    var testDescription: String { "lesson\(lesson) exercise \(exercise): \(answer)" }
  }

  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static let wrongAnswers: [WrongAnswer] = {
    let table = repository.appendingPathComponent("Tests/LessonsTests/Fixtures/wrong-answers.tsv")
    guard let text = try? String(contentsOf: table, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
      let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
      guard fields.count == 3, let exercise = Int(fields[1]) else { return nil }
      return WrongAnswer(lesson: fields[0], exercise: exercise, answer: fields[2])
    }
  }()

  static func lesson(_ number: String) -> LessonFile? {
    let path = repository.appendingPathComponent("lessons/lesson\(number).txt")
    guard let text = try? String(contentsOf: path, encoding: .utf8) else { return nil }
    return LessonParser().parse(text, fileName: path.lastPathComponent).file
  }

  @Test func everyLessonHasWrongAnswersTried() {
    #expect(Self.wrongAnswers.count > 350)
    #expect(Set(Self.wrongAnswers.map(\.lesson)).count == 12)
  }

  @Test(arguments: wrongAnswers)
  func wrongAnswerFails(_ wrong: WrongAnswer) throws {
    let file = try #require(Self.lesson(wrong.lesson))
    let exercise = try #require(
      file.exercises.first { $0.number == wrong.exercise } ?? file.exercises[safe: wrong.exercise - 1])
    let result = ExerciseChecker(runner: InterpreterRunner()).check(exercise, answer: wrong.answer)
    #expect(!result.passed, "`\(wrong.answer)` passes lesson \(wrong.lesson) exercise \(wrong.exercise)")
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
