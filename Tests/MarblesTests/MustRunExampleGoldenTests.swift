import StreamCore
import StreamLang
import Testing

@testable import Marbles

/// Every **must run** example of DSL.md, run by the real interpreter and drawn
/// at 80 columns. Each golden file starts with the program (`» …`) and was
/// read, row by row, against what Combine does before it was committed.
@Suite struct MustRunExampleGoldenTests {
  static let examples: [(name: String, program: String)] = [
    ("01-just-map-debounce", "just 1,2,3 | map x*2 | debounce 300ms"),
    ("02-range-filter", "range 1...5 | filter x % 2 == 0"),
    ("03-fail-replaceError", #"fail "boom" | replaceError 0"#),
    ("04-interval-take", "interval 100ms | take 5"),
    ("05-timer-map", "timer 500ms | map x + 1"),
    ("06-marbles-scan", #"marbles "-1-2-3|" frame 50ms | scan 0, acc + x"#),
    ("07-events-debounce", #"events 0ms:"i", 100ms:"ip", 450ms:"iph", 900ms:| | debounce 300ms"#),
    ("08-subject-late-subscriber", "let s = subject 100ms:1, 250ms:2, 400ms:|; s; s @200ms"),
    ("09-current-late-subscribers", "let c = current 0, 100ms:1; c @50ms; c @200ms"),
    ("10-future-late-subscriber", "let f = future 200ms 42; f @300ms"),
    (
      "11-merge-zip-combineLatest",
      // DSL.md's text merges Ints into Strings, which Swift refuses: typed as Swift accepts it.
      #"let a = marbles "-a---b-|"; let b = marbles "--1-2---|"; a | merge b; a | zip b; a | combineLatest b"#
    ),
    (
      "12-switchToLatest-flatMap",
      """
      let q = events 0ms:"ipad", 100ms:"iphone", 400ms:|
      q | map { x in { just x + "!" | delay x.count * 100ms } } | switchToLatest
      q | flatMap { just $0 | delay 300ms }
      """
    ),
    ("13-retry", #"marbles "-1-2-#" | retry 1"#),
    ("14-throttle-latest-false", "interval 100ms | take 5 | throttle 250ms latest: false"),
    ("15-share-late-subscriber", "let s = interval 100ms | take 4 | share; s; s @250ms"),
  ]

  /// The program's transcript: `» program` lines, then its diagram.
  static func transcript(_ program: String) -> String {
    var interpreter = Interpreter()
    let prompt = program.split(separator: "\n").map { "» \($0)" }.joined(separator: "\n")
    switch interpreter.run(program) {
    case .ran(let result, _):
      return prompt + "\n" + TextDiagram.render(result, options: DiagramOptions(width: 80)) + "\n"
    case .invalid(let diagnostics):
      return prompt + "\n" + diagnostics.map { "\($0)" }.joined(separator: "\n") + "\n"
    }
  }

  /// Pictures of three of them, looked at as PNG before they were committed.
  @Test(arguments: ["11-merge-zip-combineLatest", "12-switchToLatest-flatMap", "14-throttle-latest-false"])
  func pictureMatchesItsGoldenFile(name: String) throws {
    let program = try #require(Self.examples.first { $0.name == name }?.program)
    var interpreter = Interpreter()
    guard case .ran(let result, _) = interpreter.run(program) else {
      Issue.record("\(name) did not run")
      return
    }
    try GoldenFile(path: "svg/\(name).svg").check(SVGDiagram.render(result))
  }

  @Test(arguments: examples.map(\.name))
  func diagramMatchesItsGoldenFile(name: String) throws {
    let program = try #require(Self.examples.first { $0.name == name }?.program)
    try GoldenFile(path: "text/\(name).txt").check(Self.transcript(program))
  }
}
