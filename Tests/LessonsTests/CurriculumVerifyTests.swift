import Foundation
import StreamLab
import Testing

@testable import Lessons

/// `swift test` verifies the curriculum the way `streamlab lesson verify` does
/// in a teacher's CI: every solution passes, empty and silent answers fail,
/// every demo runs, and no near miss of a solution passes while computing
/// something else.
@Suite struct CurriculumVerifyTests {
  static let lessons = CurriculumAnswers.lessonFiles().map(\.lastPathComponent)

  @Test func curriculumHasFifteenLessons() {
    #expect(Self.lessons.count == 15)
  }

  @Test(arguments: lessons)
  func lessonVerifies(_ name: String) throws {
    let url = CurriculumAnswers.repository.appendingPathComponent("lessons/\(name)")
    let text = try String(contentsOf: url, encoding: .utf8)
    let outcome = LessonTools.standard(width: 80).verify([(name, text)])
    #expect(outcome.exitCode == 0, "\(outcome.standardOutput)\(outcome.standardError)")
    #expect(outcome.standardOutput.contains("\(name): "))
    #expect(outcome.standardOutput.contains(" 0 failed"))
  }
}
