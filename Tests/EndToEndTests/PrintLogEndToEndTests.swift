import Foundation
import Testing

/// `print` logs what Apple's `print` logs (issue 27, item 4): the upstream
/// named as Combine names it, `request unlimited`, the values and the
/// completion, and no `request max: (0) (synchronous)` after each value.
/// Apple's wording comes from `print(_:to:)`'s documentation and OpenCombine's
/// Apple-checked `PrintTests`.
@Suite struct PrintLogEndToEndTests {
  /// The texts of the run's log, read from `eval --format json`.
  private func log(of program: String) throws -> [String] {
    let run = try ProcessRun.streamlab(["eval", "--format", "json", program])
    #expect(run.status == 0, "stderr: \(run.standardError)")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    let log = try #require(document["log"] as? [[String: Any]], "no log in \(run.standardOutput)")
    return log.compactMap { $0["text"] as? String }
  }

  @Test func printAfterARangeLogsWhatApplesDocumentedExampleLogs() throws {
    // Apple's documentation of print(_:to:): `(1...2).publisher.print("Logged a message").sink { _ in }`.
    #expect(
      try log(of: #"range 1...2 | print "Logged a message""#) == [
        "Logged a message: receive subscription: (1...2)",
        "Logged a message: request unlimited",
        "Logged a message: receive value: (1)",
        "Logged a message: receive value: (2)",
        "Logged a message: receive finished",
      ])
  }

  @Test func printAfterASequenceLogsNoZeroDemandAfterItsValues() throws {
    #expect(
      try log(of: #"just 1,2,3 | print "p""#) == [
        "p: receive subscription: ([1, 2, 3])", "p: request unlimited", "p: receive value: (1)",
        "p: receive value: (2)", "p: receive value: (3)", "p: receive finished",
      ])
  }

  @Test func printLogsATextValueAsSwiftInterpolatesIt() throws {
    // Print writes `receive value: (\(input))`: Apple's `["ipad", "mac"].publisher.print("p")`
    // logs `p: receive value: (ipad)`, the text without quotes.
    #expect(
      try log(of: #"just "ipad", "mac" | print "p""#) == [
        #"p: receive subscription: (["ipad", "mac"])"#, "p: request unlimited", "p: receive value: (ipad)",
        "p: receive value: (mac)", "p: receive finished",
      ])
  }

  @Test func pastedSwiftPrintLogsTheSameLines() throws {
    let run = try ProcessRun.streamlab([
      "eval", "--swift", "--format", "json", #"let c = (1...2).publisher.print("Logged a message").sink { _ in }"#,
    ])
    #expect(run.status == 0, "stderr: \(run.standardError)")
    #expect(run.standardOutput.contains(#""text": "Logged a message: receive subscription: (1...2)""#))
    #expect(!run.standardOutput.contains("(synchronous)"))
  }

  @Test(arguments: [
    ("just 1 | print", "receive subscription: (Just)"),
    ("range 1..<3 | print", "receive subscription: (1..<3)"),
    ("subject 100ms:1, 200ms:| | print", "receive subscription: (PassthroughSubject)"),
    ("current 0, 100ms:1 | print", "receive subscription: (CurrentValueSubject)"),
    // `map` hands its upstream's subscription on, as Apple's does (OpenCombine's
    // Apple-checked MapTests see `.subscription("PassthroughSubject")` through a map).
    ("just 1 | map x + 1 | print", "receive subscription: (Just)"),
    ("just 1 | delay 10ms | print", "receive subscription: (Delay)"),
    ("just 1 | debounce 100ms | print", "receive subscription: (Debounce)"),
    ("just 1, 2 | output at 1 | print", "receive subscription: (Output)"),
  ])
  func printNamesTheUpstreamAsCombineDoes(program: String, first: String) throws {
    #expect(try log(of: program).first == first)
  }

  @Test func handleEventsNamesTheSubscriptionAsPrintDoes() throws {
    #expect(try log(of: "just 1 | delay 10ms | handleEvents subscription: x") == ["Delay"])
  }
}
