/// One XCTest assertion a pasted test made (issue 32): when it ran, where,
/// and XCTest's verdict in XCTest's words.
public struct AssertionResult: Hashable, Sendable {
  public var time: VirtualTime
  /// `line 20`: where the assertion is in the paste.
  public var line: Int
  /// The assertion as written: `XCTAssertEqual(received, ["sw"])`.
  public var source: String
  public var passed: Bool
  /// For a failure, XCTest's message: `XCTAssertEqual failed: ("["s"]") is not equal to ("["sw"]")`.
  public var message: String?

  public init(time: VirtualTime, line: Int, source: String, passed: Bool, message: String? = nil) {
    self.time = time
    self.line = line
    self.source = source
    self.passed = passed
    self.message = message
  }

  /// `✓` or `✗`: the mark on a test's assertions row.
  public var mark: String { passed ? "\u{2713}" : "\u{2717}" }

  /// `✓ line 20  XCTAssertEqual(received, ["sw"])`, or with `✗` and XCTest's message.
  public var sentence: String {
    "\(mark) line \(line)  " + (passed ? source : (message ?? source))
  }
}

/// One `test…` method of a pasted `XCTestCase` subclass, run on its own
/// fresh clock with `setUp` and `tearDown` around it.
public struct TestCaseRun: Hashable {
  /// `SearchTests`
  public var className: String
  /// `testDebounceDropsThePendingValue`
  public var methodName: String
  public var result: RunResult
  /// Why the test stopped before it returned (a trap, an uncaught error), if it did.
  public var crash: String?

  public init(className: String, methodName: String, result: RunResult, crash: String? = nil) {
    self.className = className
    self.methodName = methodName
    self.result = result
    self.crash = crash
  }

  public var passed: Bool { crash == nil && result.assertions.allSatisfy(\.passed) }

  /// `Test Case 'SearchTests.testDebounce' passed (2 assertions)`, as XCTest heads its lines.
  public var heading: String {
    let count = result.assertions.count
    let failed = result.assertions.filter { !$0.passed }.count
    let tally = "\(count) assertion\(count == 1 ? "" : "s")" + (failed > 0 ? ", \(failed) failed" : "")
    return "Test Case '\(className).\(methodName)' \(passed ? "passed" : "failed") (\(tally))"
  }
}
