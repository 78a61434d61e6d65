import Foundation
import XCTest

/// The switch that proves an exported test is not vacuous: with
/// `STREAMLAB_BREAK_EXPECTED_EVENTS=1` in the environment of an XCTest run,
/// every `XCTAssertEqual` an exported test makes over a subscriber's events
/// has its last expected event changed before XCTest compares them, so a
/// test whose assertions run and see the program's real events must fail.
/// (`XCTestExportTests` starts that XCTest run as a process of its own:
/// XCTest is not run inside swift-testing's parallel tests.)
enum BrokenExpectations {
  static let isOn = ProcessInfo.processInfo.environment["STREAMLAB_BREAK_EXPECTED_EVENTS"] == "1"
}

/// The exported tests' `XCTAssertEqual(seen[0], [...])`, seen by this module
/// first (a module's own function is chosen over an imported generic one):
/// XCTest's own assertion, with one expected event changed when asked.
func XCTAssertEqual(
  _ seen: @autoclosure () throws -> [String], _ expected: @autoclosure () throws -> [String],
  _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {
  var expected = (try? expected()) ?? []
  if BrokenExpectations.isOn {
    if expected.isEmpty { expected = ["an event the program never sends"] } else { expected[expected.count - 1] += "!" }
  }
  xctestAssertEqual((try? seen()) ?? [], expected, message(), file: file, line: line)
}

/// XCTest's generic `XCTAssertEqual`: in a generic context the overload above cannot match.
private func xctestAssertEqual<T: Equatable>(
  _ seen: T, _ expected: T, _ message: String, file: StaticString, line: UInt
) {
  XCTAssertEqual(seen, expected, message, file: file, line: line)
}
