import StreamCore
import StreamLab
import Testing

@testable import Lessons

/// A `solution:` written in Swift (lesson 13's last exercises): it runs as a
/// Swift answer does, gives the expected events and lifetimes, is checked by
/// `lesson verify` where it is written, and is mutation-tested by the near
/// misses of its own kind (`SwiftMutants`). The release times are those of
/// the corpus's pastes 76 and 79, which swiftc's build prints.
@Suite struct SwiftSolutionTests {
  static let lesson = """
    lesson: 99
    title: Swift solutions

    exercise: Weak
    given: let ticks = interval 1s
    task: Count the ticks in a clock released at 2500ms.
    hint: Capture self weakly.
    hint: Store the subscription in the set.
    solution: final class Clock {
        var seconds = 0
        private var cancellables = Set<AnyCancellable>()
        init() {
          ticks.sink { [weak self] _ in
            guard let self else { return }
            self.seconds += 1
          }.store(in: &cancellables)
        }
      }
      var clock: Clock? = Clock()
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(2500)) { clock = nil }
    answer:

    """

  static func at(_ milliseconds: Int) -> VirtualTime { VirtualTime.zero.advanced(by: .milliseconds(milliseconds)) }

  @Test func theSolutionGivesTheEventsAndTheRelease() throws {
    let exercise = try LessonFixtures.lesson(Self.lesson, fileName: "lesson99.txt").exercises[0]
    let expected = try LessonFixtures.checker.expected(for: exercise).get()
    #expect(
      expected.events
        == [
          TimelineEvent(time: Self.at(1000), kind: .value(.int(0))),
          TimelineEvent(time: Self.at(2000), kind: .value(.int(1))),
        ])
    #expect(expected.lifetimes == [LifetimeExpectation(name: "Clock", ending: .deinitAt(Self.at(2500)))])
  }

  @Test func aBrokenSwiftSolutionIsReportedOnItsLine() {
    let broken = Self.lesson.replacingOccurrences(of: "self.seconds += 1", with: "self.secnds += 1")
    let errors = LessonValidator(runner: InterpreterRunner(swiftAnswers: SwiftImportAnswers())).validate(
      LessonParser(mode: .lesson).parse(broken, fileName: "lesson99.txt").file)
    #expect(errors.count == 1)
    #expect(errors.first?.position.line == 15, "\(errors)")
    #expect(errors.first?.message.contains("does not know `.secnds` of Clock") == true, "\(errors)")
    #expect(errors.first?.message.hasPrefix("`solution:`") == true, "\(errors)")
  }

  @Test func theMutantsLeaveOutTheWeakCaptureAndTheStoreMoveTheReleaseAndAllFail() throws {
    let exercise = try LessonFixtures.lesson(Self.lesson, fileName: "lesson99.txt").exercises[0]
    let results = MutationCheck(checker: LessonFixtures.checker).results(for: exercise)
    // The release at 2500ms moved to half and double the time is a near miss too (`SwiftBehaviourMutants`).
    #expect(
      results.map(\.mutant.change) == [
        "`[weak self]` left out", "`.store(in: &cancellables)` left out",
        "line 12: `.milliseconds(2500)` → `.milliseconds(1250)`",
        "line 12: `.milliseconds(2500)` → `.milliseconds(5000)`",
      ])
    #expect(results.allSatisfy { $0.verdict == .killedOnOutput }, "\(results.map(\.verdict))")
    // Without `[weak self]` the closure uses `self` as it is, so the mutant still compiles.
    let strong = try #require(results.first?.mutant.text)
    #expect(!strong.contains("guard let self") && strong.contains("self.seconds += 1") && !strong.contains("[weak"))
  }

  @Test func theTwoAssignsSwapBothWays() {
    let published = "init() { ticks.assign(to: &$time) }"
    #expect(
      SwiftMutants.mutants(of: published).map(\.text) == [#"init() { ticks.assign(to: \.time, on: self) }"#])
    let stored = """
      private var cancellables = Set<AnyCancellable>()
      init() { ticks.assign(to: \\.time, on: self).store(in: &cancellables) }
      """
    #expect(
      SwiftMutants.mutants(of: stored).map(\.change) == [
        "`.store(in: &cancellables)` left out",
        #"`.assign(to: \.time, on: self).store(in: &cancellables)` → `.assign(to: &$time)`"#,
      ])
  }
}
