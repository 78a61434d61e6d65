import StreamCore
import Testing

@testable import StreamLang

/// `eraseToAnyPublisher`, `setFailureType`, `assertNoFailure` and `replaceNil`
/// change the Swift type: each row passes its values through and a note says
/// what the operator changes in Swift; a failure that reaches `assertNoFailure`
/// stops the run as Swift's fatal error would stop the process.
@Suite struct TypeOnlyOperatorTests {
  private func stopError(of program: String) throws -> (RuntimeError, RunResult) {
    let (result, diagnostics) = runProgram(program)
    let run = try #require(result, "\(diagnostics)")
    guard case .runtimeError(let error) = run.stop else {
      Issue.record("expected a runtime error, got \(run.stop)")
      throw CancellationError()
    }
    return (error, run)
  }

  @Test func assertNoFailureStopsTheRunWithCombinesMessageNamingStageAndTime() throws {
    let (error, run) = try stopError(of: "events 0ms:1, 300ms:#\"down\" | assertNoFailure \"check\"")
    #expect(error.stage == "assertNoFailure \"check\"")
    #expect(error.time == .milliseconds(300))
    #expect(error.message.hasPrefix("Fatal error: check: down"))
    #expect(error.message.contains("Swift stops the process here"))
    // The value before the failure arrived; the failure itself never goes downstream.
    #expect(run.outputs.map(compact) == ["0ms 1"])
  }

  @Test func assertNoFailureWithoutAPrefixSaysOnlyTheError() throws {
    let (error, _) = try stopError(of: "fail \"boom\" | assertNoFailure")
    #expect(error.message.hasPrefix("Fatal error: boom ("))
    #expect(error.time == .zero)
  }

  @Test(arguments: [
    (
      "just 1 | eraseToAnyPublisher",
      "eraseToAnyPublisher: the values pass unchanged; in Swift the publisher's type becomes AnyPublisher<Int, Never>"
    ),
    ("just 1 | setFailureType", "setFailureType: the values pass unchanged; in Swift a publisher that cannot fail"),
    ("just 1 | assertNoFailure", "assertNoFailure: the values pass unchanged; in Swift its Failure becomes Never"),
    (
      "just nil | replaceNil 0",
      "replaceNil: nil becomes the value and the others pass unchanged; in Swift the Output loses its optional"
    ),
  ])
  func eachTypeOnlyOperatorNotesWhatItChangesInSwift(_ program: String, _ note: String) throws {
    let (result, diagnostics) = runProgram(program)
    let run = try #require(result, "\(diagnostics)")
    #expect(run.notes.contains { $0.hasPrefix(note) }, "\(run.notes)")
  }

  /// The note names the Output and Failure the type checker gave the stage
  /// (only eraseToAnyPublisher makes an AnyPublisher, and its note says so).
  @Test(arguments: [
    ("just 1 | setFailureType", "; here <Int, Error>"),
    ("marbles \"-1-#\" | assertNoFailure", "; here <Int, Never>"),
    ("just nil | replaceNil 0", "; here <Int, Never>"),
    ("just 1, nil | replaceNil 0", "whose Output stays optional; here <Int?, Never>"),
    (
      "just 1 | setFailureType | eraseToAnyPublisher",
      "type becomes AnyPublisher<Int, Error>, hiding the chain of operators"
    ),
  ])
  func theNoteNamesTheCheckersType(_ program: String, _ type: String) throws {
    let (result, diagnostics) = runProgram(program)
    let run = try #require(result, "\(diagnostics)")
    #expect(run.notes.contains { $0.hasSuffix(type) }, "\(run.notes)")
  }

  @Test func aTypeOnlyRowIsTheSameAsTheRowAboveIt() throws {
    let (result, diagnostics) = runProgram("marbles \"-1-2|\" | eraseToAnyPublisher | setFailureType")
    let run = try #require(result, "\(diagnostics)")
    let rows = run.rows.map(compact)
    #expect(rows == ["100ms 1, 300ms 2, 400ms |", "100ms 1, 300ms 2, 400ms |", "100ms 1, 300ms 2, 400ms |"])
  }
}
