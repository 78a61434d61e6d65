import StreamCore
import SwiftRun
import Testing

/// Pastes the fuzzer and lesson 15 found wrong: each now runs as Swift does.
@Suite struct SwiftRunEdgeTests {
  /// The fuzzer's crasher (a trap inside `VirtualInterval.seconds`): a time
  /// too large for whole nanoseconds stops the run with Swift's own message
  /// for that conversion, the one the crashed process printed.
  @Test func aDurationTooLargeForNanosecondsIsSwiftsTrapNotACrash() {
    let tooLarge = "Double value cannot be converted to Int because the result would be greater than Int.max"
    for paste in [
      "let c = Just(1).delay(for: .seconds(1e300), scheduler: DispatchQueue.main).sink { print($0) }",
      "let c = Just(1).delay(for: 1e300, scheduler: DispatchQueue.main).sink { print($0) }",
      "DispatchQueue.main.asyncAfter(deadline: .now() + 1e300) { print(1) }",
    ] {
      #expect(Self.stop(paste)?.hasSuffix(tooLarge) == true, "\(paste)")
    }
    #expect(
      Self.stop("let c = Just(1).delay(for: .seconds(-1e300), scheduler: DispatchQueue.main).sink { print($0) }")?
        .hasSuffix("because the result would be less than Int.min") == true)
  }

  /// A `wait` whose timeout is more seconds than whole nanoseconds can count
  /// (found reading the change): the clock runs to its last instant and the
  /// wait fails as XCTest's does, where it trapped inside the conversion.
  @Test func aWaitLongerThanTheClockCanHoldEndsAtItsLastInstant() throws {
    let paste = """
      final class T: XCTestCase {
        func testX() {
          let e = expectation(description: "x")
          wait(for: [e], timeout: 1e300)
        }
      }
      """
    guard case .tested(let runs) = SwiftRun.run(paste) else {
      Issue.record("the paste did not run as a test")
      return
    }
    let assertion = try #require(runs.first?.result.assertions.first)
    #expect(!assertion.passed)
    #expect(assertion.time == VirtualTime(nanoseconds: .max))
    #expect(
      assertion.message
        == "Asynchronous wait failed - Exceeded timeout of 1e+300 seconds, with unfulfilled expectations: x")
  }

  /// The runtime error a paste stopped with, in words.
  static func stop(_ swift: String) -> String? {
    guard case .ran(let result, _) = SwiftRun.run(swift), case .runtimeError(let error) = result.stop else {
      return nil
    }
    return error.description
  }

  /// `self?.items.append(x)` changes the array through the optional chain,
  /// as `self?.items += [x]` does (it was silently a no-op).
  @Test func aMutatingCallThroughAnOptionalChainChangesTheProperty() {
    let log = printed(
      """
      final class Box {
        var items: [String] = []
        var c = Set<AnyCancellable>()
        init() {
          Just("x").sink { [weak self] in self?.items.append($0) }.store(in: &c)
          Just("y").sink { [weak self] in self?.items.insert($0, at: 0) }.store(in: &c)
        }
      }
      let box = Box()
      print(box.items)
      var missing: Box? = nil
      missing?.items.append("z")
      print(missing?.items.count ?? -1)
      """)
    #expect(log == ["0ms: [\"y\", \"x\"]", "0ms: -1"])
  }
}
