import StreamLang
import StreamLangExport
import Testing

/// Programs that parse but stretch the exporter: it either exports them or
/// says why not, and never crashes.
@Suite struct HostileProgramExportTests {
  static let programs: [String] = [
    "just " + (1...500).map(String.init).joined(separator: ","),
    "just 1 | map " + String(repeating: "(", count: 90) + "x" + String(repeating: ")", count: 90),
    "just 1 | map " + (1...150).map { _ in "x" }.joined(separator: " + "),
    "just 9223372036854775807 | map x + 1",
    "just 1 | map -x",
    "just 999999999999999.5 | map x * 99999999999.0",
    "just \"\\u{0}\\n\\t\\\"\" | map x + \"é🙂\"",
    "range 5...1",
    "range 1..<1",
    "just 1 | delay -100ms",
    "just 1 | map x / 0",
    "just nil",
    "just [] | map x",
    "just (1, \"a\") | removeDuplicates",
    "just (1, (2, 3)) | removeDuplicates",
    "just [1, 2] | map x.first",
    "just \"ab\" | map x.first ?? \"z\"",
    "just 1 | map { a in { just a | map { b in a + b } } } | switchToLatest",
    "just 1 | scan 0, acc",
    "just 1 | flatMap { x in { subject 100ms:x } }",
    "deferred { subject 100ms:1 }",
    "let a = just 1; let a = a | map x + 1; a",
    "let struct = just 1; struct",
    "let scheduler = just 1; scheduler | merge { scheduler }",
    "just 1 | zip { just 2 }, { just 3 }, { just 4 }",
    "just 1 | combineLatest { just \"a\" } { a, b in a + b }",
    "events 0ms:1, 100ms:\"a\"",
    "subject 100ms:#, 200ms:1",
    "current 0 @..0ms",
    "just 1 | map fail(\"x\")",
    "just 1 | tryMap fail(\"x\")",
    "just 1 | map { just x } ",
    "interval 0ms | take 3",
    "marbles \"(ab)-c|\" | collect",
    "marbles \"-'42'-'foo'|\"",
    "just 1 | merge { just \"a\" } | map x",
    "empty | min",
    "just 1 | timeout 10ms fail \"a\" | tryMap x | mapError x + \"!\"",
  ]

  @Test(arguments: programs)
  func exportEndsInCodeOrAReason(_ program: String) throws {
    let parsed = Parser.parse(program)
    try #require(parsed.isValid, "\(parsed.diagnostics.map(\.message))")
    let export = SwiftExporter.export(parsed.program)
    if let limitation = export.limitation {
      #expect(!limitation.isEmpty)
      #expect(export.source.hasPrefix("// streamlab cannot export this program"))
    } else {
      #expect(export.source.contains("func program<S: Scheduler>("))
    }
  }
}
