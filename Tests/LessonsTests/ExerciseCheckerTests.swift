import StreamCore
import Testing

@testable import Lessons

@Suite struct ExerciseCheckerTests {
  private func check(_ answer: String, exercise: Int = 1) throws -> CheckResult {
    let lesson = try LessonFixtures.lesson()
    return LessonFixtures.checker.check(lesson.exercises[exercise - 1], answer: answer)
  }

  @Test func theSolutionPasses() throws {
    let result = try check("typing | debounce 300ms")
    #expect(result.passed)
    #expect(result.summary == "passed")
  }

  @Test func expectedEventsComeFromExpectOrFromTheSolution() throws {
    let lesson = try LessonFixtures.lesson()
    var exercise = lesson.exercises[0]
    let written = try LessonFixtures.checker.expectedEvents(for: exercise).get()
    exercise.expect = nil
    let computed = try LessonFixtures.checker.expectedEvents(for: exercise).get()
    let expected: [TimelineEvent] = [
      TimelineEvent(time: .milliseconds(500), kind: .value(.string("iph"))),
      TimelineEvent(time: .milliseconds(1000), kind: .value(.string("ipho"))),
      TimelineEvent(time: .milliseconds(1200), kind: .finished),
    ]
    #expect(written == expected)
    #expect(computed == expected)
  }

  // Each answer differs from the expected output in one way; the first
  // difference is said in words. Times follow Combine's debounce: a value is
  // sent once `due` passes without another one, and finishing is forwarded at once.
  @Test(arguments: [
    // debounce 200ms: "iph" arrives at 200ms, so it is sent at 400ms.
    ("typing | debounce 200ms", #"expected "iph" at 500ms, got "iph" at 400ms"#),
    (#"typing | map x + "!" | debounce 300ms"#, #"expected "iph" at 500ms, got "iph!" at 500ms"#),
    // first finishes right after the first value.
    ("typing | debounce 300ms | first", #"expected "ipho" at 1000ms, got finished at 500ms"#),
    // Cancelled at 1100ms: the cancellation is not an event the expect can name, so the finish is missing.
    ("typing | debounce 300ms @..1100ms", "expected finished at 1200ms, got nothing more"),
    (#"typing | debounce 300ms | append "!""#, #"expected finished at 1200ms, got "!" at 1200ms"#),
    (#"typing | tryMap fail("boom") | debounce 300ms"#, #"expected "iph" at 500ms, got failure "boom" at 0ms"#),
  ])
  func reportsTheFirstDifferenceInWords(answer: String, difference: String) throws {
    let result = try check(answer)
    #expect(!result.passed)
    #expect(result.summary == difference)
    #expect(result.expected?.count == 3)
    #expect(result.actual != nil)
  }

  @Test func extraEventsAfterTheExpectedOnesAreADifference() throws {
    let text = "title: T\nexercise: E\nexpect: 0ms:1, 0ms:2\n"
    let lesson = try LessonFixtures.lesson(text)
    let result = LessonFixtures.checker.check(lesson.exercises[0], answer: "just 1, 2")
    #expect(result.summary == "expected nothing more, got finished at 0ms")
  }

  @Test(arguments: [
    ("clicks | map x.uppercased()", nil),
    ("clicks | map x.uppercased() | dropFirst", #"expected "A" as value 1, got "B""#),
    ("clicks | map x.uppercased() | prefix 2", #"expected "C" as value 3, got no more values"#),
    (#"clicks | map x.uppercased() | append "D""#, #"expected only 3 values, got "D" as value 4"#),
  ])
  func compareValuesIgnoresTimes(answer: String, difference: String?) throws {
    let result = try check(answer, exercise: 2)
    #expect(result.passed == (difference == nil))
    if let difference { #expect(result.summary == difference) }
  }

  @Test func requireIsEnforcedEvenWhenTheOutputMatches() throws {
    let result = try check(#"events 500ms:"iph", 1000ms:"ipho", 1200ms:|"#)
    #expect(result.problems == [.missingOperator("debounce")])
    #expect(result.summary == "this exercise asks you to use `debounce`")
  }

  @Test func forbidSeesNestedPipelinesAndAliases() throws {
    let nested = try check("typing | flatMap { just x } | debounce 300ms")
    #expect(nested.problems == [.forbiddenOperator("flatMap")])
    // `forbid: take` also forbids `prefix`, the operator `take` stands for.
    let alias = try check("typing | debounce 300ms | prefix 5")
    #expect(alias.problems == [.forbiddenOperator("take")])
  }

  @Test func requireAcceptsSourcesToo() throws {
    let text = "title: T\nexercise: E\nexpect: 100ms:\"a\", 300ms:|\nrequire: events\n"
    let lesson = try LessonFixtures.lesson(text)
    let exercise = lesson.exercises[0]
    #expect(LessonFixtures.checker.check(exercise, answer: #"events 100ms:"a", 300ms:|"#).passed)
    #expect(
      LessonFixtures.checker.check(exercise, answer: #"marbles "-a-|""#).problems == [.missingOperator("events")])
  }

  @Test func anAnswerThatDoesNotParseGetsACaretInItsOwnText() throws {
    let result = try check("typing | debounse 300ms")
    guard case .answerInvalid(let problems) = result.problems.first else {
      Issue.record("expected a parse problem, got \(result.problems)")
      return
    }
    // The position is in the answer's own text, not in the givens + answer program.
    #expect(problems.first?.range.start == 9)
    let feedback = LessonFixtures.feedback.render(result)
    #expect(feedback.contains("typing | debounse 300ms\n         ^"))
  }

  @Test func emptyAnswersOnlyBindingsAndRuntimeErrorsFail() throws {
    #expect(try check("  ").problems == [.noAnswer])
    let bindingOnly = try check("let other = typing")
    #expect(bindingOnly.problems == [.noOutput], "\(bindingOnly.problems)")
    // What Swift checks only at run time: an Int division by zero.
    let runtime = try check("typing | map 10 / (x.count - x.count)")
    guard case .runtimeError = runtime.problems.first else {
      Issue.record("expected a runtime error, got \(runtime.problems)")
      return
    }
  }

  @Test func anAnswerSwiftWouldNotCompileFailsWithTheTypeError() throws {
    let result = try check("typing | map x * 2")
    guard case .answerInvalid(let problems) = try #require(result.problems.first) else {
      Issue.record("expected a type error, got \(result.problems)")
      return
    }
    #expect(problems.first?.isTypeError == true)
    #expect(
      result.summary
        == "the answer does not type-check: binary operator '*' cannot be applied to operands of type 'String' and 'Int'"
    )
  }

  /// Issue 33: the first difference explained by its causes. With
  /// `debounce 100ms`, "iph" (typed at 200ms) is followed by 100ms of quiet,
  /// so it goes out at 300ms; the expected 300ms of quiet would have waited to 500ms.
  @Test func theFirstDifferenceIsExplainedByWhatTheAnswerMadeItFrom() throws {
    let result = try check("typing | debounce 100ms")
    #expect(
      result.differenceCause
        == #"your `debounce 100ms` let "iph" through at 300ms because 100ms of quiet followed it (it came at 200ms)"#)
    let lines = CheckFeedback(width: 80, color: false).render(result).split(separator: "\n").map(String.init)
    #expect(
      lines.prefix(2) == [#"✗ expected "iph" at 500ms, got "iph" at 300ms"#, "  " + (result.differenceCause ?? "")])
  }

  // The first difference in the operator's own words (issue 33), worked by
  // hand from the given (`typing`: "i" 0ms, "ip" 100ms, "iph" 200ms, "ipho"
  // 700ms, finished 1200ms) and each operator's documented rule. Combine's
  // `throttle` sends the first value at once (Apple: "publishes either the
  // most-recent or first element … in the specified time interval"; no
  // interval is running at 0ms); `delay` shifts every value by its interval;
  // `collect 2` sends a batch when it holds two.
  @Test(arguments: [
    ("typing | throttle 300ms", #"your `throttle 300ms` let "i" through at once at 0ms: no throttle window was open"#),
    ("typing | delay 300ms", #"your `delay 300ms` sent "i" at 300ms, 300ms after it got it at 0ms"#),
    (
      "typing | collect 2",
      #"your `collect 2` sent ["i", "ip"] at 100ms, the batch of the 2 values it got from 0ms to 100ms"#
    ),
    (#"typing | map x + "!""#, #"your `map x + "!"` made "i!" at 0ms from `typing` "i" at 0ms"#),
    (
      #"typing | filter x != "iph" | debounce 300ms"#,
      #"your `debounce 300ms` let "ip" through at 400ms because 300ms of quiet followed it (it came at 100ms)"#
    ),
  ])
  func theFirstDifferenceIsSaidInTheOperatorsWords(answer: String, sentence: String) throws {
    #expect(try check(answer).differenceCause == sentence)
  }

  @Test func anOperatorWithoutWordsOfItsOwnListsTheCausesAndWhen() throws {
    let result = try check("typing | debounce 300ms | removeDuplicates | prefix 1")
    #expect(
      result.differenceCause
        == #"your `prefix 1` sent finished at 500ms, made from `removeDuplicates` "iph" at 500ms, at the same instant"#)
  }

  @Test func mutationTestingDoesNotRunAnAnswerTwice() throws {
    let checker = MutationCheck(checker: LessonFixtures.checker).checker
    #expect(!checker.explainsDifferences)
  }

  @Test func feedbackDrawsExpectedAndActualOnOneAxis() throws {
    let result = try check("typing | debounce 200ms")
    let feedback = CheckFeedback(width: 80, color: false).render(result)
    let lines = feedback.split(separator: "\n").map(String.init)
    #expect(lines.first == #"✗ expected "iph" at 500ms, got "iph" at 400ms"#)
    // One axis, frame 50ms: "iph" at 500ms is column 10 on the expected row, 400ms column 8 on yours.
    #expect(lines.contains("  expected  ----------iph-------ipho|"))
    #expect(lines.contains("> yours     --------iph-------ipho--|"))
    #expect(!feedback.contains("\u{1B}"))
  }
}
