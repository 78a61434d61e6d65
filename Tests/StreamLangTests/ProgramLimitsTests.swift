import StreamCore
import Testing

@testable import StreamLang

/// Each limit of `ProgramLimits`: a program at the limit runs, one past it
/// is refused with a message saying which limit, at the place it was passed.
@Suite struct ProgramLimitsTests {
  /// `just 1` then `count` stages of `map x + 1`.
  static func chain(_ count: Int, from source: String = "just 1") -> String {
    source + String(repeating: " | map x + 1", count: count)
  }

  /// The diagnostics of a program that must not run, with their text.
  static func refusal(_ text: String, interpreter: inout Interpreter) throws -> (Diagnostic, String) {
    guard case .invalid(let diagnostics) = interpreter.run(text) else {
      throw LimitNotEnforced()
    }
    let first = try #require(diagnostics.first)
    return (first, diagnostics.rendered(in: text))
  }

  /// The run of a program that must run.
  static func run(_ text: String, interpreter: inout Interpreter) throws -> RunResult {
    switch interpreter.run(text) {
    case .ran(let result, _): return result
    case .invalid(let diagnostics): throw DidNotRun(diagnostics: diagnostics.rendered(in: text))
    }
  }

  struct LimitNotEnforced: Error {}
  struct DidNotRun: Error { var diagnostics: String }

  @Test func aProgramOfTwentyThousandStagesRuns() {
    // The source and 19,999 maps: 20,000 stages; 1 plus 19,999 ones.
    #expect(outputs(of: Self.chain(19_999)) == ["0ms 20000, 0ms |"])
  }

  @Test func theStageOneOverTheLimitIsNamed() throws {
    var interpreter = Interpreter()
    let text = Self.chain(20_000)
    let (diagnostic, rendered) = try Self.refusal(text, interpreter: &interpreter)
    #expect(diagnostic.message == "this program builds more than 20,000 stages, the most one program may build")
    // The 20,000th `map`, the 20,001st stage, is where the limit is passed.
    let lastMap = text.utf8.count - "map x + 1".utf8.count
    #expect(diagnostic.range.start == lastMap)
    #expect(rendered.contains("`:help limits`"))
  }

  @Test func aBoundPipelineCountsEachTimeItIsUsed() throws {
    var interpreter = Interpreter()
    // 10,000 stages bound in one input; used twice in the next: 20,001.
    _ = try Self.run("let a = " + Self.chain(9_999), interpreter: &interpreter)
    #expect(outputs(of: "let a = \(Self.chain(4_999)); a | merge a").count == 1)
    let (diagnostic, _) = try Self.refusal("a | merge a", interpreter: &interpreter)
    #expect(diagnostic.message.hasPrefix("this program builds more than 20,000 stages"))
    // The binding survives the refusal.
    let result = try Self.run("a | count", interpreter: &interpreter)
    #expect(result.outputs.map(compact) == ["0ms 1, 0ms |"])
  }

  @Test func bindingsThatDoubleEachOtherAreRefusedWithoutBuildingThem() throws {
    // 2^60 stages if built: counting stays linear because each binding's
    // count is remembered, and the run is refused before anything is built.
    var lines = ["let a0 = just 1"]
    for level in 1...60 { lines.append("let a\(level) = a\(level - 1) | merge a\(level - 1)") }
    lines.append("a60")
    var interpreter = Interpreter()
    let (diagnostic, _) = try Self.refusal(lines.joined(separator: "\n"), interpreter: &interpreter)
    #expect(diagnostic.message.hasPrefix("this program builds more than 20,000 stages"))
  }

  @Test func nestedPipelinesCount() throws {
    var interpreter = Interpreter()
    // `just`, `flatMap`, and the inner `just` with 19,997 maps: 20,000.
    let nested = "just 1 | flatMap { \(Self.chain(19_997)) }"
    let result = try Self.run(nested, interpreter: &interpreter)
    #expect(result.outputs.map(compact) == ["0ms 19998, 0ms |"])
    let (diagnostic, _) = try Self.refusal("just 1 | flatMap { \(Self.chain(19_998)) }", interpreter: &interpreter)
    #expect(diagnostic.message.hasPrefix("this program builds more than 20,000 stages"))
  }

  @Test func tenThousandStatementsRunAndOneMoreIsRefused() throws {
    let statements = Array(repeating: "just 1", count: 10_000).joined(separator: "\n")
    #expect(outputs(of: statements).count == 10_000)
    var interpreter = Interpreter()
    let (diagnostic, rendered) = try Self.refusal(statements + "\nempty", interpreter: &interpreter)
    #expect(diagnostic.message == "this program has more than 10,000 statements, the most one program may have")
    #expect(rendered.hasPrefix("10001:1: error:"))
  }

  @Test func tenThousandOperatorsInARowAreEvaluated() {
    // x + x + … with 10,001 terms and x = 1.
    let sum = "just 1 | map " + String(repeating: "x + ", count: 10_000) + "x"
    #expect(outputs(of: sum) == ["0ms 10001, 0ms |"])
  }

  @Test(arguments: [10_001, 50_000])
  func moreOperatorsInARowAreTooLongNotTooNested(terms: Int) throws {
    var interpreter = Interpreter()
    let sum = "just 1 | map " + String(repeating: "x + ", count: terms) + "x"
    let (diagnostic, rendered) = try Self.refusal(sum, interpreter: &interpreter)
    #expect(diagnostic.message == "this expression is too long (more than 10,000 operators in a row)")
    #expect(!rendered.contains("nested"))
  }

  @Test func ninetyNineParenthesesRunAndAHundredAreTooNested() throws {
    let fits = "just " + String(repeating: "(", count: 99) + "7" + String(repeating: ")", count: 99)
    #expect(outputs(of: fits) == ["0ms 7, 0ms |"])
    var interpreter = Interpreter()
    let deep = "just " + String(repeating: "(", count: 100) + "7" + String(repeating: ")", count: 100)
    let (diagnostic, _) = try Self.refusal(deep, interpreter: &interpreter)
    #expect(diagnostic.message == "the program is nested too deeply (more than 200 levels)")
  }
}
