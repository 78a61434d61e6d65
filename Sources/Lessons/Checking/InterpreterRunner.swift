import StreamCore
import StreamLang

/// Runs programs with the language's real `Interpreter`, each on a fresh
/// interpreter (no bindings from earlier runs) and a fresh virtual clock.
public struct InterpreterRunner: ProgramRunning {
  public var options: RunOptions
  public var swiftAnswers: SwiftAnswerReading?

  /// `swiftAnswers` has no default, so every place that checks answers
  /// says whether Swift answers are read (StreamLab's `SwiftImportAnswers`).
  public init(options: RunOptions = RunOptions(), swiftAnswers: SwiftAnswerReading?) {
    self.options = options
    self.swiftAnswers = swiftAnswers
  }

  public func run(_ text: String) -> ProgramOutcome {
    run(text, options: options)
  }

  public func runTracingCauses(_ text: String) -> ProgramOutcome {
    var options = options
    options.tracksCauses = true
    return run(text, options: options)
  }

  private func run(_ text: String, options: RunOptions) -> ProgramOutcome {
    var interpreter = Interpreter()
    switch interpreter.run(text, options: options) {
    case .invalid(let diagnostics):
      return .invalid(diagnostics)
    case .ran(let result, let program):
      // One per shown pipeline, in the run's order: a bare pipeline, or each loop of a `task`.
      let offsets = program.statements.flatMap { statement -> [Int] in
        switch statement {
        case .subscription(_, _, let range): return [range.start]
        case .task(let steps, _, _):
          return steps.compactMap { step in
            if case .loop(_, let range) = step { return range.start }
            return nil
          }
        default: return []
        }
      }
      var collector = OperatorCollector(canonicalName: OperatorNames.canonical)
      collector.collect(program)
      return .ran(ProgramRun(result: result, subscriptionOffsets: offsets, operators: collector.uses))
    }
  }
}
