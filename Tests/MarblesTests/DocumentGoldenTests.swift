import StreamCore
import StreamLang
import Testing

@testable import Marbles

/// The JSON and event-list documents of real runs, byte for byte. The golden
/// files were written by the renderers that built each document as one
/// String, before they wrote as they went: these tests hold the writers to
/// exactly that output.
@Suite struct DocumentGoldenTests {
  /// DSL.md's must-run examples, and runs that reach every corner of the
  /// writers: escapes, doubles, NaN and infinity, durations, fractional
  /// times, drops, demand, a runtime error, a horizon.
  static let programs: [(name: String, program: String)] =
    MustRunExampleGoldenTests.examples + [
      // One pipeline per type: Swift's `just` takes values of one type.
      (
        "16-escapes-doubles",
        #"just 1.5, 0.1 + 0.2, 0.0 / 0.0, -1.0 / 0.0; just "say \"hi\"\n\ttab"; just [1, 2]; just 1, nil"#
      ),
      ("17-durations-fractions", "interval 0.25ms | take 3 | measureInterval"),
      ("18-runtime-error", "just 1, 0 | map 6 / x"),
      ("19-horizon", "interval 1s | map x * 2"),
      (
        "20-flatMap-max-drops",
        #"let s = subject 0ms:"a", 100ms:"b", 150ms:"c", 400ms:|; s | flatMap max 1 { x in { timer 200ms | map x } }"#
      ),
    ]

  static func run(_ program: String) throws -> RunResult {
    var interpreter = Interpreter()
    guard case .ran(let result, _) = interpreter.run(program) else {
      throw GoldenRunFailure(program: program)
    }
    return result
  }

  @Test(arguments: programs.map(\.name))
  func jsonDocumentMatchesItsGoldenFile(name: String) throws {
    let program = try #require(Self.programs.first { $0.name == name }?.program)
    try GoldenFile(path: "json/\(name).json").check(TimelineJSON.encode(try Self.run(program)) + "\n")
  }

  @Test(arguments: programs.map(\.name))
  func eventListMatchesItsGoldenFile(name: String) throws {
    let program = try #require(Self.programs.first { $0.name == name }?.program)
    try GoldenFile(path: "events/\(name).txt").check(EventList.render(try Self.run(program)) + "\n")
  }

  @Test(arguments: programs.map(\.name))
  func eventListWithDemandMatchesItsGoldenFile(name: String) throws {
    let program = try #require(Self.programs.first { $0.name == name }?.program)
    try GoldenFile(path: "events/\(name).demand.txt").check(
      EventList.render(try Self.run(program), includeDemand: true) + "\n")
  }
}

/// A golden program that did not parse or build.
struct GoldenRunFailure: Error, CustomStringConvertible {
  var program: String
  var description: String { "did not run: \(program)" }
}
