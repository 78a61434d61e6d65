import StreamCore

/// Runs programs and keeps the `let` bindings of a REPL session or a lesson
/// exercise between them.
///
/// Each call to `run` is one program on a fresh virtual clock starting at
/// 0ms (DSL.md): bindings carry over as pipelines, never as running streams.
public struct Interpreter {
  private(set) var bindings: [String: BoundPipeline] = [:]
  /// The types of `bindings`, so an input does not type again what an earlier one typed.
  private var bindingTypes = SessionTypes()

  public init() {}

  /// The bound names, sorted, for completion and `:bindings`.
  public var bindingNames: [String] { bindings.keys.sorted() }

  /// The bindings as the student typed them, sorted by name.
  public var boundPipelines: [BoundPipeline] { bindingNames.compactMap { bindings[$0] } }

  /// Forgets every binding (`:clear`).
  public mutating func removeAllBindings() {
    bindings.removeAll()
    bindingTypes.removeAll()
  }

  /// Parses and runs one program. Its bindings are kept only when the whole
  /// program parsed and built. It runs on a `LargeStack`, which holds every
  /// program `ProgramLimits` lets through.
  public mutating func run(_ text: String, options: RunOptions = RunOptions()) -> Evaluation {
    LargeStack.run { runHere(text, options: options) }
  }

  private mutating func runHere(_ text: String, options: RunOptions) -> Evaluation {
    let parsed = Parser.parse(text, boundNames: bindings.keys, isInterrupted: options.isInterrupted)
    guard parsed.diagnostics.isEmpty else {
      let diagnostics = parsed.diagnostics
      if options.isInterrupted() { DeferredRelease.release(consume parsed) }
      return .invalid(diagnostics)
    }
    // Swift refuses an ill-typed program before it runs, and so does streamlab.
    let typed: TypedProgram
    let bindingStages: [String: TypeInference.Stage]
    do {
      (typed, bindingStages) = try TypeChecker.check(
        parsed.program, environment: bindings, session: bindingTypes, isInterrupted: options.isInterrupted)
    } catch {
      if options.isInterrupted() { DeferredRelease.release(consume parsed) }
      return .invalid(error.diagnostics)
    }
    var run = ProgramRun(
      program: parsed.program, bindings: bindings, options: options, typed: typed)
    let problems = run.start()
    guard problems.isEmpty else {
      run.end()
      if options.isInterrupted() { DeferredRelease.release((consume run, consume parsed, consume typed)) }
      return .invalid(problems)
    }
    // Still on the large stack: tearing down a deep pipeline nests as deep.
    defer { run.end() }
    bindings = run.bindings
    bindingTypes.keep(bindingStages, of: bindings)
    var result = run.finish()
    result.stageTypes = typed.shown.map { pipeline in pipeline.stages.map(\.typeLabel) }
    result.notes = typed.warnings.map { "warning: \($0.description)" } + result.notes
    return .ran(result, parsed.program)
  }

  /// The types of every stage of `text`, checked against the session's
  /// bindings, without running it (`:type`); or why it does not parse or
  /// type-check, or that `isInterrupted` stopped it.
  public func types(of text: String, isInterrupted: () -> Bool = { false }) -> Result<TypedProgram, TypeCheckFailure> {
    LargeStack.run { () -> Result<TypedProgram, TypeCheckFailure> in
      let parsed = Parser.parse(text, boundNames: bindings.keys, isInterrupted: isInterrupted)
      guard parsed.diagnostics.isEmpty else { return .failure(TypeCheckFailure(diagnostics: parsed.diagnostics)) }
      do throws(TypeCheckFailure) {
        return .success(
          try TypeChecker.check(
            parsed.program, environment: bindings, session: bindingTypes, isInterrupted: isInterrupted
          ).typed)
      } catch {
        return .failure(error)
      }
    }
  }
}
