import StreamLab
import Testing

@testable import Lessons

/// `streamlab lesson mutants`: each near miss with its verdict, and the corpus lines.
@Suite struct LessonMutantsToolTests {
  static let tools = LessonTools.standard(width: 80)

  @Test func listsEveryMutantWithItsVerdictAndFailsWhenOneSurvives() {
    let outcome = Self.tools.mutants([("lesson04.txt", MutationCheckTests.weakDebounce)])
    let lines = outcome.standardOutput.split(separator: "\n").filter { !$0.hasPrefix("    ") }
    #expect(
      lines == [
        "lesson04.txt\t1\tkilled on output\twithout `debounce 300ms`\tshort",
        "lesson04.txt\t1\tkilled on output\t`debounce 300ms` → `throttle 300ms`\tshort | throttle 300ms",
        "lesson04.txt\t1\tkilled on output\t`debounce 300ms` → `throttle 300ms latest: false`\tshort | throttle 300ms latest: false",
        "lesson04.txt\t1\tkilled on output\t`debounce 300ms` → `delay 300ms`\tshort | delay 300ms",
        "lesson04.txt\t1\tsurvives\t300ms → 150ms\tshort | debounce 150ms",
        "lesson04.txt\t1\tsurvives\t300ms → 600ms\tshort | debounce 600ms",
      ])
    #expect(
      outcome.standardError
        == "6 mutants (4 killed on output, 2 survives); 1 exercises accept one that computes something else\n")
    #expect(outcome.exitCode == 1)
  }

  @Test func corpusPrintsOnlyTheMutantsRejectedByTheirOutputAsFixtureLines() {
    let outcome = Self.tools.mutants([("lessons/lesson04.txt", MutationCheckTests.strongDebounce)], corpus: true)
    #expect(
      outcome.standardOutput == """
        04\t1\tshort
        04\t1\tshort | throttle 300ms
        04\t1\tshort | throttle 300ms latest: false
        04\t1\tshort | delay 300ms
        04\t1\tshort | debounce 150ms
        04\t1\tshort | debounce 600ms

        """)
    #expect(outcome.exitCode == 0)
  }
}
