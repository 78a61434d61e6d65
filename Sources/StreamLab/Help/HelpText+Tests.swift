extension HelpText {
  /// `:help xctest` (also `:help test`): the two ways between a diagram and an XCTest (issue 32).
  static func xctest(width: Int) -> String {
    [
      ":test and pasted XCTest cases",
      "",
      wrapped(
        "`:test` (or `streamlab eval --format xctest`) prints the last program as an XCTest case: the Combine "
          + "code `:swift` prints, run on Point-Free's test scheduler (`DispatchQueue.test` from "
          + "combine-schedulers), the clock advanced step by step to each instant something happened, and one "
          + "`XCTAssertEqual` per subscriber over every event it saw, with its time. Add combine-schedulers to "
          + "your test target and the file runs as it is.",
        width: width),
      "",
      wrapped(
        "Paste a `final class …: XCTestCase` (`:paste`, or `eval --swift`) and streamlab runs it as XCTest "
          + "does: each `test…` method on a fresh clock, with `setUp` and `tearDown` around it, and nothing of "
          + "a test after it returns. `XCTAssertEqual`, `XCTAssertNotEqual`, `XCTAssertTrue`/`False`, "
          + "`XCTAssertNil`/`NotNil`, the ordering assertions, `XCTFail`, `XCTUnwrap` and "
          + "`XCTestExpectation` (`fulfill()`, `isInverted`, `expectedFulfillmentCount`) are evaluated; "
          + "`wait(for:timeout:)` and, in an `async` test, `await fulfillment(of:timeout:)` run the virtual "
          + "clock until the expectations are met or the timeout has passed (a test scheduler moves only "
          + "when advanced); `enforceOrder: true` checks the order they were fulfilled in, and an "
          + "expectation never waited for fails the test, as in XCTest. Properties declared `T!` "
          + "(`var vm: ViewModel!`, set in `setUp`) work as Swift's do. Each test shows its diagram and its "
          + "assertions at the times they ran, failures in XCTest's own words.",
        width: width),
    ].joined(separator: "\n")
  }
}
