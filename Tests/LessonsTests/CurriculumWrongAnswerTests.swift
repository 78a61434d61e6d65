import Testing

@testable import Lessons

/// The wrong answers tried against every exercise of the curriculum while it
/// was written: the obvious wrong ideas (throttle for debounce, flatMap for
/// switchToLatest, no operator at all, a neighbour exercise's solution). Each
/// must keep failing on its output, so no later change to a lesson or the
/// engine lets an answer pass that does not use the idea the exercise teaches.
@Suite struct CurriculumWrongAnswerTests {
  static let wrongAnswers = CurriculumAnswers.table("wrong-answers.tsv")

  @Test func everyLessonHasWrongAnswersTried() {
    #expect(Self.wrongAnswers.count > 250)
    #expect(Set(Self.wrongAnswers.map(\.lesson)).count == 15)
  }

  @Test func noWrongAnswerIsListedTwice() {
    var seen: Set<CurriculumAnswers.Answer> = []
    let repeated = Self.wrongAnswers.filter { !seen.insert($0).inserted }
    #expect(repeated.isEmpty, "listed twice: \(repeated.map(\.testDescription))")
  }

  @Test(arguments: wrongAnswers)
  func wrongAnswerRunsAndFailsOnItsOutput(_ wrong: CurriculumAnswers.Answer) throws {
    try CurriculumAnswers.expectFailsOnOutput(wrong)
  }
}
