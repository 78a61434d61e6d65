import StreamCore
import Testing

@testable import StreamLang

/// Every example DSL.md marks **must run**, with what each of its subscribers
/// receives, worked out by hand from Combine's rules.
///
/// `prefix(n)` (`take n`) finishes right after element n, as Apple's Combine
/// does (OpenCombine 0.14.0's waits for element n+1; streamlab shows Apple's).
@Suite struct MustRunExamplesTests {
  struct Example: CustomTestStringConvertible, Sendable {
    let program: String
    let outputs: [String]
    var testDescription: String { program }
  }

  static let examples: [Example] = [
    .init(program: "just 1,2,3 | map x*2 | debounce 300ms", outputs: ["0ms |"]),
    .init(program: "range 1...5 | filter x % 2 == 0", outputs: ["0ms 2, 0ms 4, 0ms |"]),
    .init(program: "fail \"boom\" | replaceError 0", outputs: ["0ms 0, 0ms |"]),
    .init(
      program: "interval 100ms | take 5",
      outputs: ["100ms 0, 200ms 1, 300ms 2, 400ms 3, 500ms 4, 500ms |"]),
    .init(program: "timer 500ms | map x + 1", outputs: ["500ms 1, 500ms |"]),
    .init(
      program: "marbles \"-1-2-3|\" frame 50ms | scan 0, acc + x",
      outputs: ["50ms 1, 150ms 3, 250ms 6, 300ms |"]),
    .init(
      program: "events 0ms:\"i\", 100ms:\"ip\", 450ms:\"iph\", 900ms:| | debounce 300ms",
      outputs: ["400ms \"ip\", 750ms \"iph\", 900ms |"]),
    .init(
      program: "let s = subject 100ms:1, 250ms:2, 400ms:|; s; s @200ms",
      outputs: ["100ms 1, 250ms 2, 400ms |", "250ms 2, 400ms |"]),
    .init(program: "let c = current 0, 100ms:1; c @50ms; c @200ms", outputs: ["50ms 0, 100ms 1", "200ms 1"]),
    .init(program: "let f = future 200ms 42; f @300ms", outputs: ["300ms 42, 300ms |"]),
    // DSL.md's example merges letters with digits. Marbles are characters
    // drawn in a diagram: b's digits are Strings because `merge(with:)` needs
    // P.Output == Output, and b is built as Strings in every use, so zip and
    // combineLatest pair Strings too (issue 15).
    .init(
      program:
        "let a = marbles \"-a---b-|\"; let b = marbles \"--1-2---|\"; a | merge b; a | zip b; a | combineLatest b",
      outputs: [
        "100ms \"a\", 200ms \"1\", 400ms \"2\", 500ms \"b\", 800ms |",
        "200ms (\"a\", \"1\"), 500ms (\"b\", \"2\"), 700ms |",
        "200ms (\"a\", \"1\"), 400ms (\"a\", \"2\"), 500ms (\"b\", \"2\"), 800ms |",
      ]),
    // Digits nothing asks as Strings stay Ints.
    .init(
      program: "let a = marbles \"-a---b-|\"; let b = marbles \"--1-2---|\"; a | zip b",
      outputs: ["200ms (\"a\", 1), 500ms (\"b\", 2), 700ms |"]),
    .init(
      program: """
        let q = events 0ms:"ipad", 100ms:"iphone", 400ms:|
        q | map { x in { just x + "!" | delay x.count * 100ms } } | switchToLatest
        q | flatMap { just $0 | delay 300ms }
        """,
      outputs: ["700ms \"iphone!\", 700ms |", "300ms \"ipad\", 400ms \"iphone\", 400ms |"]),
    .init(
      program: "marbles \"-1-2-#\" | retry 1",
      outputs: ["100ms 1, 300ms 2, 600ms 1, 800ms 2, 1000ms #\"error\""]),
    .init(
      program: "interval 100ms | take 5 | throttle 250ms latest: false",
      outputs: ["100ms 0, 350ms 1, 600ms 3, 600ms |"]),
    .init(
      program: "let s = interval 100ms | take 4 | share; s; s @250ms",
      outputs: ["100ms 0, 200ms 1, 300ms 2, 400ms 3, 400ms |", "300ms 2, 400ms 3, 400ms |"]),
  ]

  @Test(arguments: examples)
  func example(_ example: Example) {
    #expect(outputs(of: example.program) == example.outputs)
  }

  /// The types the checker gives DSL.md's combining example are the values the run sends.
  @Test func dslMergeOfLettersAndDigitsIsTypedAsStringsAndRunsAsStrings() throws {
    let program = "let a = marbles \"-a---b-|\"; let b = marbles \"--1-2---|\"; a | merge b"
    let parsed = Parser.parse(program)
    try #require(parsed.diagnostics.isEmpty)
    let typed = try TypeChecker.check(parsed.program)
    #expect(typed.shown.map { $0.stages.map(\.type.spelling) } == [["<String, Never>", "<String, Never>"]])
    #expect(typed.stringMarbles.map(\.diagram) == ["--1-2---|"])
    #expect(outputs(of: program) == ["100ms \"a\", 200ms \"1\", 400ms \"2\", 500ms \"b\", 800ms |"])
  }

}
