import StreamLang
import Testing

@testable import Lessons

/// An `answer:` written in Swift is checked as the program it becomes, and
/// `require:` / `forbid:` judge the operators that Swift uses.
@Suite struct SwiftAnswerTests {
  private func check(_ answer: String) throws -> CheckResult {
    let lesson = try LessonFixtures.lesson()
    return LessonFixtures.checker.check(lesson.exercises[0], answer: answer)
  }

  @Test func aSwiftAnswerUsingTheGivenPasses() throws {
    let result = try check("typing.debounce(for: .milliseconds(300), scheduler: RunLoop.main)")
    #expect(result.passed, "\(result.problems)")
  }

  @Test func aSwiftAnswerWithASinkPasses() throws {
    let result = try check(
      "let c = typing.debounce(for: .milliseconds(300), scheduler: RunLoop.main).sink { print($0) }")
    #expect(result.passed, "\(result.problems)")
  }

  @Test func forbidSeesTheSwiftPrefixAsTake() throws {
    // prefix(10) lets all four values through, so only the rule fails.
    let result = try check("typing.prefix(10).debounce(for: .milliseconds(300), scheduler: RunLoop.main)")
    #expect(result.problems == [.forbiddenOperator("take")])
  }

  @Test func requireSeesThatTheSwiftHasNoDebounce() throws {
    let result = try check("typing.delay(for: .milliseconds(300), scheduler: RunLoop.main)")
    #expect(result.problems.contains(.missingOperator("debounce")))
    // It ran: delay shifts "i" to 300ms, where debounce would have sent "iph" at 500ms.
    #expect(result.summary.hasPrefix(#"expected "iph" at 500ms, got "i" at 300ms"#))
  }

  @Test func swiftTheReaderRefusesIsAnInvalidAnswerPointingIntoTheSwift() throws {
    let result = try check(
      "typing.debounce(for: .milliseconds(300), scheduler: RunLoop.main).decode(type: Query.self, decoder: JSONDecoder())"
    )
    let invalid = result.problems.compactMap { problem -> Diagnostic? in
      if case .answerInvalid(let diagnostics) = problem { return diagnostics.first }
      return nil
    }
    let diagnostic = try #require(invalid.first, "problems: \(result.problems)")
    #expect(
      diagnostic.message
        == "streamlab cannot run `decode(type:decoder:)`: its values are numbers, strings, bools and arrays")
    #expect(diagnostic.range.start == 0)
  }

  @Test func aTypeErrorInASwiftAnswerPointsIntoTheSwift() throws {
    let answer = "typing.debounce(for: .milliseconds(300), scheduler: RunLoop.main).map { $0 * 2 }"
    let result = try check(answer)
    let invalid = result.problems.compactMap { problem -> Diagnostic? in
      if case .answerInvalid(let diagnostics) = problem { return diagnostics.first }
      return nil
    }
    let diagnostic = try #require(invalid.first, "problems: \(result.problems)")
    // `$0 * 2` starts 72 bytes into the Swift (after `….main).map { `) and is 6 long.
    #expect(diagnostic.range.start == 72 && diagnostic.range.end == 78, "\(diagnostic.range)")
    #expect(diagnostic.message == "binary operator '*' cannot be applied to operands of type 'String' and 'Int'")
  }

  // MARK: Swift run as it is, with the givens as its publishers

  @Test func aViewModelThatSubscribesToTheGivenInItsInitPasses() throws {
    // Objects, a stored Set<AnyCancellable>, a capture list and a captured
    // array: only the interpreter runs it; `typing` is the exercise's given.
    let answer = """
      import Combine
      final class Search {
        var queries: [String] = []
        var cancellables = Set<AnyCancellable>()
        init() {
          typing
            .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
            .sink { [weak self] query in self?.queries.append(query) }
            .store(in: &cancellables)
        }
      }
      let search = Search()
      """
    let result = try check(answer)
    #expect(result.passed, "\(result.problems)")
  }

  @Test func requireAndForbidSeeTheOperatorsAViewModelUses() throws {
    // `throttle` instead of `debounce`, inside a class: the rule and the output both fail.
    let answer = """
      final class Search {
        var cancellable: AnyCancellable?
        init() {
          cancellable = typing
            .throttle(for: .milliseconds(300), scheduler: RunLoop.main, latest: true)
            .sink { _ in }
        }
      }
      let search = Search()
      """
    let result = try check(answer)
    #expect(result.problems.contains(.missingOperator("debounce")), "\(result.problems)")
    #expect(result.problems.contains { if case .mismatch = $0 { true } else { false } })
  }

  @Test func aSubscriptionMadeLaterInTheSwiftMissesTheSubjectsEarlierSends() throws {
    // Lesson 8's "A late subscriber": `taps` is a subject the given sends to at
    // 100, 300 and 500ms; the Swift subscribes at 350ms, in statement order.
    let lesson = try CurriculumAnswers.lesson("08")
    let exercise = try #require(lesson.exercises.first { $0.title == "A late subscriber" })
    let late = """
      var cancellable: AnyCancellable?
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(350)) {
        cancellable = taps.sink { print($0) }
      }
      """
    let passed = LessonFixtures.checker.check(exercise, answer: late)
    #expect(passed.passed, "\(passed.problems)")
    // Subscribed at once, it gets "a" and "b" too: the check says so.
    let early = "let cancellable = taps.sink { print($0) }"
    let failed = LessonFixtures.checker.check(exercise, answer: early)
    #expect(!failed.passed)
    #expect(failed.summary.hasPrefix(#"expected "c" at 500ms, got "a" at 100ms"#), "\(failed.summary)")
  }
}
