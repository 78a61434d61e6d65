import StreamCore
import StreamLang
import SwiftImport

/// Runs pasted Swift: its statements in order on the virtual clock, its
/// objects and closures as Swift has them, its Combine code on the real
/// engine (DESIGN.md, "Two front ends, one engine").
public enum SwiftRun {
  public enum Outcome {
    /// The run, with a row for every subscription the paste made, and where
    /// in the Swift each subscription and operator is.
    case ran(RunResult, Uses)
    /// The paste declares `XCTestCase` subclasses: each `test…` method was
    /// run on its own fresh clock, in order (issue 32).
    case tested([TestCaseRun])
    /// The paste cannot be read or uses what streamlab does not run: where, and what to write instead.
    case refused(Diagnostic)
  }

  /// Runs on a `LargeStack` thread, as the pipeline language's interpreter
  /// does: a paste's nested closures, calls and sends recurse on the stack.
  ///
  /// - Parameter givens: a lesson's givens (`let` bindings in the pipeline
  ///   language, see `GivenStreams`), which the paste uses by name.
  public static func run(_ swift: String, options: RunOptions = RunOptions(), givens: Program? = nil) -> Outcome {
    LargeStack.run { runHere(swift, options: options, givens: givens) }
  }

  private static func runHere(_ swift: String, options: RunOptions, givens: Program?) -> Outcome {
    let statements: [SwiftStatement]
    switch SwiftSource.parse(swift) {
    case .success(let parsed): statements = parsed
    case .failure(let diagnostic): return .refused(diagnostic)
    }
    // What swiftc refuses before anything runs (issue 29's cuts).
    if let refusal = UndeclaredNames.diagnostic(in: statements, givens: givens?.boundNames ?? [])
      ?? MissingReturns.first(in: statements)
    {
      return .refused(refusal)
    }
    let tests = testMethods(in: statements)
    if !tests.isEmpty { return runTests(tests, statements, swift, options: options, givens: givens) }
    let machine = Machine(text: swift, options: options)
    defer { machine.end() }
    do {
      if let givens { try machine.bindGivens(givens) }
      let result = try machine.run(statements)
      return .ran(
        result,
        Uses(
          subscriptionOffsets: machine.subscriptionOffsets, operators: machine.operatorUses,
          untypedStages: machine.untypedStages, subscriptionStatements: machine.subscriptionStatements))
    } catch SwiftRunError.refused(let diagnostic) {
      return .refused(diagnostic)
    } catch SwiftRunError.trap(let message, let range) {
      return .refused(Diagnostic(message, at: range))
    } catch SwiftRunError.thrown(let value, let range) {
      return .refused(Diagnostic("an error was thrown and not caught: \(SwiftText.plain(value))", at: range))
    } catch {
      return .refused(Diagnostic("\(error)", at: SourceRange(start: 0, end: 0)))
    }
  }

  /// Each `XCTestCase` subclass's `test…` methods, in declaration order:
  /// XCTest runs those that take nothing (sorted by name on Linux, by
  /// declaration on Apple platforms' Xcode listing; streamlab keeps the paste's order).
  static func testMethods(in statements: [SwiftStatement]) -> [(className: String, method: String)] {
    statements.flatMap { statement -> [(className: String, method: String)] in
      guard case .type(let declaration) = statement.kind, Machine.isTestCase(declaration) else { return [] }
      return declaration.members.compactMap { member in
        guard case .function(let function) = member.kind, function.name.hasPrefix("test"),
          function.parameters.isEmpty, !function.modifiers.contains("static")
        else { return nil }
        return (declaration.name, function.name)
      }
    }
  }

  /// Each test on a machine of its own, so each starts on a fresh clock with fresh globals.
  private static func runTests(
    _ tests: [(className: String, method: String)], _ statements: [SwiftStatement], _ swift: String,
    options: RunOptions, givens: Program?
  ) -> Outcome {
    var runs: [TestCaseRun] = []
    for test in tests {
      let machine = Machine(text: swift, options: options)
      defer { machine.end() }
      do {
        if let givens { try machine.bindGivens(givens) }
        runs.append(try machine.runTest(statements, className: test.className, methodName: test.method))
      } catch SwiftRunError.refused(let diagnostic) {
        return .refused(diagnostic)
      } catch {
        return .refused(Diagnostic("\(error)", at: SourceRange(start: 0, end: 0)))
      }
    }
    return .tested(runs)
  }

  /// Where a run's subscriptions and operators are in the Swift (UTF-8
  /// offsets): what a lesson's `require:` and `forbid:` and its choice of the
  /// answer's output row read.
  public struct Uses {
    /// Where each subscription (`sink`, `assign`) was made, in the order of the run's pipelines.
    public var subscriptionOffsets: [Int]
    /// Each operator method called on a publisher, by its Combine name.
    public var operators: [(name: String, offset: Int)]
    /// What the typer could not type where a shown stage's type has a `_`:
    /// "the closure of `.map` at line 3:6", for `:type` to say.
    public var untypedStages: [String] = []
    /// Where the statement that made each shown pipeline's subscription
    /// starts, by pipeline: where the type oracle asks swiftc for its stages.
    public var subscriptionStatements: [Int] = []
  }
}
