import Testing

@testable import StreamLab

@Suite struct OpenInputTests {
  @Test(arguments: [
    ("just 1,2,3 | map x*2", false),
    ("just 1,2,3 |", true),
    ("just 1,2,3 |   ", true),
    ("just 1 | map x*2 // a comment |", false),
    ("just 1 // ends with a pipe in a comment |\n", false),
    ("just 1 | filter x > 0 ||", true),
    ("let q = events 0ms:\"ipad\", 400ms:|", false),
    ("let s = subject 100ms:1, 400ms: |", false),
    ("marbles \"-a-b|\"", false),
    ("marbles \"-a-b|", false),
    ("q | flatMap { just \"a\n", false),
    ("just \"say \\\"hi\\\"\"", false),
    ("just \"say \\\"hi", false),
    ("q | flatMap {", true),
    ("q | flatMap { just x\n| delay 300ms }", false),
    ("just [1, 2", true),
    ("just (1,", true),
    ("just 1)", false),
    ("just 1 | map { x in x + 1 }}", false),
    ("", false),
  ])
  func needsMoreInput(text: String, expected: Bool) {
    #expect(OpenInput(text).needsMoreInput == expected)
  }

  @Test func unclosedBracketsAreListedInnermostLast() {
    #expect(OpenInput("a | merge { b | map [ (").brackets == ["{", "[", "("])
  }

  @Test func extraClosingBracketIsReportedNotContinued() {
    let scan = OpenInput("just 1 | map x) |")
    #expect(scan.isUnbalanced)
    #expect(!scan.needsMoreInput)
  }
}
