import StreamCore
import StreamLang
import Testing

@testable import Marbles

/// Inner rows, resubscriptions and shared upstreams, run by the real
/// interpreter and drawn as text at 80 columns and as SVG. Each golden file
/// was read row by row (the SVGs looked at as PNG) before it was committed.
@Suite struct InnerRowGoldenTests {
  static let examples: [(name: String, program: String)] = [
    ("inner-flatMap-max-1", "just 1,2,3 | flatMap max 1 { x in { timer 100ms | map x } }"),
    ("inner-catch", #"fail "boom" | catch { just 0 }"#),
    ("inner-retry", #"marbles "-1-2-#" | retry 1"#),
    ("inner-share", "let s = interval 100ms | take 4 | share; s; s @250ms"),
    ("inner-no-share", "let s = interval 100ms | take 4; s; s @250ms"),
    ("inner-deferred-bound-name", "let d = deferred { future 200ms 42 }; d; d @300ms"),
    (
      "inner-switchToLatest",
      """
      let q = events 0ms:"ipad", 100ms:"iphone", 400ms:|
      q | map { x in { just x + "!" | delay x.count * 100ms } } | switchToLatest
      """
    ),
    ("inner-merge-bound-name", #"let a = marbles "-7---8-|"; let b = marbles "--1-2---|"; a | merge b"#),
    (
      "inner-nested-flatMap",
      "just 1,2 | flatMap { a in { just 10,20 | flatMap { b in { timer 100ms | map a + b } } } }"
    ),
    ("inner-summary", "range 1...12 | flatMap { n in { just n | delay 100ms } }"),
  ]

  @Test(arguments: examples.map(\.name))
  func diagramMatchesItsGoldenFile(name: String) throws {
    let program = try #require(Self.examples.first { $0.name == name }?.program)
    try GoldenFile(path: "text/\(name).txt").check(MustRunExampleGoldenTests.transcript(program))
  }

  @Test(arguments: examples.map(\.name))
  func pictureMatchesItsGoldenFile(name: String) throws {
    let program = try #require(Self.examples.first { $0.name == name }?.program)
    var interpreter = Interpreter()
    guard case .ran(let result, _) = interpreter.run(program) else {
      Issue.record("\(name) did not run")
      return
    }
    try GoldenFile(path: "svg/\(name).svg").check(SVGDiagram.render(result))
  }
}
