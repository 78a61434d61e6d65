import StreamLab
import Testing

@testable import Lessons

/// `lesson verify` counts the hints a class really gets: the student copy
/// leaves out `Type: <solution>`, so that hint does not count towards the two.
@Suite struct HintCountVerifyTests {
  private let tools = LessonTools(
    runner: InterpreterRunner(swiftAnswers: SwiftImportAnswers()), feedback: LessonFixtures.feedback)

  /// The fixture's first exercise with its hints replaced by `hints`.
  private func debounce(hints: [String]) -> String {
    LessonFixtures.debounce.replacingOccurrences(
      of: """
        hint: Which operator waits for silence before it lets a value through?
        hint: debounce takes a time.

        """,
      with: hints.map { "hint: \($0)\n" }.joined())
  }

  @Test func verifyFailsAnExerciseWithOneRealHintAndATypeHint() throws {
    let text = debounce(hints: [
      "Which operator waits for silence before it lets a value through?", "Type: typing | debounce 300ms",
    ])
    try #require(text != LessonFixtures.debounce)
    let outcome = tools.verify([(fileName: "lesson04.txt", text: text)])
    #expect(outcome.exitCode == 1)
    #expect(
      outcome.standardOutput.contains(
        #"FAIL  lesson04.txt: 1. Only search when the user pauses: line 8: exercise "Only search when the user pauses" keeps 1 hint in the student copy (a `Type: <solution>` hint is left out there); write at least 2 that help without giving the solution away"#
      ))
    #expect(outcome.standardOutput.hasSuffix("lesson04.txt: 2 passed, 1 failed\n"))
  }

  @Test func verifyPassesAnExerciseWithTwoRealHintsBesideATypeHint() throws {
    let text = debounce(hints: [
      "Which operator waits for silence before it lets a value through?",
      "Its argument is the silence: \"iph\" arrives at 200ms and leaves at 500ms.",
      "Type: typing | debounce 300ms",
    ])
    try #require(text != LessonFixtures.debounce)
    let outcome = tools.verify([(fileName: "lesson04.txt", text: text)])
    #expect(outcome.exitCode == 0)
    #expect(outcome.standardOutput.hasSuffix("lesson04.txt: 3 passed, 0 failed\n"))
  }

  @Test func helpBeforeATypeOnTheSameLineCountsAsAHint() throws {
    let text = debounce(hints: [
      "Which operator waits for silence before it lets a value through?",
      "Its argument is the silence it waits for. Type: typing | debounce 300ms",
    ])
    try #require(text != LessonFixtures.debounce)
    #expect(tools.verify([(fileName: "lesson04.txt", text: text)]).exitCode == 0)
  }

  @Test func anExerciseWithNoHintsFailsWithItsCount() throws {
    let text = debounce(hints: [])
    try #require(text != LessonFixtures.debounce)
    let outcome = tools.verify([(fileName: "lesson04.txt", text: text)])
    #expect(outcome.exitCode == 1)
    #expect(outcome.standardOutput.contains("keeps 0 hints in the student copy"))
  }
}
