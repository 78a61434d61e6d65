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
        "100ms tap: receive value: (2)", "200ms tap: receive finished",
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
        "0ms i: request unlimited", "100ms i: receive value: (0)", "100ms i: receive cancel",
      ])
  }

  @Test func printAfterJustNamesJustsSubscriptionAsSwiftDoes() throws {
    // Just(1).print("x") in Swift: `x: receive subscription: (Just)`.
    #expect(try log(of: "just 1 | print \"x\"").first == "0ms x: receive subscription: (Just)")
  }

  @Test func printAfterRangeNamesTheRangeAsSwiftDoes() throws {
    // Apple's `(1...2).publisher.print()` logs `receive subscription: (1...2)`.
    #expect(try log(of: "range 1...3 | print \"r\"").first == "0ms r: receive subscription: (1...3)")
    #expect(try log(of: "range 1..<3 | print").first == "0ms receive subscription: (1..<3)")
    #expect(try log(of: "range 1...3000000 | print | take 1").first == "0ms receive subscription: (1...3000000)")
  }

  @Test func printLogsNoZeroSynchronousDemandAsApplesDoesNot() throws {
    // OpenCombine's Print logs `request max: (0) (synchronous)` after each
    // value a `sink` takes; Apple's documented log has no such line.
    #expect(try log(of: "just 1, 2 | print").allSatisfy { !$0.contains("request max: (0)") })
    // A demand that is not zero is logged as Apple logs it.
    #expect(try log(of: "just 1, 2 | print | flatMap max 1 { just x }").contains("0ms request max: (1)"))
  }

  @Test func aRunWithoutPrintHasNoLog() throws {
    #expect(try log(of: "just 1 | map x + 1").isEmpty)
  }

  @Test func aLongLogKeepsItsFirstTenThousandLinesAndCountsTheRest() throws {
    // 12,000 values: a subscription line, a request line, then one line per
    // value and one for the completion = 12,003 lines, 2,003 of them not kept.
    let lines = try log(of: "range 1...12000 | print")
    #expect(lines.count == 10_001)
    #expect(lines[9_999] == "0ms receive value: (9998)")
    #expect(lines.last == "0ms … 2003 more lines not kept (streamlab keeps the first 10000)")
  }

  @Test func logLinesCountTowardTheEventBudgetSoEndlessLoggingStops() throws {
    // Found by fuzzing: a flatMap of 65,536-value inner ranges through print
    // ran for minutes writing millions of lines the budget did not count.
    // Here the rows record about 20,000 events, under a budget of 30,000;
    // print's 20,002 lines push the run over it.
    let program = "range 1...10000 | print | count"
    let quiet = try #require(runProgram("range 1...10000 | count", options: RunOptions(maxEvents: 30_000)).0)
    #expect(quiet.stop == .idle)
    let (result, diagnostics) = runProgram(program, options: RunOptions(maxEvents: 30_000))
    let run = try #require(result, "\(diagnostics)")
    #expect(run.stop == .budget(30_000))
  }
}
