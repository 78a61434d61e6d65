import StreamCore
import StreamLang
import SwiftImport

/// Runs pasted Swift: its statements in order on the virtual clock, its
/// objects and closures as Swift has them, its Combine code on the real
/// engine (DESIGN.md, "Two front ends, one engine").
public enum SwiftRun {
  public enum Outcome {
    /// The run, with a row for every subscription the paste made.
    case ran(RunResult)
    /// The paste cannot be read or uses what streamlab does not run: where, and what to write instead.
    case refused(Diagnostic)
  }

  public static func run(_ swift: String, options: RunOptions = RunOptions()) -> Outcome {
    let statements: [SwiftStatement]
    switch SwiftSource.parse(swift) {
    case .success(let parsed): statements = parsed
    case .failure(let diagnostic): return .refused(diagnostic)
    }
    let machine = Machine(text: swift, options: options)
    defer { machine.end() }
    do {
      return .ran(try machine.run(statements))
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
}
