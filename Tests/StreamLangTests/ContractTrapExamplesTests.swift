import StreamCore
import Testing

@testable import StreamLang

/// The programs that killed streamlab with SIGILL inside OpenCombine, and
/// what Apple's Combine gives for each instead.
@Suite struct ContractTrapExamplesTests {
  struct Example: CustomTestStringConvertible, Sendable {
    let program: String
    let output: String
    var testDescription: String { program }
  }

  static let examples: [Example] = [
    // Zip subscribes `empty`, which finishes at once: zip finishes, after handing over its subscription.
    // (A pair is not Equatable in Swift, so the pair becomes one Int before removeDuplicates.)
    .init(program: "empty | zip { just 1 } | map x.1 | removeDuplicates", output: "0ms |"),
    .init(
      program: #"fail "x" | zip { interval 50ms | mapError x } | map x.1 | removeDuplicates"#, output: #"0ms #"x""#),
    .init(program: "empty | zip { interval 50ms } | prefix while x.1 < 3", output: "0ms |"),
    // Zip fails at once; catch replaces the failure with its fallback.
    .init(program: #"fail "x" | zip { just 1 | mapError x } | map x.1 | catch { just 7 }"#, output: "0ms 7, 0ms |"),
    // replaceEmpty passes 0 on only once asked for it; retry never sees its upstream fail.
    .init(program: "just 0 | replaceEmpty 9 | retry 1 | zip { just 1 }", output: "0ms (0, 1), 0ms |"),
    .init(program: "just 0 | replaceEmpty 9 | retry 1 | combineLatest { just 1 }", output: "0ms (0, 1), 0ms |"),
    // An empty upstream: the replacement goes out when zip asks for one element.
    .init(program: "empty | replaceEmpty 9 | zip { just 1 }", output: "0ms (9, 1), 0ms |"),
    // Three and four inputs: the shortest input ends the zip once its last element is paired.
    .init(
      program: "just 1,2,3 | zip { just 4,5 }, { interval 50ms }", output: "50ms (1, 4, 0), 100ms (2, 5, 1), 100ms |"),
    .init(program: "just 1 | zip { empty }, { just 2 }, { just 3 }", output: "0ms |"),
  ]

  @Test(arguments: examples)
  func runsAsAppleCombineDoes(_ example: Example) throws {
    let (result, diagnostics) = runProgram(example.program)
    let run = try #require(result, "\(diagnostics)")
    #expect(run.contractViolations == [])
    #expect(run.outputs.map(compact) == [example.output])
  }
}
