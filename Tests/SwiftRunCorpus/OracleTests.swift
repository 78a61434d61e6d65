import OpenCombine
import Testing

/// The oracle's stand-ins behave as what they stand in for: Dispatch's main
/// queue, Foundation's timer publisher and `Date`, Point-Free's test
/// scheduler, Swift's `print`.
@MainActor
struct OracleTests {
  /// A new clock and log, at the start of each test's body: the suite's
  /// tests and the corpus's share them, one body at a time on the main actor.
  func startClock() {
    OracleClock.shared = OracleClock()
    OracleLog.shared = OracleLog()
  }

  @Test func workDueAtTheSameInstantRunsFirstInFirstOut() {
    startClock()
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) { print("first") }
    DispatchQueue.main.async { print("now") }
    DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) { print("second") }
    print("statement")
    OracleClock.shared.run()
    #expect(OracleLog.shared.finish() == ["0ms: statement", "0ms: now", "100ms: first", "100ms: second"])
  }

  @Test func aTimerFiresOneIntervalAfterItConnectsAndPrefixFinishesWithItsLastValue() {
    startClock()
    let cancellable = Timer.publish(every: 0.25, on: .main, in: .common).autoconnect().prefix(2)
      .sink(receiveCompletion: { _ in print("finished") }, receiveValue: { print($0.timeIntervalSince1970) })
    OracleClock.shared.run()
    withExtendedLifetime(cancellable) {}
    #expect(OracleLog.shared.finish() == ["250ms: 0.25", "500ms: 0.5", "500ms: finished"])
  }

  @Test func aTestSchedulerRunsOnlyWhatItIsAdvancedOver() {
    startClock()
    let scheduler = DispatchQueue.test
    scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(300))) { print("due at 300") }
    scheduler.advance(by: .milliseconds(299))
    print("at 299")
    OracleClock.shared.run()
    print("the main clock ran")
    scheduler.advance(by: .milliseconds(1))
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(5))) { print("never advanced to") }
    OracleClock.shared.run()
    #expect(
      OracleLog.shared.finish() == ["299ms: at 299", "299ms: the main clock ran", "300ms: due at 300"])
  }

  @Test func dateDescribesItselfAsFoundationDoes() {
    #expect(Date(timeIntervalSince1970: 3_661.5).description == "1970-01-01 01:01:01 +0000")
  }

  @Test func printJoinsItemsAndKeepsALineOpenUntilItsNewline() {
    startClock()
    print("a", 1, separator: "-", terminator: "")
    print(" b")
    print("c\nd")
    print("e", terminator: "")
    #expect(OracleLog.shared.finish() == ["0ms: a-1 b", "0ms: c", "0ms: d", "0ms: e"])
  }
}
