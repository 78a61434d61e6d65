import StreamCore
import Testing

@testable import StreamLang

/// `handleEvents` is OpenCombine's `Publishers.HandleEvents` whose closures
/// log their expression's value in the run's log, where `print` writes, each
/// line stamped with the virtual time of its event.
@Suite struct HandleEventsLogTests {
  private func log(of program: String) throws -> [String] {
    let (result, diagnostics) = runProgram(program)
    let run = try #require(result, "\(diagnostics)")
    return run.log.map { "\($0.time.nanoseconds / 1_000_000)ms \($0.text)" }
  }

  @Test func outputAndCompletionLogTheValueAndFinishedAtTheirTimes() throws {
    #expect(
      try log(of: "events 0ms:1, 100ms:2, 200ms:| | handleEvents output: \"got \" + String(x), completion: x") == [
        "0ms got 1", "100ms got 2", "200ms finished",
      ])
  }

  @Test func completionSeesTheFailuresMessage() throws {
    #expect(try log(of: "fail \"boom\" | handleEvents completion: \"ended: \" + x") == ["0ms ended: boom"])
  }

  @Test func cancelLogsWhenADownstreamTakeCancels() throws {
    #expect(
      try log(of: "interval 100ms | handleEvents cancel: \"cancelled\", output: x | take 2") == [
        "100ms 0", "200ms 1", "200ms cancelled",
      ])
  }

  @Test func requestSeesEachDemandAsACountOrUnlimited() throws {
    #expect(try log(of: "just 1,2 | handleEvents request: x") == ["0ms unlimited"])
    // flatMap max 1 asks for one value, then one more each time an inner stream
    // finishes; OpenCombine's sequence finishes only when asked past its end.
    #expect(
      try log(of: "just 1,2,3 | handleEvents request: x | flatMap max 1 { just x }") == [
        "0ms 1", "0ms 1", "0ms 1", "0ms 1",
      ])
  }

  @Test func subscriptionLogsOnceBeforeAnyValue() throws {
    let lines = try log(of: "just 1 | handleEvents subscription: \"subscribed to \" + x, output: x")
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix("0ms subscribed to ") == true)
    #expect(lines.last == "0ms 1")
  }

  @Test func handlersLogInTheOrderOfTheEventsNotOfTheLabels() throws {
    #expect(
      try log(of: "just 5 | handleEvents completion: \"done\", output: x, request: \"asked\"") == [
        "0ms asked", "0ms 5", "0ms done",
      ])
  }

  @Test func anErrorInAnExpressionStopsTheRunNamingStageTimeAndValue() throws {
    let program = "events 0ms:1, 300ms:0 | handleEvents output: 10 / x"
    let (result, diagnostics) = runProgram(program)
    let run = try #require(result, "\(diagnostics)")
    guard case .runtimeError(let error) = run.stop else {
      Issue.record("expected a runtime error, got \(run.stop)")
      throw CancellationError()
    }
    #expect(error.stage == "handleEvents output: 10 / x")
    #expect(error.time == .milliseconds(300))
    #expect(error.value == .int(0))
    #expect(error.message.contains("division by zero"))
    #expect(run.log.map(\.text) == ["10"])
  }
}
