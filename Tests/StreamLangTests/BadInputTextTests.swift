import Testing

@testable import StreamLang

/// Input that is not UTF-8, lines too long to echo, control characters and
/// floods of errors: each is reported in a few lines a terminal can show.
@Suite struct BadInputTextTests {
  @Test func utf8TextDecodes() throws {
    #expect(try InputText.decode(Array("just \"é\" | map x".utf8), from: "<stdin>").get() == "just \"é\" | map x")
  }

  @Test(
    arguments: [
      ([0x6A, 0xFF, 0x31], 1, 0xFF),  // a byte that never occurs in UTF-8
      ([0x6A, 0x75, 0xC3, 0x28], 2, 0xC3),  // a lead byte without its continuation
      ([0x80], 0, 0x80),  // a continuation byte with nothing before it
      ([0x61, 0xE2, 0x82], 1, 0xE2),  // a character cut off at the end
      ([0xED, 0xA0, 0x80], 0, 0xED),  // an encoded surrogate
    ] as [([UInt8], Int, UInt8)])
  func theFirstBadByteIsNamedWithItsOffset(bytes: [UInt8], offset: Int, byte: UInt8) {
    let error = InputText.NotUTF8(source: "prog.txt", offset: offset, byte: byte)
    #expect(InputText.decode(bytes, from: "prog.txt") == .failure(error))
  }

  @Test func theRefusalIsOneLine() {
    let error = InputText.NotUTF8(source: "<stdin>", offset: 17, byte: 0x8)
    #expect(error.description == "<stdin>: not UTF-8 text: byte 0x08 at offset 17")
  }

  @Test func aShortLineIsShownWhole() {
    let line = CaretLine("just 1 | mapp x", column: 10, width: 4)
    #expect(line.text == "just 1 | mapp x")
    #expect(line.marker == "         ^~~~")
  }

  @Test func aLongLineIsCutAroundTheCaret() {
    // 1,000 `a`s, the error word, 1,000 `b`s: 30 columns before the caret,
    // then as much as fits in 80 columns with the two ellipses.
    let text = String(repeating: "a", count: 1_000) + "oops" + String(repeating: "b", count: 1_000)
    let line = CaretLine(text, column: 1_001, width: 4)
    #expect(line.text == "…" + String(repeating: "a", count: 30) + "oops" + String(repeating: "b", count: 44) + "…")
    #expect(line.text.count == 80)
    #expect(line.marker == String(repeating: " ", count: 31) + "^~~~")
  }

  @Test func aCaretNearTheEndOfALongLineShowsMoreBeforeIt() {
    let text = String(repeating: "a", count: 1_000) + "end"
    let line = CaretLine(text, column: 1_001, width: 3)
    // 78 columns of line: two are kept for ellipses even when one side is whole.
    #expect(line.text == "…" + String(repeating: "a", count: 75) + "end")
    #expect(line.marker == String(repeating: " ", count: 76) + "^~~")
  }

  @Test func anUnderlineLongerThanTheWindowStopsAtItsEdge() {
    let text = "just " + String(repeating: "x", count: 500)
    let line = CaretLine(text, column: 6, width: 500)
    #expect(line.text == "just " + String(repeating: "x", count: 73) + "…")
    #expect(line.marker == "     ^" + String(repeating: "~", count: 72))
  }

  @Test func controlCharactersAreEscapedAndTheCaretFollowsTheEscape() {
    let line = CaretLine("just \u{1B}[2J | map x", column: 6, width: 1)
    #expect(line.text == "just \\u{1B}[2J | map x")
    #expect(line.marker == "     ^~~~~~")
    let tabs = CaretLine("\tjust 1 | mapp", column: 11, width: 4)
    #expect(tabs.text == "\tjust 1 | mapp")
    #expect(tabs.marker == "\t         ^~~~")
  }

  @Test func aDiagnosticNeverPrintsAControlCharacterOrMoreThanEightyColumnsOfItsLine() throws {
    let text = "just 1 | map x\u{7}" + String(repeating: " + x", count: 25_000) + " | debounse 1s"
    let rendered = Parser.parse(text).diagnostics.rendered(in: text)
    #expect(!rendered.isEmpty)
    #expect(!rendered.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
    let lines = rendered.split(separator: "\n")
    #expect(lines.allSatisfy { $0.count <= 200 })
  }

  @Test func twentyErrorsAreShownAndTheRestCounted() throws {
    let text = Array(repeating: "mapp", count: 23).joined(separator: "; ")
    let diagnostics = Parser.parse(text).diagnostics
    try #require(diagnostics.count == 23)
    let rendered = diagnostics.rendered(in: text)
    #expect(rendered.components(separatedBy: "error: unknown source `mapp`").count - 1 == 20)
    #expect(rendered.hasSuffix("\nand 3 more errors"))
  }

  @Test func oneErrorOverTheLimitIsCountedInTheSingular() {
    let text = Array(repeating: "mapp", count: 21).joined(separator: "; ")
    #expect(Parser.parse(text).diagnostics.rendered(in: text).hasSuffix("\nand 1 more error"))
  }

  @Test func aLongQuotedNameIsCutInTheMiddleOfTheMessage() {
    let message = "unknown source `" + String(repeating: "a", count: 1_000) + "`"
    let shown = message.escapedForOneLine()
    #expect(shown.count == 200)
    #expect(shown.hasPrefix("unknown source `aaa"))
    #expect(shown.hasSuffix("aaa`"))
    #expect(shown.contains("…"))
  }

  @Test func aTypeErrorsNoteWithItsFixIsShownWhole() throws {
    // The note is about 300 characters: cut at 200, it lost the middle of its fix.
    let text = "just 1 | flatMap { fail \"x\" } | merge { just 2 }"
    var interpreter = Interpreter()
    guard case .invalid(let diagnostics) = interpreter.run(text) else {
      Issue.record("expected a type error")
      return
    }
    let note = try #require(diagnostics.first?.note)
    #expect(note.count > 200)
    #expect(diagnostics.rendered(in: text).contains("note: " + note))
  }

  @Test func aMessageQuotingAHugeInputIsStillCut() {
    let diagnostic = Diagnostic(
      "unknown source `" + String(repeating: "a", count: 5_000) + "`", at: SourceRange(start: 0, end: 1))
    let header = diagnostic.rendered(in: "a").split(separator: "\n")[0]
    #expect(header.count < 700)
    #expect(header.contains("…"))
  }
}
