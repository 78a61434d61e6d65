import StreamCore
import StreamLab
import Testing

@testable import Lessons

/// Test exercises (issue 32): the answer is an `XCTestCase` that must pass on
/// the exercise's `code:` and fail on each near miss of it the solution's
/// test catches. The verdicts on the code and on each near miss come from
/// running the tests on the engine; `PastedXCTestTests` holds the assertions'
/// words against swiftc's XCTest, and debounce's timing is lesson 4's.
@Suite struct TestExerciseTests {
  static let code = """
    code: final class Search {
        let queries = PassthroughSubject<String, Never>()
        @Published private(set) var sent: [String] = []
        private var cancellables = Set<AnyCancellable>()
        init(scheduler: AnySchedulerOf<DispatchQueue>) {
          queries
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .sink { [weak self] in self?.sent.append($0) }
            .store(in: &cancellables)
        }
      }
    """

  /// A test over several lines, its body's statements given one per line.
  static func test(_ body: [String], named name: String = "testPause") -> String {
    ([
      "final class SearchTests: XCTestCase {", "  func \(name)() {",
      "    let scheduler = DispatchQueue.test",
      "    let search = Search(scheduler: scheduler.eraseToAnyScheduler())",
    ]
      + body.map { "    " + $0 } + ["  }", "}"]).joined(separator: "\n")
  }

  static let solution = test([
    "search.queries.send(\"s\")", "scheduler.advance(by: .milliseconds(299))", "XCTAssertEqual(search.sent, [])",
    "scheduler.advance(by: .milliseconds(1))", "XCTAssertEqual(search.sent, [\"s\"])",
  ])

  static func lesson(solution: String = solution, extra: String = "") -> String {
    """
    lesson: 99
    title: Tests

    exercise: Not before 300ms
    task: Prove it waits 300ms.
    \(code)
    \(extra)hint: Look on both sides of 300ms.
    hint: Advance by 299ms, then 1ms.
    solution: \(solution.replacing("\n", with: "\n  "))
    answer:

    """
  }

  static func exercise(_ text: String = lesson()) throws -> Exercise {
    try #require(try LessonFixtures.lesson(text, fileName: "lesson99.txt").exercises.first)
  }

  @Test func theSolutionPassesAndItsTestsAreShownOnTheCode() throws {
    let result = LessonFixtures.checker.check(try Self.exercise(), answer: Self.solution)
    #expect(result.passed, "\(result.summary)")
    #expect(result.tests.map(\.heading) == ["Test Case 'SearchTests.testPause' passed (2 assertions)"])
    #expect(result.testsRanOn == "the code")
  }

  @Test func aTestThatFailsOnTheCodeIsToldWhereInXCTestsWords() throws {
    let answer = Self.test([
      "search.queries.send(\"s\")", "scheduler.advance(by: .milliseconds(300))", "XCTAssertEqual(search.sent, [])",
    ])
    let result = LessonFixtures.checker.check(try Self.exercise(), answer: answer)
    // Line 7 of the answer (not of the paste the code is part of), at 300ms on the test's clock.
    #expect(
      result.problems == [
        .testFails(
          "Test Case 'SearchTests.testPause' failed: line 7 at 300ms: XCTAssertEqual failed: (\"[\"s\"]\") is not equal to (\"[]\")"
        )
      ])
    #expect(result.testsRanOn == "the code")
    #expect(result.tests.first?.passed == false)
  }

  @Test func aTestThatOnlyLooksLateLetsTheShorterDebouncePass() throws {
    let answer = Self.test([
      "search.queries.send(\"s\")", "scheduler.advance(by: .seconds(1))", "XCTAssertEqual(search.sent, [\"s\"])",
    ])
    let result = LessonFixtures.checker.check(try Self.exercise(), answer: answer)
    // 150ms and 600ms both send "s" within the second; throttle sends it at once: three near misses pass.
    #expect(
      result.problems == [.nearMissPasses(change: "line 7: `.milliseconds(300)` → `.milliseconds(150)`", others: 2)])
    #expect(result.testsRanOn == "the near miss (line 7: `.milliseconds(300)` → `.milliseconds(150)`)")
    let allPassed = result.tests.allSatisfy { $0.passed }
    #expect(allPassed)
    let feedback = LessonFixtures.feedback.render(result)
    #expect(feedback.contains("your tests also pass on this near miss of the code"))
    #expect(feedback.contains("Test Case 'SearchTests.testPause' passed (1 assertion)"))
  }

  @Test func aTestThatLooksOnOneSideOnlyMissesTheNearMissOnTheOther() throws {
    // Nothing at 299ms catches 150ms and throttle, but not 600ms.
    let answer = Self.test([
      "search.queries.send(\"s\")", "scheduler.advance(by: .milliseconds(299))", "XCTAssertEqual(search.sent, [])",
    ])
    let result = LessonFixtures.checker.check(try Self.exercise(), answer: answer)
    #expect(
      result.problems == [.nearMissPasses(change: "line 7: `.milliseconds(300)` → `.milliseconds(600)`", others: 0)])
  }

  @Test func whereATestStoppedIsALineOfTheTestNotOfThePaste() throws {
    // Line 5 of the answer; the paste the check runs has the code's 11 lines before it.
    let answer = Self.test(["let n = Int.max", "_ = n + 1"])
    let result = LessonFixtures.checker.check(try Self.exercise(), answer: answer)
    #expect(
      result.problems == [
        .testFails(
          "Test Case 'SearchTests.testPause' failed: arithmetic overflow in 9223372036854775807 + 1 (line 6:9, n + 1)")
      ])
    guard case .runtimeError(let error)? = result.tests.first?.result.stop else {
      Issue.record("the test's run did not stop with the runtime error")
      return
    }
    #expect(error.stage == "line 6:9, n + 1")
  }

  @Test func theLessonPromptShowsTheCodeAndTheSolutionIndentedAsWritten() throws {
    var session = LessonSession(
      lesson: try LessonFixtures.lesson(Self.lesson(), fileName: "lesson99.txt"), lessonKey: "/lessons/lesson99.txt",
      progress: Progress(), checker: LessonFixtures.checker, feedback: LessonFixtures.feedback, width: 100)
    let screen = session.start().text
    #expect(screen.contains("The code under test:\n    final class Search {\n      let queries = PassthroughSubject"))
    #expect(screen.contains("some test fails on each of the 3 near misses of the code"))
    let passed = session.handle(Self.solution).text
    #expect(
      passed.hasPrefix(
        "✓ Passed! The teacher's solution:\n    final class SearchTests: XCTestCase {\n      func testPause() {"))
    #expect(passed.contains("Test Case 'SearchTests.testPause' passed (2 assertions)"))
  }

  @Test func anAnswerThatIsNoTestOrDoesNotParseSaysSo() throws {
    let exercise = try Self.exercise()
    #expect(LessonFixtures.checker.check(exercise, answer: "just 1").problems == [.notATest])
    #expect(LessonFixtures.checker.check(exercise, answer: "let search = 1").problems == [.notATest])
    #expect(LessonFixtures.checker.check(exercise, answer: "").problems == [.noAnswer])
    let broken = "final class T: XCTestCase {\n  func testIt() {\n    XCTAssertEqual(1, \n  }\n}"
    let result = LessonFixtures.checker.check(exercise, answer: broken)
    guard case .answerInvalid(let diagnostics) = result.problems.first else {
      Issue.record("expected a parse error, got \(result.problems)")
      return
    }
    // The caret is in the answer, not in the code before it.
    let start = try #require(diagnostics.first?.range.start)
    #expect(start > 0 && start <= broken.utf8.count)
  }

  @Test func nearMissesAreTheOnesTheSolutionCatches() throws {
    let nearMisses = try LessonFixtures.checker.nearMissesToCatch(try Self.exercise()).get()
    #expect(
      nearMisses.map(\.change) == [
        "line 7: `.milliseconds(300)` → `.milliseconds(150)`", "line 7: `.milliseconds(300)` → `.milliseconds(600)`",
        "line 7: `.debounce(…)` → `.throttle(…, latest: true)`",
      ])
    #expect(nearMisses[2].text.contains(".throttle(for: .milliseconds(300), scheduler: scheduler, latest: true)"))
  }

  @Test func nearMissLinesChooseWhatATestMustCatch() throws {
    let chosen = Self.lesson(extra: "near-miss: line 7: `.milliseconds(300)` → `.milliseconds(600)`\n")
    let answer = Self.test([
      "search.queries.send(\"s\")", "scheduler.advance(by: .milliseconds(300))", "XCTAssertEqual(search.sent, [\"s\"])",
    ])
    #expect(LessonFixtures.checker.check(try Self.exercise(chosen), answer: answer).passed)
    // Without the line, the solution's catches count, 150ms among them.
    #expect(!LessonFixtures.checker.check(try Self.exercise(), answer: answer).passed)
    let results = MutationCheck(checker: LessonFixtures.checker).results(for: try Self.exercise(chosen))
    #expect(results.map(\.verdict) == [.notAsked, .caughtByTest, .notAsked])
  }

  @Test func theStudentCopyKeepsTheCodeAndNamesTheNearMissesInsteadOfTheSolution() throws {
    let file = try LessonFixtures.lesson(Self.lesson(), fileName: "lesson99.txt")
    let copy = try StudentCopy.make(file, checker: LessonFixtures.checker).get()
    #expect(!copy.contains("solution:"))
    #expect(copy.contains("code: final class Search {"))
    #expect(
      copy.contains(
        """
        near-miss: line 7: `.milliseconds(300)` → `.milliseconds(150)`
        near-miss: line 7: `.milliseconds(300)` → `.milliseconds(600)`
        near-miss: line 7: `.debounce(…)` → `.throttle(…, latest: true)`
        answer:
        """))
    // The copy checks as the teacher's file does.
    let student = try #require(try LessonFixtures.lesson(copy, fileName: "lesson99.txt").exercises.first)
    #expect(LessonFixtures.checker.check(student, answer: Self.solution).passed)
    let late = Self.test([
      "search.queries.send(\"s\")", "scheduler.advance(by: .seconds(1))", "XCTAssertEqual(search.sent, [\"s\"])",
    ])
    #expect(
      LessonFixtures.checker.check(student, answer: late).problems
        == LessonFixtures.checker.check(try Self.exercise(), answer: late).problems)
  }

  @Test func verifyPassesTheLessonAndFlagsASolutionThatCatchesNothingOrMissesAChange() throws {
    let verifier = LessonVerifier(checker: LessonFixtures.checker)
    let good = verifier.verify(try LessonFixtures.lesson(Self.lesson(), fileName: "lesson99.txt"))
    let allPassed = good.entries.allSatisfy { $0.passed }
    #expect(allPassed, "\(good.entries.map(\.message))")

    // Asserts nothing: it catches no near miss.
    let empty = verifier.verify(
      try LessonFixtures.lesson(
        Self.lesson(solution: Self.test(["search.queries.send(\"s\")"])), fileName: "lesson99.txt"))
    #expect(empty.entries.first?.message.contains("catches no near miss of `code:`") == true)

    // Sees "s" come within the second, but not when: 150ms changes when it comes and passes.
    let loose = Self.test([
      "search.queries.send(\"s\")", "scheduler.advance(by: .milliseconds(200))", "XCTAssertEqual(search.sent, [])",
      "scheduler.advance(by: .milliseconds(800))", "XCTAssertEqual(search.sent, [\"s\"])",
    ])
    let weak = verifier.verify(try LessonFixtures.lesson(Self.lesson(solution: loose), fileName: "lesson99.txt"))
    let message = try #require(weak.entries.first?.message)
    #expect(
      message.contains(
        "the near miss line 7: `.milliseconds(300)` → `.milliseconds(600)` of `code:` changes what the solution's test SearchTests.testPause records"
      ))

    // A `near-miss:` line the solution's test does not catch: the solution fails its own exercise, and says why.
    let chosen = Self.lesson(
      solution: loose, extra: "near-miss: line 7: `.milliseconds(300)` → `.milliseconds(600)`\n")
    let unasked = verifier.verify(try LessonFixtures.lesson(chosen, fileName: "lesson99.txt"))
    #expect(
      unasked.entries.first?.message
        == "the solution does not pass: your tests also pass on this near miss of the code, line 7: `.milliseconds(300)` → `.milliseconds(600)`: add an assertion that fails on it"
    )
  }

  @Test func theLessonFileRefusesWhatATestExerciseCannotUse() throws {
    let withExpect = Self.lesson(extra: "expect: 300ms:\"s\"\ngiven: let a = just 1\n")
    let errors = LessonParser(mode: .lesson).parse(withExpect, fileName: "lesson99.txt").errors.map(\.message)
    #expect(errors.contains { $0.hasPrefix("`expect:` has no place in a test exercise") })
    #expect(errors.contains { $0.hasPrefix("`given:` has no place in a test exercise") })

    let noSolution = Self.lesson().replacing(#/solution: (.|\n)*answer:/#, with: "answer:")
    #expect(
      LessonParser(mode: .lesson).parse(noSolution, fileName: "lesson99.txt").errors.map(\.message).contains {
        $0.contains("asks for a test but has no `solution:`")
      })

    let stray = "lesson: 1\ntitle: T\n\nexercise: E\nnear-miss: line 1: x\nexpect: 0ms:1\nanswer:\n"
    #expect(
      LessonParser(mode: .lesson).parse(stray, fileName: "lesson99.txt").errors.map(\.message) == [
        "`near-miss:` belongs to a test exercise, one with `code:`"
      ])

    let unknown = Self.lesson(extra: "near-miss: line 3: `.milliseconds(1)` → `.milliseconds(2)`\n")
    let file = LessonParser(mode: .lesson).parse(unknown, fileName: "lesson99.txt").file
    let validation = LessonValidator(runner: LessonFixtures.checker.runner).validate(file)
    #expect(validation.map(\.position.line) == [17])
    #expect(
      validation.first?.message.hasPrefix(
        "`near-miss: line 3: `.milliseconds(1)` → `.milliseconds(2)`` names no near miss") == true)
  }

  @Test func aSolutionThatFailsOnTheCodeIsReportedAtItsLine() throws {
    let failing = Self.test(["search.queries.send(\"s\")", "XCTAssertEqual(search.sent, [\"s\"])"])
    let file = LessonParser(mode: .lesson).parse(Self.lesson(solution: failing), fileName: "lesson99.txt").file
    let errors = LessonValidator(runner: LessonFixtures.checker.runner).validate(file)
    #expect(errors.map(\.position.line) == [19])
    #expect(
      errors.first?.message.hasPrefix(
        "`solution:` fails on `code:`: Test Case 'SearchTests.testPause' failed: line 6 at 0ms") == true)
  }
}
