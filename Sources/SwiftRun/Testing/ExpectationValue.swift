import StreamCore
import StreamLang

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
  /// Where it was made: XCTest names that line when it is never waited for.
  let madeAt: SourceRange
  /// True once a `wait` or `fulfillment` named it (or waited for every expectation).
  var waitedFor = false
  /// The place of its first `fulfill()` in the test's order of first fulfilments, and where it was.
  private(set) var firstFulfilment: (order: Int, at: SourceRange)?

  init(description: String, madeAt: SourceRange) {
    expectationDescription = description
    self.madeAt = madeAt
  }

  override var typeName: String { "XCTestExpectation" }
  override var description: String { "Expectation(\"\(expectationDescription)\")" }

  var isFulfilled: Bool { fulfilments >= expectedCount }

  /// Counts one `fulfill()`; the first is the `order`-th of the test's.
  func fulfill(order: Int, at range: SourceRange) {
    if firstFulfilment == nil { firstFulfilment = (order, range) }
    fulfilments += 1
  }
}
