import StreamCore
import Testing

@testable import StreamLang

/// A run ends when nothing left to happen can change what anyone sees: once
/// every subscription has ended, a timer an operator forgot to cancel (the
/// repeating timer of `timeout`) or a delivery it scheduled before its
/// subscriber cancelled (`delay`, `throttle`) must not stretch the axis to
/// that timer's time or to the horizon.
struct RunEndTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let program: String
    /// The output row, worked out by hand.
    let output: String
    /// When the last thing anyone sees happens: the run ends there.
    let endMilliseconds: Int
    var testDescription: String { program }
  }

  static let timedOperators: [Case] = [
    // `never` is cancelled when the timeout fires; nothing is left after it.
    Case(program: "never | timeout 500ms", output: "500ms |", endMilliseconds: 500),
    Case(program: "never | timeout 500ms fail \"slow\"", output: "500ms #\"slow\"", endMilliseconds: 500),
    // The values 1 and 2 are due at 1100ms and 1200ms, but the subscriber
    // cancelled at 250ms, so delay will never deliver them.
    Case(program: "interval 100ms | delay 1s @..250ms", output: "250ms !", endMilliseconds: 250),
    // throttle sends 0 at once and holds 1 for the end of its interval
    // (1100ms); the cancel at 250ms means it is never sent.
    Case(
      program: "interval 100ms | throttle 1s latest: true @..250ms", output: "100ms 0, 250ms !",
      endMilliseconds: 250),
    Case(program: "interval 100ms | debounce 1s @..250ms", output: "250ms !", endMilliseconds: 250),
    Case(program: "interval 100ms | collect 1s @..250ms", output: "250ms !", endMilliseconds: 250),
    Case(
      program: "interval 100ms | measureInterval @..250ms", output: "100ms 100ms, 200ms 100ms, 250ms !",
      endMilliseconds: 250),
  ]

  @Test(arguments: timedOperators)
  func runEndsWhenItsLastSubscriptionEnds(_ example: Case) throws {
    let (ran, diagnostics) = runProgram(example.program)
    let result = try #require(ran, "\(diagnostics)")
    let output = try #require(result.outputs.first)
    #expect(compact(output) == example.output)
    #expect(result.stop == .idle)
    #expect(result.endTime == .milliseconds(example.endMilliseconds))
  }

  @Test func aLaterSubscriberKeepsTheRunGoingAfterTheFirstOneEnds() throws {
    let (ran, diagnostics) = runProgram("never | timeout 100ms; just 1 @400ms")
    let result = try #require(ran, "\(diagnostics)")
    #expect(result.outputs.map(compact) == ["100ms |", "400ms 1, 400ms |"])
    #expect(result.stop == .idle)
    #expect(result.endTime == .milliseconds(400))
  }

  @Test func aLiveSourceStillRunsToTheHorizon() throws {
    var options = RunOptions()
    options.horizon = .milliseconds(1000)
    let (ran, diagnostics) = runProgram("interval 300ms | timeout 500ms", options: options)
    let result = try #require(ran, "\(diagnostics)")
    #expect(result.stop == .horizon(.milliseconds(1000)))
  }
}
