import StreamLang
import SwiftImport
import Testing

/// Swift spellings typed inside streamlab's language: the parse error stays,
/// and its note says how the language writes that stage, and where Swift runs as it is.
@Suite struct SwiftSpellingHintTests {
  /// The rendered diagnostics of `program`, hinted.
  private func hinted(_ program: String) -> String {
    let result = Parser.parse(program)
    return SwiftSpellingHint.annotate(result.diagnostics, in: program).rendered(in: program)
  }

  @Test(arguments: [
    ("just 1 | replaceError(with: 0)", "replaceError 0"),
    ("just 1 | debounce(for: .milliseconds(300), scheduler: RunLoop.main)", "debounce 300ms"),
    ("just 1,2 | flatMap(maxPublishers: .max(1)) { Just($0) } | count", "flatMap max 1 { just $0 }"),
    ("[1,2,3].publisher | map x * 2", "just 1, 2, 3"),
    ("let s = PassthroughSubject<Int, Never>()", "subject 100ms:1, 200ms:|"),
    ("let c = CurrentValueSubject<Int, Never>(0)", "current 0"),
  ])
  func aSwiftSpeltStageGetsItsShortForm(program: String, shortForm: String) {
    let message = hinted(program)
    #expect(
      message.contains(
        "note: this is Swift's spelling: streamlab writes this `\(shortForm)`; paste Swift as it is with `:paste`"),
      "\(message)")
  }

  @Test func aMistakeThatIsNotSwiftGetsNoSwiftNote() {
    let message = hinted("just 1 | debounse 300ms")
    #expect(!message.contains("Swift's spelling"))
    #expect(message.contains("debounce"))
  }
}
