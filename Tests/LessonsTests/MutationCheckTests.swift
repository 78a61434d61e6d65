import StreamCore
import StreamLab
import StreamLang
import Testing

@testable import Lessons

/// Mutation testing of one exercise: near misses that pass must be equivalent to the solution.
@Suite struct MutationCheckTests {
  /// Lesson 4's exercise 2 as it was: `short` finishes while every debounce
  /// interval is still waiting, so any interval above 100ms gives the same output.
  static let weakDebounce = """
    title: Waiting for silence

    exercise: Where did my last value go?
    given: let short = events 0ms:"s", 100ms:"sw", 200ms:"swi", 300ms:|
    task: Apply `debounce 300ms` to `short`.
    expect: 300ms:|
    require: debounce
    hint: The waiting value is dropped at completion.
    hint: `debounce` only sends a value after a whole interval of silence.
    solution: short | debounce 300ms
    answer:

    """

  static let strongDebounce = weakDebounce.replacingOccurrences(
    of: "200ms:\"swi\", 300ms:|", with: "500ms:\"swi\", 700ms:|"
  ).replacingOccurrences(of: "expect: 300ms:|", with: "expect: 400ms:\"sw\", 700ms:|")

  static let checker = ExerciseChecker(runner: InterpreterRunner(swiftAnswers: SwiftImportAnswers()))

  @Test func aMutantThatPassesButComputesSomethingElseSurvivesWithAnInputThatTellsThemApart() throws {
    let exercise = try #require(try LessonFixtures.lesson(Self.weakDebounce).exercises.first)
    let results = MutationCheck(checker: Self.checker).results(for: exercise)
    let halved = try #require(results.first { $0.mutant.text == "short | debounce 150ms" })
    let (probe, solution, mutant) = try #require(halved.verdict.survival, "got \(halved.verdict)")
    #expect(solution != mutant)
    let solutionOnProbe = MutationCheck(checker: Self.checker).output(
      of: "short | debounce 300ms", givens: probe.givens)
    let mutantOnProbe = MutationCheck(checker: Self.checker).output(of: "short | debounce 150ms", givens: probe.givens)
    #expect(solutionOnProbe == solution)
    #expect(mutantOnProbe == mutant)
    let message = try #require(halved.survivorMessage)
    #expect(message.contains("`short | debounce 150ms`"))
    #expect(message.contains(probe.givens))
  }

  @Test func lessonVerifyFailsTheExerciseAndNamesTheWrongAnswer() throws {
    let report = LessonVerifier(checker: Self.checker).verify(try LessonFixtures.lesson(Self.weakDebounce))
    let entry = try #require(report.entries.first)
    #expect(!entry.passed)
    #expect(entry.message.contains("`short | debounce 150ms`"))
    #expect(entry.message.contains("`short | debounce 600ms`"))
  }

  @Test func inputsThatTellTheIntervalsApartKillEveryMutant() throws {
    let exercise = try #require(try LessonFixtures.lesson(Self.strongDebounce).exercises.first)
    let results = MutationCheck(checker: Self.checker).results(for: exercise)
    #expect(results.count == 6)
    #expect(results.allSatisfy { $0.verdict == .killedOnOutput })
    #expect(LessonVerifier(checker: Self.checker).verify(try LessonFixtures.lesson(Self.strongDebounce)).allPassed)
  }

  @Test func replaceErrorAndCatchJustAreEquivalent() throws {
    let lesson = """
      title: Errors

      exercise: Cached
      given: let request = events 100ms:"a", 300ms:#"offline"
      task: Replace the failure by "cached".
      expect: 100ms:"a", 300ms:"cached", 300ms:|
      solution: request | replaceError "cached"
      answer:

      """
    let exercise = try #require(try LessonFixtures.lesson(lesson).exercises.first)
    let results = MutationCheck(checker: Self.checker).results(for: exercise)
    let viaCatch = try #require(results.first { $0.mutant.text == "request | catch { just \"cached\" }" })
    #expect(viaCatch.verdict == .equivalent)
  }

  @Test func probesVaryOneSourceAtATime() {
    let probes = InputProbes.probes(of: "let s = events 0ms:1, 100ms:2, 300ms:|")
    let byChange = Dictionary(probes.map { ($0.change, $0.givens) }, uniquingKeysWith: { first, _ in first })
    #expect(byChange["s: times × 2"] == "let s = events 0ms:1, 200ms:2, 600ms:|")
    #expect(byChange["s: values reversed"] == "let s = events 0ms:2, 100ms:1, 300ms:|")
    #expect(byChange["s: never completes"] == "let s = events 0ms:1, 100ms:2")
    #expect(byChange["s: fails instead of finishing"] == "let s = events 0ms:1, 100ms:2, 300ms:#\"probe\"")
    #expect(byChange["s: finishes with its last value"] == "let s = events 0ms:1, 100ms:2, 100ms:|")
  }
}

extension MutantVerdict {
  /// The probe and both outputs of a surviving mutant; nil for any other verdict.
  fileprivate var survival: (InputProbe, [TimelineEvent]?, [TimelineEvent]?)? {
    if case .survives(let probe, let solution, let mutant) = self { return (probe, solution, mutant) }
    return nil
  }
}

/// Probe inputs vary the values' content too (issue 27, item 10): a near
/// miss that only agrees with the solution because the givens' text is
/// already lower case, or their numbers positive, is caught.
@Suite struct ValueContentProbeTests {
  static let lowercasing = """
    title: Text

    exercise: Lower case
    given: let a = just "ipad", "mac"
    task: Send every text of `a` in lower case.
    hint: There is a method on String for it.
    hint: `map` it.
    solution: a | map x.lowercased()
    answer:

    """

  @Test func aBareSourceThatPassesOnLowerCaseGivensSurvivesOnUpperCaseText() throws {
    let exercise = try #require(try LessonFixtures.lesson(Self.lowercasing).exercises.first)
    let results = MutationCheck(checker: MutationCheckTests.checker).results(for: exercise)
    let bare = try #require(results.first { $0.mutant.text == "a" }, "mutants: \(results.map(\.mutant.text))")
    let (probe, solution, mutant) = try #require(bare.verdict.survival, "got \(bare.verdict)")
    #expect(probe.change == "a: text in upper case")
    #expect(probe.givens == #"let a = just "IPAD", "MAC""#)
    #expect(solution != mutant)
  }

  @Test func lessonVerifyRejectsGivensThatCannotTellLowercasingFromNothing() throws {
    let report = LessonVerifier(checker: MutationCheckTests.checker).verify(try LessonFixtures.lesson(Self.lowercasing))
    let entry = try #require(report.entries.first)
    #expect(!entry.passed)
    #expect(entry.message.contains("`a`"))
  }

  @Test(arguments: [
    (#"just "ab", "Cd""#, ["text in upper case", "text in lower case", "text capitalized", "value 1 an empty text"]),
    ("just 3, -2", ["numbers with the other sign"]),
    ("just 0", [String]()),
  ])
  func contentVariationsChangeOnlyWhatTheyName(source: String, changes: [String]) throws {
    let parsed = Parser.parse(source)
    let pipeline = try #require(
      parsed.program.statements.first.flatMap { statement -> Pipeline? in
        if case .subscription(let pipeline, _, _) = statement { return pipeline }
        return nil
      })
    let values = try #require(
      { () -> [Expr]? in
        if case .just(let values) = pipeline.source.kind { return values }
        return nil
      }())
    #expect(SourceVariation.contentVariations(values).map(\.change) == changes)
  }
}
