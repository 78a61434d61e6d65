import Testing

@testable import StreamLang

/// What a student sees for a program that does not parse or compile.
@Suite struct DiagnosticTests {
  /// Parses, then compiles the expressions of a program that parsed, as the interpreter does.
  static func diagnostics(_ text: String, boundNames: [String] = []) -> [Diagnostic] {
    let result = Parser.parse(text, boundNames: boundNames)
    if !result.isValid { return result.diagnostics }
    return ExpressionCompiler(boundNames: boundNames).check(result.program)
  }

  static func rendered(_ text: String, boundNames: [String] = [], fileName: String? = nil, width: Int? = nil) -> String
  {
    diagnostics(text, boundNames: boundNames).rendered(in: text, fileName: fileName, width: width)
  }

  @Test func misspeltOperatorSuggestsTheOperatorUnderACaret() {
    #expect(
      Self.rendered("just 1,2,3 | debounse 300ms", fileName: "lesson.txt") == """
        lesson.txt:1:14: error: unknown operator `debounse`; did you mean `debounce`?
        just 1,2,3 | debounse 300ms
                     ^~~~~~~~
        """)
  }

  @Test func aLongLineIsCutToTheTerminalsWidthWithTheCaretUnderTheMistake() throws {
    let text = "just 1,2,3 | map x * 2 | filter x > 2 | map x + 1 | map x - 1 | removeDuplicates | debounse 300ms"
    let rendered = Self.rendered(text, width: 40).split(separator: "\n").map(String.init)
    let marker = try #require(rendered.firstIndex { $0.contains("^") })
    let excerpt = Array(rendered[marker - 1])
    let caret = try #require(Array(rendered[marker]).firstIndex(of: "^"))
    // Nothing the terminal would wrap, and the caret under the misspelt operator.
    #expect(excerpt.count <= 40, "\(rendered)")
    #expect(String(excerpt[caret...]).hasPrefix("debounse"), "\(rendered)")
  }

  @Test func theUnexpectedTokenIsNamedWithoutAnArticle() {
    #expect(Self.diagnostics("just 1 | map x 2").first?.message == "unexpected number after the arguments of `map`")
    #expect(Self.diagnostics("just 1 \"a\"").first?.message == "unexpected string after the end of the pipeline")
  }

  @Test func withoutAFileNameTheLocationIsLineAndColumn() {
    #expect(
      Self.rendered("just 1 | mapp x * 2") == """
        1:10: error: unknown operator `mapp`; did you mean `map`?
        just 1 | mapp x * 2
                 ^~~~
        """)
  }

  @Test func misspeltBoundNameSuggestsTheBinding() {
    #expect(
      Self.rendered("let clicks = just 1\nclick | map x") == """
        2:1: error: unknown source `click`; did you mean `clicks`?
        click | map x
        ^~~~~
        """)
    #expect(Self.diagnostics("clikcs", boundNames: ["clicks"]).first?.suggestion == "clicks")
  }

  @Test func metaCommandWithoutItsColonSuggestsTheCommand() {
    let result = Parser.parse("help", metaCommands: [":help", ":horizon", ":json"])
    #expect(result.diagnostics.first?.suggestion == ":help")
    #expect(
      Parser.parse("horizn 60s", metaCommands: [":help", ":horizon"]).diagnostics.first?.suggestion == ":horizon")
  }

  @Test func completionsComeFromTheKeywordTable() {
    #expect(Keywords.completions(of: "de", role: .operator).map(\.name) == ["debounce", "delay"])
    #expect(Keywords.completions(of: "de", role: .source).map(\.name) == ["deferred"])
    #expect(Keywords.completions(of: "tak").map(\.name) == ["take"])
  }

  @Test func misspeltSourceSuggestsTheSource() {
    #expect(Self.diagnostics("jsut 1").first?.suggestion == "just")
    #expect(Self.diagnostics("intervall 1s").first?.suggestion == "interval")
  }

  @Test func timeWithoutAUnitSaysSo() {
    #expect(
      Self.rendered("just 1 | debounce 300") == """
        1:19: error: a time needs a unit, like 300ms
        just 1 | debounce 300
                          ^~~
        expected: a time such as `300ms` or `1s`
        """)
    #expect(Self.diagnostics("interval 100").first?.message == "a time needs a unit, like 100ms")
    #expect(Self.diagnostics("events 0:1").first?.message == "a time needs a unit, like 0ms")
  }

  @Test func missingArgumentNamesWhatIsMissing() {
    #expect(
      Self.rendered("just 1 | debounce") == """
        1:18: error: debounce needs a time, like `debounce 300ms`
        just 1 | debounce
                         ^
        """)
    #expect(Self.diagnostics("just 1 | map").first?.message == "map needs a closure, like `map x * 2`")
    #expect(Self.diagnostics("just").first?.message == "just needs one or more values, like `just 1,2,3`")
    #expect(
      Self.diagnostics("just 1 | scan 0").first?.message
        == "scan needs an initial value and a closure, like `scan 0, acc + x`")
  }

  @Test func wrongKindOfArgumentSaysWhichKindWasExpected() {
    #expect(
      Self.rendered("just 1 | debounce \"a\"") == """
        1:19: error: debounce needs a time, like `debounce 300ms`; found a string
        just 1 | debounce "a"
                          ^~~
        """)
    #expect(
      Self.rendered("just 1 | prefix 300ms") == """
        1:17: error: `prefix` needs a count (a whole number) here; found a time
        just 1 | prefix 300ms
                        ^~~~~
        expected: a count, like `prefix 3`
        """)
    #expect(
      Self.diagnostics("just 1 | merge 3").first?.message
        == "merge needs one or more streams, like `merge b`; a stream is a bound name or `{ pipeline }`")
  }

  @Test func severalErrorsInOneProgramAreAllReported() {
    #expect(
      Self.rendered("just 1 | mapp x; just 2 | filtr x > 1\njust 3 | delay") == """
        1:10: error: unknown operator `mapp`; did you mean `map`?
        just 1 | mapp x; just 2 | filtr x > 1
                 ^~~~
        1:27: error: unknown operator `filtr`; did you mean `filter`?
        just 1 | mapp x; just 2 | filtr x > 1
                                  ^~~~~
        2:15: error: delay needs a time, like `delay 200ms`
        just 3 | delay
                      ^
        """)
  }

  @Test func tabsAreKeptSoTheCaretLinesUp() {
    #expect(
      Self.rendered("\tjust 1 |\tdebounse 1s") == """
        1:11: error: unknown operator `debounse`; did you mean `debounce`?
        \tjust 1 |\tdebounse 1s
        \t        \t^~~~~~~~
        """)
  }

  @Test func columnsCountCharactersNotBytes() {
    #expect(
      Self.rendered("just \"héllo\" | mapp x") == """
        1:16: error: unknown operator `mapp`; did you mean `map`?
        just "héllo" | mapp x
                       ^~~~
        """)
  }

  @Test func unknownNameInAnExpressionSuggestsAVisibleName() {
    #expect(
      Self.rendered("just 1 | map y * 2") == """
        1:14: error: unknown name `y`; did you mean `x`?
        just 1 | map y * 2
                     ^
        """)
    #expect(Self.diagnostics("just 1 | map { value in valeu + 1 }").first?.suggestion == "value")
    #expect(Self.diagnostics("just 1 | scan 0, acc + xx").first?.suggestion == "x")
  }

  @Test func unknownMembersAndFunctionsSuggestKnownOnes() {
    #expect(Self.diagnostics("just 1 | map x.cont").first?.suggestion == "count")
    #expect(Self.diagnostics("just 1 | map x.uppercase()").first?.suggestion == "uppercased")
    #expect(Self.diagnostics("just 1 | map Strin(x)").first?.suggestion == "String")
    #expect(Self.diagnostics("just 1 | map x.count()").first?.message == "`count` is a property, not a method")
    #expect(Self.diagnostics("just 1 | map x.uppercased").first?.message == "`uppercased` is a method; call it")
    #expect(Self.diagnostics("just 1 | map abs(x, 2)").first?.message == "`abs` takes 1 argument, not 2")
  }

  @Test func closureWithTheWrongNumberOfParameters() {
    #expect(
      Self.rendered("just 1 | scan 0, { a in a }") == """
        1:18: error: this closure takes 1 parameter, but it is called with 2
        just 1 | scan 0, { a in a }
                         ^~~~~~~~~~
        expected: a closure like `{ acc, x in … }`
        """)
  }

  @Test func unknownNameInsideANestedPipelineIsFoundBeforeRunning() {
    let found = Self.diagnostics("just \"a\" | flatMap { just x | delay y * 1ms }")
    #expect(found.map(\.message) == ["unknown name `y`"])
  }

  @Test func noteExplainsAccOutsideScan() {
    #expect(
      Self.rendered("just 1 | map acc") == """
        1:14: error: unknown name `acc`
        just 1 | map acc
                     ^~~
        expected: a value, the element `x`, or a bound name
        note: `acc` is the running result in `scan` and `reduce`
        """)
  }

  @Test func operatorInSourcePositionExplainsPipelines() {
    #expect(
      Self.rendered("map x") == """
        1:1: error: `map` is an operator; a pipeline starts with a source
        map x
        ^~~
        expected: a source, like `just 1,2,3 | map x * 2`
        """)
  }

  @Test func tooLargeNumberIsADiagnosticNotATrap() {
    #expect(
      Self.rendered("just 99999999999999999999") == """
        1:6: error: the number 99999999999999999999 is too large; an Int holds at most 9223372036854775807
        just 99999999999999999999
             ^~~~~~~~~~~~~~~~~~~~
        """)
  }

  @Test func unterminatedStringAndUnmatchedBracket() {
    #expect(Self.diagnostics("just \"abc").map(\.message) == ["this string has no closing quote"])
    #expect(Self.diagnostics("just 1 ) ").map(\.message) == ["unmatched `)`"])
    #expect(
      Self.diagnostics("just 1 | map { x ").first?.message
        == "expected `}` to close the braces, found the end of the input")
  }

  @Test func bindingASourceKeywordIsRefused() {
    #expect(
      Self.diagnostics("let just = empty").first?.message
        == "`just` is a keyword and cannot be bound; choose another name")
  }

  @Test func connectNeedsABoundName() {
    #expect(Self.diagnostics("connect nope @1s").first?.message == "`nope` is not bound")
  }

  @Test func everyKeywordHasAUsageNamingItsExample() {
    for keyword in Keywords.all {
      #expect(keyword.usage.hasPrefix(keyword.name + " "))
      #expect(keyword.usage.contains("`\(keyword.example)`"))
      #expect(!keyword.summary.isEmpty)
    }
    #expect(
      Keywords.keyword(named: "debounce", role: .operator)?.usage == "debounce needs a time, like `debounce 300ms`")
    #expect(Keywords.keyword(named: "take", role: .operator)?.canonical == "prefix")
    #expect(Keywords.keyword(named: "drop", role: .operator)?.canonical == "dropFirst")
  }

  @Test func everyExampleInTheKeywordTableParses() {
    for keyword in Keywords.sources + Keywords.operators {
      let text = keyword.role == .source ? keyword.example : "b | " + keyword.example
      let result = Parser.parse(text, boundNames: ["b"])
      #expect(result.isValid, "\(keyword.name): \(result.diagnostics.rendered(in: text))")
    }
  }
}
