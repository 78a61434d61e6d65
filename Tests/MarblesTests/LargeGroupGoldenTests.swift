import StreamCore
import StreamLang
import Testing

@testable import Marbles

/// Instants with more values than a group or a bundle shows, drawn as text
/// and SVG. The golden files were written when a cell kept every value;
/// a cell now keeps only what is drawn, and must draw the same.
@Suite struct LargeGroupGoldenTests {
  static let programs: [(name: String, program: String, scale: VirtualInterval?)] = [
    ("group-of-twenty", "range 1...20 | map x * 2", nil),
    ("group-of-seven", "range 1...7 | collect 3", nil),
    ("groups-then-failure", #"range 1...9 | tryMap { x in x < 9 ? x : fail("nine") }"#, nil),
    ("instants-merged-by-scale", "interval 30ms | take 20 | flatMap { x in { range 0...x } }", .milliseconds(100)),
    ("retry-resubscribes-in-a-group", #"range 1...8 | tryMap x | append { fail "e" } | retry 1"#, nil),
  ]

  static func result(_ name: String) throws -> (RunResult, DiagramOptions) {
    let entry = try #require(programs.first { $0.name == name })
    var interpreter = Interpreter()
    guard case .ran(let result, _) = interpreter.run(entry.program) else {
      throw GoldenRunFailure(program: entry.program)
    }
    return (result, DiagramOptions(width: 100, scale: entry.scale))
  }

  @Test(arguments: programs.map(\.name))
  func textDiagramMatchesItsGoldenFile(name: String) throws {
    let (result, options) = try Self.result(name)
    try GoldenFile(path: "text/large-\(name).txt").check(TextDiagram.render(result, options: options) + "\n")
  }

  @Test(arguments: programs.map(\.name))
  func pictureMatchesItsGoldenFile(name: String) throws {
    let (result, options) = try Self.result(name)
    try GoldenFile(path: "svg/large-\(name).svg").check(SVGDiagram.render(result, options: options))
  }
}
