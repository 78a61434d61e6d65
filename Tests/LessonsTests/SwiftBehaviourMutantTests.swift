import Testing

@testable import Lessons

/// The near misses of Swift Combine code a test must catch: each changes one
/// thing, names it with its line, and leaves a program Swift compiles
/// (throttle has no `options:`, debounce no `latest:`).
@Suite struct SwiftBehaviourMutantTests {
  static func changes(_ code: String) -> [String: String] {
    Dictionary(uniqueKeysWithValues: SwiftBehaviourMutants.mutants(of: code).map { ($0.change, $0.text) })
  }

  @Test func durationsAreHalvedAndDoubled() {
    let found = Self.changes("let a = s\n  .delay(for: .seconds(3), scheduler: q)")
    #expect(found["line 2: `.seconds(3)` → `.seconds(1)`"] == "let a = s\n  .delay(for: .seconds(1), scheduler: q)")
    #expect(found["line 2: `.seconds(3)` → `.seconds(6)`"] == "let a = s\n  .delay(for: .seconds(6), scheduler: q)")
    // Half of 1 is no duration.
    #expect(
      Self.changes("s.delay(for: .milliseconds(1), scheduler: q)").keys.sorted() == [
        "line 1: `.milliseconds(1)` → `.milliseconds(2)`"
      ])
  }

  @Test func debounceAndThrottleTradePlacesWithTheArgumentsEachTakes() {
    let debounce = Self.changes("s.debounce(for: .milliseconds(300), scheduler: q, options: nil).sink { _ in }")
    #expect(
      debounce["line 1: `.debounce(…)` → `.throttle(…, latest: true)`"]
        == "s.throttle(for: .milliseconds(300), scheduler: q, latest: true).sink { _ in }")
    let throttle = Self.changes("s.throttle(for: .seconds(1), scheduler: q, latest: false)")
    #expect(
      throttle["line 1: `latest: false` → `latest: true`"] == "s.throttle(for: .seconds(1), scheduler: q, latest: true)"
    )
    #expect(throttle["line 1: `.throttle(…)` → `.debounce(…)`"] == "s.debounce(for: .seconds(1), scheduler: q)")
  }

  @Test func filteringStagesAreLeftOutAndCountsMoveByOne() {
    let found = Self.changes(
      "s\n  .dropFirst()\n  .removeDuplicates()\n  .prefix(3)\n  .buffer(size: 1, prefetch: .byRequest, whenFull: .dropOldest)"
    )
    #expect(
      found["line 2: `.dropFirst()` left out"]
        == "s\n  .removeDuplicates()\n  .prefix(3)\n  .buffer(size: 1, prefetch: .byRequest, whenFull: .dropOldest)")
    #expect(found["line 3: `.removeDuplicates()` left out"] != nil)
    #expect(found["line 4: `.prefix(3)` → `.prefix(2)`"] != nil)
    #expect(found["line 4: `.prefix(3)` → `.prefix(4)`"] != nil)
    // A buffer of none is no buffer: only the larger one.
    #expect(found.keys.filter { $0.contains("buffer") } == ["line 5: `.buffer(size: 1…` → `.buffer(size: 2…`"])
  }
}
