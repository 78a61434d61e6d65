import StreamCore

/// An `XCTestExpectation` of a pasted test: `expectation(description:)` or
/// `XCTestExpectation(description:)`, fulfilled by `fulfill()`, waited for by
/// `wait(for:timeout:)` on the virtual clock.
final class ExpectationValue: OpaqueValue {
  let expectationDescription: String
  /// How many `fulfill()` calls it takes (`expectedFulfillmentCount`).
  var expectedCount = 1
  /// `isInverted`: the wait passes only when it is never fulfilled.
  var isInverted = false
  private(set) var fulfilments = 0

  init(description: String) {
    expectationDescription = description
  }

  override var typeName: String { "XCTestExpectation" }
  override var description: String { "Expectation(\"\(expectationDescription)\")" }

  var isFulfilled: Bool { fulfilments >= expectedCount }

  /// Counts one `fulfill()`.
  func fulfill() {
    fulfilments += 1
  }
}
