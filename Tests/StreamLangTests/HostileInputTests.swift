import StreamCore
import Testing

@testable import StreamLang

/// Malformed and hostile programs, generated here by the hundred: each must
/// end in diagnostics (or a valid parse), never in a crash, a trap or a hang.
@Suite struct HostileInputTests {
  /// Parses, compiles what parsed, and calls every compiled expression with
  /// awkward values; returns the diagnostics. Any trap would crash the test run.
  @discardableResult
  static func survive(_ text: String, boundNames: [String] = ["b"]) -> [Diagnostic] {
    let result = Parser.parse(text, boundNames: boundNames)
    let utf8Count = text.utf8.count
    for diagnostic in result.diagnostics {
      #expect(diagnostic.range.start >= 0 && diagnostic.range.start <= utf8Count)
      #expect(!diagnostic.rendered(in: text).isEmpty)
    }
    guard result.isValid else { return result.diagnostics }
    let compiler = ExpressionCompiler(boundNames: boundNames)
    let diagnostics = compiler.check(result.program)
    if !diagnostics.isEmpty {
      _ = diagnostics.rendered(in: text, fileName: "hostile.txt")
      return diagnostics
    }
    let awkward: [Value] = [.int(0), .int(.max), .int(.min), .string(""), .null, .double(.nan), .array([]), .tuple([])]
    for statement in result.program.statements {
      for site in ExpressionSite.sites(in: statement) {
        guard let compiled = try? compiler.compile(site.expr, as: site.signature) else { continue }
        for value in awkward {
          _ = try? compiled([Value](repeating: value, count: max(1, site.signature.arity)))
        }
        _ = try? compiled.evaluate()
      }
    }
    return []
  }

  static func truncations() -> [String] {
    Examples.mustRun.flatMap { example in
      (0..<example.count).map { String(example.prefix($0)) }
    }
  }

  @Test func everyTruncationOfEveryMustRunExampleEndsInDiagnosticsOrAParse() {
    let programs = Self.truncations()
    #expect(programs.count > 500)
    var invalid = 0
    for program in programs where !Self.survive(program).isEmpty { invalid += 1 }
    // Most cut points leave an incomplete statement; the test's point is that none crashed.
    #expect(invalid > programs.count / 3)
  }

  static let malformed: [String] = {
    var programs: [String] = [
      "{", "}", "{{{", "}}}", "(", ")", "[", "]", "just {", "just 1 | map {", "just 1 | map { x in",
      "just 1 | map { x in { just x", "just 1 | map { x in { just x }", "just (1", "just [1, 2", "just 1 | map (x",
      "just \"", "just \"abc", "just \"a\\", "just \"\\u{", "just \"\\u{110000}\"", "just \"\\q\"",
      "marbles \"-a-b", "events 0ms:\"i", "just 1 | filter x == \"", "\"", "\"\"\"",
      "just 1 |", "just 1 | | map x", "| map x", "just 1 || map x", "just 1 | map x |", ";;;", "\n\n\n",
      "let", "let =", "let x", "let x =", "let x = ", "let 3 = just 1", "connect", "connect @1s", "@", "@..",
      "just 1 @", "just 1 @..", "just 1 @1s..", "just 1 @1s..2s..3s", "just 1 @ 1", "b @\"x\"",
      "range", "range 1", "range 1..5", "range 1...", "range ...5", "events", "events 0ms", "events 0ms:",
      "events 0ms:1,", "subject 1ms:1, ,", "current", "current 0,", "future", "future 1s", "deferred",
      "deferred just 1", "marbles", "marbles 3", "marbles \"-|\" frame", "marbles \"-|\" frame 3",
      "just 1 | scan", "just 1 | scan 0,", "just 1 | flatMap max", "just 1 | flatMap max 1",
      "just 1 | collect 300ms or", "just 1 | output", "just 1 | output at", "just 1 | first where",
      "just 1 | prefix while", "just 1 | tryPrefix", "just 1 | throttle 1s latest", "just 1 | throttle 1s latest:",
      "just 1 | timeout 1s fail", "just 1 | merge", "just 1 | merge b,", "just 1 | zip b {", "just 1 | catch",
      "just 1 | map x ? 1", "just 1 | map x ? 1 :", "just 1 | map x.", "just 1 | map x.(", "just 1 | map f(",
      "just 1 | map x(1)", "just 1 | map (1)(2)", "just 1 | map ()", "just 1 | map $", "just 1 | map $x",
      "just 1 | map $99999999999999999999", "just 1 | map $5", "just 1 | map x.9", "just 1 | map { a, in a }",
      "just 1 | map { , in }", "just 1 | map { in }", "just 1 | map { }", "just 1 | map {}", "{}", "{ }",
      "just 99999999999999999999", "just -99999999999999999999", "just 9223372036854775808",
      "timer 99999999999999999s", "timer 9999999999999s", "timer 1e999", "timer 1.5.5s", "timer 1..5s",
      "just 1.", "just .5", "just 0x10", "just 1_000_000", "just 1__", "timer 5min", "timer 5 ms", "timer 5sec",
      "just 1 // comment", "// only a comment", "just 1 /", "just 1 / / 2", "/",
      "let just = empty", "let map = just 1; map", "let s = s", "x", "x | map x", "just 1 | x",
      "just 1 | just 2", "just 1 | map x; ;; just 2 | filtr x", "just 1 ) ; just 2 ] ; just 3 }",
      "just 1 | map [x", "just 1 | map [x,", "just 1 | map (x,", "just 1 | map x.count.count.count",
      "\0", "just \0", "just 1 | map \u{7}", "'a'", "just 'a'", "`just 1`", "just 1 \\", "just ~1", "just 1 & 2",
      "just 1 = 2", "just 1 ^ 2", "just 1 | map x === 1", "just a b c d", "just 1 2 3", "just ,", "just 1,,2",
    ]
    // Odd Unicode and text that is not valid UTF-8 once decoded.
    programs += [
      "\u{FFFD}", "just \u{FFFD}", "\u{FEFF}just 1", "just 1 | map x\u{200B}", "just \"\u{202E}abc\"",
      "ｊｕｓｔ 1", "just ١٢٣", "just 1 | mäp x", "just 1 | map 😀", "😀😀😀", "just \"😀\" | map x.count",
      "just \"e\u{301}\" | mapp x", "\u{10FFFF}", "just 1\u{2028}just 2", "just\u{00A0}1", "\t\t\tmapp",
      String(decoding: [0xED, 0xA0, 0x80], as: UTF8.self), String(decoding: [0xFF, 0xFE, 0x6A], as: UTF8.self),
      "just " + String(decoding: [0xC0, 0x80, 0xF5, 0x80], as: UTF8.self),
      "just \"" + String(decoding: [0xED, 0xB2, 0x80], as: UTF8.self) + "\"", "\r\n\r\njust 1\r\n",
    ]
    return programs
  }()

  @Test(arguments: malformed)
  func malformedProgramEndsInAMessageOrADiagram(text: String) {
    if Self.survive(text).isEmpty { HostileRunTests.expectMessageOrDiagram(HostileRunTests.survive(text), for: text) }
  }

  @Test func unbalancedInputIsADiagnostic() {
    for text in ["{", "}", "(", "just (1", "just [1", "just 1 | map {", "just \"abc", "just 1 )", "marbles \"-a"] {
      #expect(!Self.survive(text).isEmpty, "\(text)")
    }
  }

  static let deep: [(String, String)] = [
    ("parentheses", "just " + String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)),
    ("open parentheses", "just " + String(repeating: "(", count: 10_000)),
    ("close parentheses", "just 1" + String(repeating: ")", count: 10_000)),
    ("brackets", "just " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)),
    ("braces", "just 1 | map " + String(repeating: "{", count: 10_000) + "x" + String(repeating: "}", count: 10_000)),
    ("braced pipelines", String(repeating: "{ ", count: 10_000) + "just 1" + String(repeating: " }", count: 10_000)),
    (
      "nested flatMaps",
      String(repeating: "just 1 | flatMap { ", count: 5_000) + "just 1" + String(repeating: " }", count: 5_000)
    ),
    ("minus signs", "just " + String(repeating: "-", count: 10_000) + "1"),
    ("negations", "just " + String(repeating: "!", count: 10_000) + "true"),
    ("negated names", "just 1 | map " + String(repeating: "-", count: 10_000) + "x"),
    ("sums", "just 1 | map " + String(repeating: "x + ", count: 50_000) + "x"),
    ("nil-coalescing", "just 1 | map " + String(repeating: "x ?? ", count: 50_000) + "x"),
    ("ternaries", "just 1 | map " + String(repeating: "x ? 1 : ", count: 20_000) + "x"),
    ("members", "just 1 | map x" + String(repeating: ".count", count: 20_000)),
    ("calls", "just 1 | map " + String(repeating: "abs(", count: 10_000) + "x" + String(repeating: ")", count: 10_000)),
    ("nested sums", "just " + String(repeating: "(1 + ", count: 10_000) + "1" + String(repeating: ")", count: 10_000)),
    (
      "chains in parentheses",
      "just " + String(repeating: "(" + String(repeating: "1 + ", count: 150), count: 150) + "1"
        + String(repeating: ")", count: 150)
    ),
  ]

  @Test(arguments: deep)
  func deepNestingEndsInADiagnostic(name: String, text: String) {
    let diagnostics = Self.survive(text)
    #expect(!diagnostics.isEmpty, "\(name)")
  }

  static let long: [(String, String)] = [
    ("many values", "just " + Array(repeating: "1", count: 50_000).joined(separator: ",")),
    ("long identifier", String(repeating: "a", count: 100_000)),
    ("long misspelt operator", "just 1 | " + String(repeating: "m", count: 100_000)),
    ("long string", "just \"" + String(repeating: "x", count: 100_000) + "\""),
    ("long unterminated string", "just \"" + String(repeating: "x", count: 100_000)),
    ("long comment", "just 1 //" + String(repeating: "x", count: 100_000)),
    ("many stages", "just 1" + String(repeating: " | map x", count: 12_000)),
    ("many statements", String(repeating: "just 1; ", count: 12_000)),
    ("many errors", String(repeating: "mapp; ", count: 20_000)),
    ("spaces", String(repeating: " ", count: 100_000) + "just 1"),
    ("pipes", String(repeating: "|", count: 100_000)),
    ("newlines", String(repeating: "\n", count: 100_000)),
    ("long number", "just " + String(repeating: "9", count: 100_000)),
    ("long time", "timer " + String(repeating: "9", count: 100_000) + "ms"),
    ("long fraction", "timer 1." + String(repeating: "5", count: 100_000) + "s"),
    ("emoji", String(repeating: "😀", count: 30_000)),
    ("long error line", String(repeating: "x", count: 100_000) + " | debounse 1s"),
    ("events", "events " + (0..<10_000).map { "\($0)ms:\($0)" }.joined(separator: ", ")),
    ("array", "just [" + Array(repeating: "1", count: 50_000).joined(separator: ", ") + "]"),
  ]

  @Test(arguments: long)
  func longLinesEndInAMessageOrADiagram(name: String, text: String) {
    if Self.survive(text).isEmpty { HostileRunTests.expectMessageOrDiagram(HostileRunTests.survive(text), for: text) }
  }

  @Test func longLineErrorRendersTheCaretAtTheRightColumn() {
    let text = String(repeating: " ", count: 100_000) + "mapp"
    let rendered = Self.survive(text).rendered(in: text)
    #expect(rendered.hasPrefix("1:100001: error: unknown source `mapp`"))
  }

  /// Every argument kind after every keyword: most are wrong, some are fine.
  static let arguments = [
    "", "300", "-1", "2.5", "300ms", "\"s\"", "true", "nil", "[1]", "(1, 2)", "{ x in x }", "{ a, b in a }",
    "{ just 1 }", "{ $0 }", "b", "b, b", "x", "-", "|", ",", "@", ":", "where", "where x", "while", "while x > 1",
    "max", "max 1", "at", "at 2", "or", "300ms or", "300ms or 3", "latest: false", "fail", "fail \"m\"", "frame",
    ")", "}", "]", "1 +", "..", "...", "1...", "0ms:", "0ms:|", "0ms:#", "#", "x.", "in",
  ]

  static let everyKeywordWithEveryArgument: [String] = Keywords.all.flatMap { keyword in
    arguments.flatMap { argument -> [String] in
      switch keyword.role {
      case .source: return ["\(keyword.name) \(argument)", "\(keyword.name) \(argument) | map x"]
      case .operator: return ["b | \(keyword.name) \(argument)", "b | \(keyword.name) \(argument) | count"]
      case .statement: return ["\(keyword.name) \(argument)"]
      }
    }
  }

  @Test func everyKeywordWithEveryKindOfArgument() {
    #expect(Self.everyKeywordWithEveryArgument.count > 5_000)
    var invalid = 0
    for text in Self.everyKeywordWithEveryArgument where !Self.survive(text).isEmpty { invalid += 1 }
    #expect(invalid > Self.everyKeywordWithEveryArgument.count / 2)
  }

  @Test func wrongArgumentsOfTimeOperatorsAllSayWhatIsExpected() {
    for keyword in Keywords.all where keyword.arguments == .time {
      let prefix = keyword.role == .source ? "" : "b | "
      for argument in ["", "300", "\"s\"", "true", "[1]", "{ just 1 }"] {
        let diagnostics = Self.survive(prefix + keyword.name + " " + argument)
        #expect(diagnostics.count == 1, "\(keyword.name) \(argument)")
        let message = diagnostics.first?.message ?? ""
        #expect(message.contains("time"), "\(keyword.name) \(argument): \(message)")
      }
    }
  }
}
