import StreamCore
import Testing

@testable import StreamLang

/// `print` is OpenCombine's `Publishers.Print` writing to the run's log: each
/// line in Combine's words, stamped with the virtual time it was written at.
@Suite struct PrintLogTests {
  private func log(of program: String) throws -> [String] {
    let (result, diagnostics) = runProgram(program)
    let run = try #require(result, "\(diagnostics)")
    return run.log.map { "\($0.time.nanoseconds / 1_000_000)ms \($0.text)" }
  }

  @Test func printLogsEveryEventInCombinesWordsWithItsTime() throws {
    #expect(
      try log(of: "events 0ms:1, 100ms:2, 200ms:| | print \"tap\"") == [
        "0ms tap: receive subscription: (TimedEvents)", "0ms tap: request unlimited", "0ms tap: receive value: (1)",
        "0ms tap: request max: (0) (synchronous)", "100ms tap: receive value: (2)",
        "100ms tap: request max: (0) (synchronous)", "200ms tap: receive finished",
      ])
  }

  @Test func printWithoutATagLogsNoPrefixAndLogsFailures() throws {
    let lines = try log(of: "fail \"boom\" | print")
    #expect(lines.last == "0ms receive error: (boom)")
    #expect(lines.contains("0ms request unlimited"))
  }

  @Test func printLogsTheCancelOfADownstreamTake() throws {
    let lines = try log(of: "interval 100ms | print \"i\" | take 1")
    #expect(
      Array(lines.suffix(3)) == [
        "100ms i: receive value: (0)", "100ms i: receive cancel", "100ms i: request max: (0) (synchronous)",
      ])
  }

  @Test func aRunWithoutPrintHasNoLog() throws {
    #expect(try log(of: "just 1 | map x + 1").isEmpty)
  }
}
