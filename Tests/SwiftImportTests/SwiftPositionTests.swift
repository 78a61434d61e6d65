import SwiftImport
import Testing

/// An error found in the short form pasted Swift became is shown at the
/// Swift the student wrote: its line and column, the caret under the
/// closure body or the method call, and the short form in the note.
@Suite struct SwiftPositionTests {
  @Test func aTypeErrorInAClosurePointsAtTheClosureBody() throws {
    let message = try #require(Runs.runDiagnostic(of: #"Just(1).map { $0 + "a" }.sink { _ in }"#))
    // `$0 + "a"` starts after `Just(1).map { ` (14 characters) and is 8 long.
    #expect(
      message.hasPrefix(
        "1:15: error: binary operator '+' cannot be applied to operands of type 'Int' and 'String'\n"
          + #"Just(1).map { $0 + "a" }.sink { _ in }"# + "\n" + String(repeating: " ", count: 14) + "^~~~~~~~\n"),
      "\(message)")
    #expect(message.contains(#"streamlab reads this as `just 1 | map $0 + "a" @..0ms`"#))
  }

  @Test func aTypeErrorOnTheThirdLineOfAChainPointsAtThatLine() throws {
    let swift = """
      let c = [1, 2, 3].publisher
          .filter { $0 > 1 }
          .map { $0 + "x" }
          .sink { print($0) }
      """
    let message = try #require(Runs.runDiagnostic(of: swift))
    // `    .map { ` is 11 characters, so `$0 + "x"` is at column 12 of line 3.
    #expect(message.hasPrefix("3:12: error: binary operator '+' cannot be applied"), "\(message)")
    #expect(message.contains("\n" + String(repeating: " ", count: 11) + "^~~~~~~~\n"))
  }

  @Test func anOperatorTheUpstreamCannotFeedPointsAtTheMethodCall() throws {
    let message = try #require(Runs.runDiagnostic(of: "Just(1).switchToLatest().sink { _ in }"))
    // From `switchToLatest` (after `Just(1).`, 8 characters) to its `)`: 16 characters.
    #expect(message.hasPrefix("1:9: error: `switchToLatest` needs a publisher of publishers"), "\(message)")
    #expect(message.contains("\n" + String(repeating: " ", count: 8) + "^" + String(repeating: "~", count: 15) + "\n"))
  }

  @Test func anErrorInAnInlinedHelperPointsIntoTheHelpersBody() throws {
    let swift = """
      func search(_ q: String) -> AnyPublisher<String, Never> {
        Just(q).map { $0 * 2 }.eraseToAnyPublisher()
      }
      let c = Just("a").flatMap { q in search(q) }.sink { print($0) }
      """
    let message = try #require(Runs.runDiagnostic(of: swift))
    // `  Just(q).map { ` is 16 characters: `$0 * 2` is at 2:17.
    #expect(
      message.hasPrefix("2:17: error: binary operator '*' cannot be applied to operands of type 'String' and 'Int'"),
      "\(message)")
  }

  @Test func aProgramThatRunsHasNoError() {
    #expect(Runs.runDiagnostic(of: "Just(1).map { $0 + 1 }.sink { _ in }") == nil)
  }
}
