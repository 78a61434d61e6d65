import StreamCore
import Testing

@testable import StreamLang

@Suite struct LexerTests {
  static func kinds(_ text: String) -> [TokenKind] {
    Array(Lexer(text).tokens.map(\.kind).dropLast())
  }

  @Test func everySymbol() {
    #expect(
      Self.kinds("| @ .. ... ..< : ; , . # = { } [ ] ( ) + - * / % == != < <= > >= && || ! ? ??") == [
        .pipe, .at, .dotDot, .ellipsis, .halfOpenRange, .colon, .semicolon, .comma, .dot, .hash, .assign,
        .leftBrace, .rightBrace, .leftBracket, .rightBracket, .leftParen, .rightParen, .plus, .minus, .star, .slash,
        .percent, .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .and, .or, .not, .question,
        .nilCoalescing,
      ])
  }

  @Test func literalsAndNames() {
    #expect(
      Self.kinds("just $0 $12 42 2.5 \"a\\tb\" 250ms 1.5s 20us 5ns") == [
        .identifier("just"), .dollar(0), .dollar(12), .int(42), .double(2.5), .string("a\tb"),
        .time(.milliseconds(250)), .time(.milliseconds(1500)), .time(.microseconds(20)), .time(.nanoseconds(5)),
      ])
  }

  @Test func rangesAreUTF8Offsets() {
    let tokens = Lexer("just \"é\" | map").tokens
    #expect(
      tokens.map(\.range) == [
        SourceRange(start: 0, end: 4), SourceRange(start: 5, end: 9), SourceRange(start: 10, end: 11),
        SourceRange(start: 12, end: 15), SourceRange(start: 15, end: 15),
      ])
  }

  @Test func rangeOperatorsAfterNumbers() {
    #expect(Self.kinds("1...5") == [.int(1), .ellipsis, .int(5)])
    #expect(Self.kinds("1..<5") == [.int(1), .halfOpenRange, .int(5)])
    #expect(Self.kinds("250ms..600ms") == [.time(.milliseconds(250)), .dotDot, .time(.milliseconds(600))])
  }

  @Test func tupleIndexesAreNotFractions() {
    #expect(Self.kinds("x.0.1") == [.identifier("x"), .dot, .int(0), .dot, .int(1)])
  }

  @Test func newlinesSeparateStatementsOnlyOutsideBrackets() {
    #expect(Self.kinds("a\nb") == [.identifier("a"), .newline, .identifier("b")])
    #expect(Self.kinds("{a\nb}") == [.leftBrace, .identifier("a"), .identifier("b"), .rightBrace])
    #expect(
      Self.kinds("(a\n[b\n])") == [
        .leftParen, .identifier("a"), .leftBracket, .identifier("b"), .rightBracket, .rightParen,
      ])
  }

  @Test func commentsRunToTheEndOfTheLine() {
    #expect(Self.kinds("a // b | c\nd") == [.identifier("a"), .newline, .identifier("d")])
  }

  @Test func badInputBecomesDiagnosticsAndLexingGoesOn() {
    let lexer = Lexer("just 'a' 99999999999999999999 5min \"open")
    #expect(
      lexer.diagnostics.map(\.message) == [
        "unexpected character `'`", "unexpected character `'`",
        "the number 99999999999999999999 is too large; an Int holds at most 9223372036854775807",
        "unknown time unit `min`", "this string has no closing quote",
      ])
    #expect(lexer.diagnostics.first?.note == "strings use double quotes, like \"text\"")
    #expect(lexer.tokens.last?.kind == .endOfInput)
  }
}
