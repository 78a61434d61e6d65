import Foundation
import StreamLab
import Testing

@testable import Lessons

/// The curriculum's lessons and the tables of wrong answers tried against
/// them (`Fixtures/wrong-answers.tsv`, written by hand; `Fixtures/mutants.tsv`,
/// made by `streamlab lesson mutants --corpus`), shared by the tests that keep them honest.
enum CurriculumAnswers {
  /// One line of a table: an answer to one exercise of one lesson.
  struct Answer: CustomTestStringConvertible, Sendable, Hashable {
    let lesson: String
    let exercise: Int
    let answer: String
    var testDescription: String { "lesson\(lesson) exercise \(exercise): \(answer)" }
  }

  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The lines of a fixture table (`lesson<TAB>exercise<TAB>answer`, `#` comments, `\n` for a line break).
  static func table(_ name: String) -> [Answer] {
    let table = repository.appendingPathComponent("Tests/LessonsTests/Fixtures/\(name)")
    guard let text = try? String(contentsOf: table, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
      let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
      guard fields.count == 3, let exercise = Int(fields[1]) else { return nil }
      return Answer(
        lesson: fields[0], exercise: exercise, answer: fields[2].replacingOccurrences(of: "\\n", with: "\n"))
    }
  }

  /// Every lesson file of the curriculum, by file name, in order.
  static func lessonFiles() -> [URL] {
    let folder = repository.appendingPathComponent("lessons")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasPrefix("lesson") && $0.hasSuffix(".txt") }.sorted().map {
      folder.appendingPathComponent($0)
    }
  }

  static func lesson(_ number: String) throws -> LessonFile {
    let path = repository.appendingPathComponent("lessons/lesson\(number).txt")
    let text = try String(contentsOf: path, encoding: .utf8)
    return try #require(LessonParser().parse(text, fileName: path.lastPathComponent).file)
  }

  /// Checks `answer` and records why it must fail: it parses and builds against
  /// the exercise's givens, runs without a runtime error, and its output differs
  /// from the expected one. An answer that fails for any other reason would stay
  /// red with a broken engine, so it proves nothing.
  static func expectFailsOnOutput(_ answer: Answer) throws {
    let file = try lesson(answer.lesson)
    let exercise = try #require(file.exercises.first { $0.number == answer.exercise })
    let result = ExerciseChecker(runner: InterpreterRunner(swiftAnswers: SwiftImportAnswers())).check(
      exercise, answer: answer.answer)
    #expect(!result.passed, "`\(answer.answer)` passes")
    for problem in result.problems {
      switch problem {
      case .mismatch, .lifetimeMismatch, .missingOperator, .forbiddenOperator, .wrongType, .testFails, .nearMissPasses:
        continue
      case .noAnswer, .answerInvalid, .noOutput, .runtimeError, .lessonError, .notATest:
        Issue.record("`\(answer.answer)` fails before its output is compared: \(problem)")
      }
    }
    #expect(
      result.problems.contains {
        switch $0 {
        // A test answer's "output" is its verdict: failing on the code, or passing on a near miss.
        case .mismatch, .lifetimeMismatch, .testFails, .nearMissPasses: true
        default: false
        }
      },
      "`\(answer.answer)` gives the expected output; it fails only on `require:`/`forbid:`")
  }
}
