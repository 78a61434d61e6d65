import Testing

@testable import Lessons

/// The near misses made of a solution, one change each, printed back as programs.
@Suite struct MutantGeneratorTests {
  static func texts(_ solution: String, names: [String] = ["typing", "a", "b", "sales", "queries"]) -> [String] {
    MutantGenerator.mutants(of: solution, boundNames: names).map(\.text)
  }

  @Test func debounceGetsThrottleBothLatestsDelayHalfDoubleAndNothing() {
    #expect(
      Self.texts("typing | debounce 300ms") == [
        "typing", "typing | throttle 300ms", "typing | throttle 300ms latest: false", "typing | delay 300ms",
        "typing | debounce 150ms", "typing | debounce 600ms",
      ])
  }

  @Test func throttleFlipsLatestAndBecomesDebounce() {
    let texts = Self.texts("typing | throttle 200ms latest: false")
    #expect(texts.contains("typing | throttle 200ms"))
    #expect(texts.contains("typing | debounce 200ms"))
  }

  @Test func flatMapAndMapSwitchToLatestBecomeEachOther() {
    let flat = Self.texts("queries | flatMap { just x | delay 100ms }")
    #expect(flat.contains("queries | map { just x | delay 100ms } | switchToLatest"))
    #expect(flat.contains("queries | flatMap max 1 { just x | delay 100ms }"))
    #expect(flat.contains("queries | flatMap { just x }"))
    #expect(flat.contains("queries | flatMap { just x | delay 50ms }"))
    let switched = Self.texts("queries | map { x in { just x | delay 100ms } } | switchToLatest")
    #expect(switched.contains("queries | flatMap { x in { just x | delay 100ms } }"))
  }

  @Test func mergeZipAndCombineLatestBecomeEachOther() {
    #expect(Self.texts("a | merge b").contains("a | zip b"))
    #expect(Self.texts("a | merge b").contains("a | combineLatest b"))
    #expect(Self.texts("a | zip { b | map x }").contains("a | merge { b | map x }"))
    #expect(Self.texts("a | combineLatest b | map x.0").contains("a | zip b | map x.0"))
  }

  @Test func zipAndCombineLatestGetTheirInputsSwapped() {
    #expect(Self.texts("a | combineLatest b | map x.0").contains("b | combineLatest a | map x.0"))
    #expect(Self.texts("a | zip { b | map x }").contains("{ b | map x } | zip a"))
  }

  @Test func neighbouringStagesSwapPlaces() {
    #expect(
      Self.texts("typing | debounce 300ms | removeDuplicates").contains("typing | removeDuplicates | debounce 300ms"))
    #expect(Self.texts("a | retry 2 | replaceError 0").contains("a | replaceError 0 | retry 2"))
  }

  @Test func anErrorHandlerMovesOutOfTheBracesButADelayStaysIn() {
    let texts = Self.texts("queries | flatMap { just x | delay 100ms | replaceError \"e\" }")
    #expect(texts.contains("queries | flatMap { just x | delay 100ms } | replaceError \"e\""))
    #expect(
      !Self.texts("queries | flatMap { just x | delay 100ms }").contains("queries | flatMap { just x } | delay 100ms"))
    #expect(
      Self.texts("queries | map { x in { just x | prepend \"loading\" } } | switchToLatest").contains(
        "queries | map { x in { just x } } | switchToLatest | prepend \"loading\""))
  }

  @Test func countsGoOneUpAndOneDownButNotBelowWhatBuilds() {
    #expect(Self.texts("a | prefix 3").contains("a | prefix 2"))
    #expect(Self.texts("a | prefix 3").contains("a | prefix 4"))
    #expect(Self.texts("a | dropFirst").contains("a | dropFirst 2"))
    #expect(!Self.texts("a | collect 1").contains("a | collect 0"))
  }

  @Test func replaceErrorAndCatchJustBecomeEachOther() {
    #expect(Self.texts("a | replaceError \"x\"").contains("a | catch { just \"x\" }"))
    #expect(Self.texts("a | catch { just \"x\" }").contains("a | replaceError \"x\""))
  }

  @Test func scanForgetsItsAccumulatorAndBecomesReduce() {
    #expect(Self.texts("sales | scan 0, acc + x").contains("sales | map 0 + x"))
    #expect(Self.texts("sales | scan 0, acc + x").contains("sales | reduce 0, acc + x"))
    #expect(Self.texts("sales | scan 10, { total, n in total * n }").contains("sales | map { n in 10 * n }"))
  }

  @Test func subscriptionTimesChangeAndCanBeLeftOut() {
    let texts = Self.texts("typing @250ms")
    #expect(texts == ["typing", "typing @125ms", "typing @500ms"])
  }

  @Test func mutantsInsideNestedPipelinesKeepTheRestAsWritten() {
    #expect(
      Self.texts("queries | flatMap { just x | delay 100ms | replaceError \"e\" } | prefix 2").contains(
        "queries | flatMap { just x | delay 100ms | catch { just \"e\" } } | prefix 2"))
  }

  @Test func hugeCountsAndTimesMakeMutantsWithoutOverflowing() {
    let texts = Self.texts("a | prefix 9223372036854775807")
    #expect(texts.contains("a | prefix 9223372036854775806"))
    #expect(!texts.contains { $0.contains("9223372036854775808") })
    #expect(!InputProbes.probes(of: "let s = events 0ms:1, 9000000000000ms:|").isEmpty)
  }

  @Test func aSolutionThatDoesNotParseHasNoMutants() {
    #expect(Self.texts("typing | debounce").isEmpty)
  }
}
