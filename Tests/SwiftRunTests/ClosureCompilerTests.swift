import StreamCore
import SwiftRun
import Testing

/// A closure of one expression is compiled once (`ClosureCompiler`); one of
/// several statements is walked as a tree. Both must give the same values,
/// and the same runtime error at the same value, for every expression the
/// compiler takes: the same expression is run both ways and compared.
@Suite struct ClosureCompilerTests {
  static let expressions = [
    "$0 * 2", "$0 % 3 == 0", "$0 > 2 ? \"big\" : \"small\"", "-$0 + 1", "($0, $0 * 10)", "[$0, $0]",
    "$0 / ($0 - 3)", "Int.max - 5 + $0", "!($0 == 2) && $0 < 4 || $0 == 7", "factor * $0",
    "\"n\" == \"n\" ? $0 : 0", "Double($0) / 2.0",
  ]

  /// What a paste mapping the values through `body` prints, and how its run ended.
  static func printed(mapping body: String) -> [String] {
    let swift = """
      let factor = 3
      let c = [1, 2, 3, 4, 5, 6, 7].publisher.map { \(body) }.sink { print($0) }
      """
    switch SwiftRun.run(swift) {
    case .ran(let result, _):
      // The stage's label is the closure's text, which differs by design.
      guard case .runtimeError(let error) = result.stop else {
        return result.log.map(\.text) + ["stop: \(result.stop)"]
      }
      return result.log.map(\.text) + ["error: \(error.message) at \(error.time) on \(String(describing: error.value))"]
    case .refused(let diagnostic): return ["refused: \(diagnostic.message)"]
    }
  }

  @Test(arguments: expressions)
  func aCompiledClosureGivesWhatTheTreeWalkerGives(_ expression: String) {
    let compiled = Self.printed(mapping: expression)
    let walked = Self.printed(mapping: "let result = \(expression)\n return result")
    #expect(compiled == walked)
    #expect(!compiled.isEmpty && !compiled[0].hasPrefix("refused"), "\(compiled)")
  }

  @Test func aCapturedVariableIsReadAtEachCallNotWhenTheClosureWasMade() {
    let swift = """
      var factor = 1
      let subject = PassthroughSubject<Int, Never>()
      let c = subject.map { $0 * factor }.sink { print($0) }
      subject.send(5)
      factor = 10
      subject.send(5)
      """
    guard case .ran(let result, _) = SwiftRun.run(swift) else {
      Issue.record("did not run")
      return
    }
    #expect(result.log.map(\.text) == ["5", "50"])
  }
}
