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
    // The stage's label is the closure's text, which differs by design: only the log and the stop are compared.
    printed(
      """
      let factor = 3
      let c = [1, 2, 3, 4, 5, 6, 7].publisher.map { \(body) }.sink { print($0) }
      """)
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

  static let accumulations = [
    "$0 + $1", "acc, x in acc * 2 + x", "$0 > $1 ? $0 : $1", "Int.max - 20 + $1 + $0 - $0", "$1 % ($0 - 10)",
  ]

  /// What `scan(0) { body }` prints: the two-value form (`compileBinary`) and the tree-walker.
  static func printed(scanning body: String) -> [String] {
    printed(
      """
      let c = [1, 2, 3, 4, 5, 6, 7].publisher.scan(0) { \(body) }.sink { print($0) }
      """)
  }

  static func printed(_ swift: String) -> [String] {
    switch SwiftRun.run(swift) {
    case .ran(let result, _):
      guard case .runtimeError(let error) = result.stop else {
        return result.log.map(\.text) + ["stop: \(result.stop)"]
      }
      return result.log.map(\.text) + ["error: \(error.message) at \(error.time) on \(String(describing: error.value))"]
    case .refused(let diagnostic): return ["refused: \(diagnostic.message)"]
    case .tested: return ["tested"]
    }
  }

  @Test(arguments: accumulations)
  func aCompiledTwoValueClosureGivesWhatTheTreeWalkerGives(_ body: String) {
    let compiled = Self.printed(scanning: body)
    // `acc, x in …` keeps its parameters; a statement makes the tree-walker run it.
    let walked: [String]
    if let split = body.range(of: " in ") {
      walked = Self.printed(
        scanning: body[..<split.upperBound] + "let r = " + body[split.upperBound...] + "\n return r")
    } else {
      walked = Self.printed(scanning: "let r = \(body)\n return r")
    }
    #expect(compiled == walked)
    #expect(!compiled.isEmpty && !compiled[0].hasPrefix("refused"), "\(compiled)")
  }

  @Test func anEmptySinkClosureIsCompiledAndRunsNothing() {
    // `{ _ in }` and `{ _ in () }` (walked) both leave the values to the diagram.
    let empty = Self.printed("let c = [1, 2].publisher.map { $0 * 2 }.sink { _ in }\nprint(\"end\")")
    let walked = Self.printed("let c = [1, 2].publisher.map { $0 * 2 }.sink { _ in let _ = 0 }\nprint(\"end\")")
    #expect(empty == walked)
    #expect(empty == ["end", "stop: idle"], "\(empty)")
  }
}
