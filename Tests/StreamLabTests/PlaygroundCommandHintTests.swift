import StreamLang
import Testing

@testable import StreamLab

/// `streamlab eval ':help'`: a prompt command where a program was expected.
@Suite struct PlaygroundCommandHintTests {
  private func diagnostics(of text: String) throws -> [Diagnostic] {
    var interpreter = Interpreter()
    guard case .invalid(let diagnostics) = interpreter.run(text) else {
      Issue.record("\(text) parsed")
      return []
    }
    return PlaygroundCommandHint.annotate(diagnostics, in: text)
  }

  @Test(arguments: [":help", ":help debounce", "  :type just 1", ":q"])
  func aPromptCommandIsToldWhereItWorks(text: String) throws {
    let first = try #require(try diagnostics(of: text).first)
    let name = String(text.drop { $0 == " " }.prefix { $0 != " " })
    #expect(
      first.note
        == "`\(name)` is a command of the playground's prompt, not a program: start the playground with `streamlab` and type it there"
    )
  }

  @Test func otherErrorsKeepTheirNotes() throws {
    let first = try #require(try diagnostics(of: "just 1 | :nosuch").first)
    #expect(first.note == nil)
    let unknown = try #require(try diagnostics(of: ":nosuch").first)
    #expect(unknown.note == nil)
  }

  @Test func theCommandOnALaterLineIsFound() throws {
    let all = try diagnostics(of: "just 1\n:trace")
    #expect(all.contains { $0.note?.hasPrefix("`:trace` is a command") == true })
  }
}
