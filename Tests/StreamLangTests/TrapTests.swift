import StreamCore
import Testing

@testable import StreamLang

/// A division by zero or an overflow traps in Swift in every closure, the
/// closures of `tryMap` and the other `try` operators included: only a thrown
/// error (`fail("…")`) becomes a failure event. The Swift Programming
/// Language, "Overflow Operators" and "Error Handling": arithmetic overflow
/// and division by zero are runtime errors, not errors a `throws` closure throws.
@Suite struct TrapTests {
  /// A program whose closure divides by zero, the stage it stops in, and the
  /// fix the message must show.
  struct Trapping: CustomTestStringConvertible, Sendable {
    var program: String
    var stage: String
    var fix: String
    var testDescription: String { program }
  }

  static let divisionsByZero: [Trapping] = [
    .init(program: "just 1, 0 | tryMap 10 / x", stage: "tryMap 10 / x", fix: "tryMap x == 0 ? fail(\"zero\") : 10 / x"),
    .init(
      program: "just 1, 0 | tryCompactMap 10 / x", stage: "tryCompactMap 10 / x",
      fix: "tryCompactMap x == 0 ? fail(\"zero\") : 10 / x"),
    .init(
      program: "just 1, 0 | tryFilter 10 / x > 1", stage: "tryFilter 10 / x > 1",
      fix: "tryFilter x == 0 ? fail(\"zero\") : 10 / x > 1"),
    .init(
      program: "just 1, 0 | tryScan 0, acc + 10 / x", stage: "tryScan 0, acc + 10 / x",
      fix: "tryScan 0, x == 0 ? fail(\"zero\") : acc + 10 / x"),
    .init(
      program: "just 1, 0 | tryReduce 0, acc + 10 % x", stage: "tryReduce 0, acc + 10 % x",
      fix: "tryReduce 0, x == 0 ? fail(\"zero\") : acc + 10 % x"),
    .init(
      program: "just 1, 0 | tryFirst where 10 / x > 20", stage: "tryFirst where 10 / x > 20",
      fix: "tryFirst where x == 0 ? fail(\"zero\") : 10 / x > 20"),
    .init(
      program: "just 1, 0 | tryLast where 10 / x > 20", stage: "tryLast where 10 / x > 20",
      fix: "tryLast where x == 0 ? fail(\"zero\") : 10 / x > 20"),
    .init(
      program: "just 1, 0 | tryPrefix while 10 / x > 0", stage: "tryPrefix while 10 / x > 0",
      fix: "tryPrefix while x == 0 ? fail(\"zero\") : 10 / x > 0"),
    .init(
      program: "just 1, 0 | tryDrop while 10 / x > 0", stage: "tryDrop while 10 / x > 0",
      fix: "tryDrop while x == 0 ? fail(\"zero\") : 10 / x > 0"),
    .init(
      program: "just 1, 0 | tryAllSatisfy 10 / x > 0", stage: "tryAllSatisfy 10 / x > 0",
      fix: "tryAllSatisfy x == 0 ? fail(\"zero\") : 10 / x > 0"),
    .init(
      program: "just 1, 0 | tryMap { v in 10 / (v * 2) }", stage: "tryMap { v in 10 / (v * 2) }",
      fix: "tryMap { v in (v * 2) == 0 ? fail(\"zero\") : 10 / (v * 2) }"),
    .init(program: "just 1, 0 | map 10 / x", stage: "map 10 / x", fix: "tryMap x == 0 ? fail(\"zero\") : 10 / x"),
    .init(
      program: "just 1, 0 | filter 10 / x > 1", stage: "filter 10 / x > 1",
      fix: "tryFilter x == 0 ? fail(\"zero\") : 10 / x > 1"),
  ]

  @Test(arguments: divisionsByZero)
  func divisionByZeroStopsTheRunInEveryOperatorAndNamesTheThrowingFix(_ case: Trapping) throws {
    let (result, diagnostics) = runProgram(`case`.program)
    let run = try #require(result, "\(diagnostics)")
    guard case .runtimeError(let error) = run.stop else {
      Issue.record("expected the run to stop, got \(run.stop) with \(run.outputs.map(compact))")
      return
    }
    #expect(error.stage == `case`.stage)
    #expect(error.value == .int(0))
    #expect(error.message.hasPrefix("division by zero"))
    #expect(error.message.contains("Swift stops the process here"))
    #expect(error.message.contains("`\(`case`.fix)`"), "\(error.message)")
    #expect(!error.message.contains("turns errors into failures"))
    // No failure event: Swift never delivers one, the process is gone.
    #expect(
      run.outputs.allSatisfy { row in !row.marbleEvents.contains { if case .failed = $0.kind { true } else { false } } }
    )
  }

  @Test func overflowInTryMapStopsTheRunInsteadOfFailingTheStream() throws {
    let (result, diagnostics) = runProgram("just 9223372036854775807 | tryMap x + 1")
    let run = try #require(result, "\(diagnostics)")
    guard case .runtimeError(let error) = run.stop else {
      Issue.record("expected the run to stop, got \(run.stop) with \(run.outputs.map(compact))")
      return
    }
    #expect(error.message.hasPrefix("integer overflow"))
    #expect(error.message.contains("Swift stops the process here"))
    #expect(error.message.contains("`fail(\"…\")` in `tryMap`"))
  }

  @Test func theFixFromTheMessageRunsAndFailsTheStreamWithTheThrownError() {
    #expect(outputs(of: "just 1, 0 | tryMap x == 0 ? fail(\"zero\") : 10 / x") == ["0ms 10, 0ms #\"zero\""])
  }

  @Test func failInTryCatchIsTheFailureButADivisionByZeroThereStopsTheRun() throws {
    #expect(
      outputs(of: "fail \"x\" | tryCatch { e in e == \"x\" ? fail(\"again: \" + e) : { just 0 } }")
        == ["0ms #\"again: x\""])
    let (result, diagnostics) = runProgram("fail \"\" | tryCatch 10 / x.count > 1 ? { just 0 } : { just 1 }")
    let run = try #require(result, "\(diagnostics)")
    guard case .runtimeError(let error) = run.stop else {
      Issue.record("expected the run to stop, got \(run.stop) with \(run.outputs.map(compact))")
      return
    }
    #expect(error.message.contains("Swift stops the process here"))
  }
}
