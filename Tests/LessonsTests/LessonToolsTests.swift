import StreamLab
import Testing

@testable import Lessons

@Suite struct LessonToolsTests {
  private let tools = LessonTools(
    runner: InterpreterRunner(swiftAnswers: SwiftImportAnswers()), feedback: LessonFixtures.feedback)

  @Test func programErrorsInsideTheFileArePlacedAtTheirLineAndColumn() {
    let text = """
      title: T
      > just 1 | mapp x
      exercise: E
      given: let a = marbles "-a-|"
      given: let b = a | debounse 100ms
      expect: 100ms:"a", 300ms:
      solution: a | nope
      require: debounse
      """
    let outcome = tools.check(text, fileName: "lesson04.txt")
    #expect(outcome.exitCode == 2)
    let positions = outcome.standardError.split(separator: "\n")
      .filter { $0.hasPrefix("lesson04.txt:") }
      .map { $0.split(separator: " ").first.map(String.init) ?? "" }
    // demo `mapp` at 2:12; given `debounse` at 5:20; the expect's missing event at 6:27 or later;
    // `nope` at 7:15; the unknown required operator at 8:10.
    #expect(positions.contains("lesson04.txt:2:12:"))
    #expect(positions.contains("lesson04.txt:5:20:"))
    #expect(positions.contains { $0.hasPrefix("lesson04.txt:6:") })
    #expect(positions.contains("lesson04.txt:8:10:"))
    #expect(outcome.standardError.contains("did you mean `debounce`?"))
  }

  @Test func verifyPassesAGoodLessonAndCatchesAWrongSolution() {
    let good = tools.verify([("lesson04.txt", LessonFixtures.debounce)])
    #expect(good.exitCode == 0)
    #expect(good.standardOutput.hasSuffix("lesson04.txt: 3 passed, 0 failed\n"))
    let wrong = LessonFixtures.debounce.replacingOccurrences(
      of: "solution: typing | debounce 300ms", with: "solution: typing | debounce 200ms")
    let bad = tools.verify([("lesson04.txt", wrong)])
    #expect(bad.exitCode == 1)
    #expect(
      bad.standardOutput.contains(
        #"FAIL  lesson04.txt: 1. Only search when the user pauses: the solution does not pass: expected "iph" at 500ms, got "iph" at 400ms"#
      ))
    let broken = tools.verify([("lesson04.txt", LessonFixtures.debounce), ("x.txt", "exercise: E\n")])
    #expect(broken.exitCode == 2)
  }

  @Test func verifyRefusesTwoExercisesWithOneTitleAtTheSecondsLine() {
    let twice = LessonFixtures.debounce.replacingOccurrences(
      of: "exercise: Shout the clicks", with: "exercise: Only search when the user pauses")
    let outcome = tools.verify([("lesson04.txt", twice)])
    #expect(outcome.exitCode == 2)
    #expect(
      outcome.standardError.contains(
        #"lesson04.txt:19:1: a second exercise titled "Only search when the user pauses"; the first is on line 8"#))
  }

  @Test func verifyingSeveralFilesEndsWithTheirTotal() {
    let both = tools.verify([("lesson04.txt", LessonFixtures.debounce), ("lesson05.txt", LessonFixtures.debounce)])
    #expect(both.exitCode == 0)
    #expect(both.standardOutput.hasSuffix("lesson05.txt: 3 passed, 0 failed\nlessons: 6 passed, 0 failed\n"))
  }

  @Test func verifyRejectsAnExpectThatNothingSatisfies() {
    let vacuous = "title: T\nexercise: E\nexpect: nothing\nsolution: never\n"
    let outcome = tools.verify([("l.txt", vacuous)])
    #expect(outcome.exitCode == 1)
    #expect(outcome.standardOutput.contains("an answer that emits nothing (`never`) passes"))
  }

  @Test func studentCopyFillsInExpectsAndRemovesSolutionsAndAnswers() {
    let text = """
      title: T
      exercise: Computed
      given: let clicks = marbles "-a--b|"
      solution: clicks | map x.uppercased()
      hint: h
      answer: clicks

      exercise: Written
      expect: 0ms:1, 0ms:|
      solution: just 1
      answer:
      """
    let outcome = tools.studentCopy(text, fileName: "l.txt")
    #expect(outcome.exitCode == 0)
    #expect(
      outcome.standardOutput == """
        title: T
        exercise: Computed
        given: let clicks = marbles "-a--b|"
        expect: 100ms:"A", 400ms:"B", 500ms:|
        hint: h
        answer:

        exercise: Written
        expect: 0ms:1, 0ms:|
        answer:
        """)
    // The copy is itself a valid lesson whose expects match the solutions.
    #expect(tools.check(outcome.standardOutput, fileName: "l.txt").exitCode == 1)
  }

  @Test func studentCopyLeavesOutHintsThatGiveTheSolutionAwayUnlessAskedToKeepThem() {
    let text = """
      title: T
      exercise: Shout
      given: let clicks = marbles "-a--b|"
      expect: 100ms:"A", 400ms:"B", 500ms:|
      hint: map changes each value.
      hint: `uppercased()` makes capitals. Type: clicks |
        map x.uppercased()
      hint: Type: clicks | map x.uppercased()
      hint: Type: a pipeline that is not the solution
      solution: clicks | map x.uppercased()
      answer:

      """
    let copy = tools.studentCopy(text, fileName: "l.txt")
    #expect(copy.exitCode == 0)
    // The line break inside the second hint's program does not hide it; the
    // last hint names something else, so it stays.
    #expect(
      copy.standardOutput == """
        title: T
        exercise: Shout
        given: let clicks = marbles "-a--b|"
        expect: 100ms:"A", 400ms:"B", 500ms:|
        hint: map changes each value.
        hint: `uppercased()` makes capitals.
        hint: Type: a pipeline that is not the solution
        answer:

        """)
    let kept = tools.studentCopy(text, fileName: "l.txt", keepSolutionHints: true)
    #expect(
      kept.standardOutput == text.replacingOccurrences(of: "solution: clicks | map x.uppercased()\n", with: ""))
  }

  @Test func verifyFailsATaskThatAsksForAPredictionButShowsTheAnswer() throws {
    let asking = LessonFixtures.debounce.replacingOccurrences(
      of: "task: Emit a query only after 300ms without typing.\n",
      with: "task: Emit a query only after 300ms without typing. Predict the output first.\n")
    let shown = tools.verify([(fileName: "lesson04.txt", text: asking)])
    #expect(shown.exitCode == 1)
    #expect(
      shown.standardOutput.contains(
        "FAIL  lesson04.txt: 4. exercise 1 asks for a prediction: line 10: the task asks for a prediction but the expected output is shown at once; add `predict: yes`"
      ))
    let hidden = asking.replacingOccurrences(
      of: "Predict the output first.\n", with: "Predict the output first.\npredict: yes\n")
    #expect(tools.verify([(fileName: "lesson04.txt", text: hidden)]).exitCode == 0)
  }

  @Test func predictTakesYesOrNo() throws {
    let wrong = LessonFixtures.debounce.replacingOccurrences(
      of: "require: debounce\n", with: "predict: maybe\nrequire: debounce\n")
    let outcome = tools.verify([(fileName: "lesson04.txt", text: wrong)])
    #expect(outcome.exitCode == 2)
    #expect(
      outcome.standardError.contains("lesson04.txt:12:10: expected `yes` or `no` after `predict:`, found `maybe`"))
  }
}
