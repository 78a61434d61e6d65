/// Gives every stage of a program the `Output` and `Failure` Swift would
/// infer for it, from Combine's declarations, before anything runs.
///
/// It sits between the parser and the builder: a program Swift would not
/// compile (`just 1,2,3 | map x + "a"`, `just 1 | merge { fail "x" }`) is
/// refused with a diagnostic at the place, naming the Combine rule and the fix,
/// exactly as a parse error is. What Swift checks only while running
/// (overflow, division by zero, an index out of range) stays the run's job.
///
///     let typed = try TypeChecker.check(program, bindings: interpreter.boundPipelines)
///     typed.shown[0].stages.map(\.type.spelling)   // ["<Int, Never>", "<Int, Never>"]
public enum TypeChecker {
  /// The types of `program`, whose names may refer to the session's earlier
  /// `bindings`; throws every type error, one per statement, in program order.
  public static func check(_ program: Program, bindings: [BoundPipeline] = []) throws(TypeCheckFailure)
    -> TypedProgram
  {
    let environment = Dictionary(bindings.map { ($0.name, $0) }) { _, later in later }
    return try check(program, environment: environment)
  }

  /// `isInterrupted` is looked at every `ProgramPhase.statementsBetweenLooks`
  /// statements: once it is true, checking stops with a diagnostic there.
  public static func check(
    _ program: Program, environment: [String: BoundPipeline], isInterrupted: () -> Bool = { false }
  ) throws(TypeCheckFailure) -> TypedProgram {
    try check(program, environment: environment, session: SessionTypes(), isInterrupted: isInterrupted).typed
  }

  /// `check(_:environment:isInterrupted:)` that starts from the types the
  /// session already knows of `environment`'s bindings, and also gives the
  /// type of each binding of `program` that later inputs may reuse.
  static func check(
    _ program: Program, environment: [String: BoundPipeline], session: SessionTypes,
    isInterrupted: () -> Bool = { false }
  ) throws(TypeCheckFailure) -> (typed: TypedProgram, bindingStages: [String: TypeInference.Stage]) {
    let known = session.stages
    let first = try check(
      program, environment: environment, known: known, stringDefaults: [], isInterrupted: isInterrupted)
    // A marble string some use needs as Strings is built as Strings for every
    // use: where another use took Int by default, it is typed again as String.
    guard first.defaultedToInt.contains(where: first.typed.stringMarbles.contains) else {
      return (first.typed, first.bindingStages)
    }
    let second = try check(
      program, environment: environment, known: known, stringDefaults: first.typed.stringMarbles,
      isInterrupted: isInterrupted)
    return (second.typed, second.bindingStages)
  }

  /// One pass; `stringDefaults` are the marble strings whose digits are
  /// Strings where no use says otherwise.
  private static func check(
    _ program: Program, environment: [String: BoundPipeline], known: [ObjectIdentifier: TypeInference.Stage],
    stringDefaults: Set<MarbleLiteral>, isInterrupted: () -> Bool
  ) throws(TypeCheckFailure) -> (
    typed: TypedProgram, defaultedToInt: Set<MarbleLiteral>, bindingStages: [String: TypeInference.Stage]
  ) {
    var defaultedToInt: Set<MarbleLiteral> = []
    var environment = environment
    var typed = TypedProgram()
    var errors: [Diagnostic] = []
    var illTyped: Set<String> = []
    var intMarbles: Set<MarbleLiteral> = []
    let bindingTypes = TypeInference.BindingTypes()
    bindingTypes.byBinding = known
    var bindingStages: [String: TypeInference.Stage] = [:]
    for (index, statement) in program.statements.enumerated() {
      if ProgramPhase.looks(before: index), isInterrupted() {
        let failure = TypeCheckFailure(
          diagnostics: errors + [ProgramPhase.typeChecking.interruption(at: statement.range)])
        DeferredRelease.release((consume environment, consume typed, bindingTypes))
        throw failure
      }
      let inference = TypeInference(
        text: program.text, illTyped: illTyped, stringDefaults: stringDefaults, bindingTypes: bindingTypes)
      do throws(Diagnostic) {
        switch statement {
        case .binding(let name, let pipeline, _):
          let bound = BoundPipeline(name: name.text, pipeline: pipeline, text: program.text, environment: environment)
          typed.bindings[name.text] = try inference.typedBinding(bound, environment: environment)
          environment[name.text] = bound
          bindingStages[name.text] = bindingTypes.byBinding[ObjectIdentifier(bound)]
          illTyped.remove(name.text)
        case .subscription(let pipeline, _, _):
          typed.shown.append(try inference.typedPipeline(pipeline, environment: environment))
        case .task(let steps, _, _):
          // Each loop of a task is a shown pipeline, in order.
          for case .loop(let pipeline, _) in steps {
            typed.shown.append(try inference.typedPipeline(pipeline, environment: environment))
          }
        case .connect, .owner, .release:
          break
        }
      } catch {
        var error = error
        error.isTypeError = true
        errors.append(error)
        // A later use of a binding that does not type-check would only repeat its error.
        if case .binding(let name, let pipeline, _) = statement {
          let bound = BoundPipeline(name: name.text, pipeline: pipeline, text: program.text, environment: environment)
          environment[name.text] = bound
          illTyped.insert(name.text)
        }
      }
      typed.warnings += inference.warnings
      typed.typeOnlyStages.merge(inference.typeOnlyStages) { _, later in later }
      for use in inference.marbleUses {
        if use.type == .string { typed.stringMarbles.insert(use.literal) }
        if use.type == .int, use.required { intMarbles.insert(use.literal) }
        if use.type == .int, !use.required { defaultedToInt.insert(use.literal) }
        // One literal is built one way: used as both Int and String, it is an error at its place.
        if typed.stringMarbles.contains(use.literal), intMarbles.contains(use.literal),
          !errors.contains(where: { $0.range == use.literal.range })
        {
          var error = TypeError.marbleUses(use.literal.diagram, at: use.literal.range)
          error.isTypeError = true
          errors.append(error)
        }
      }
    }
    guard errors.isEmpty else { throw TypeCheckFailure(diagnostics: errors) }
    return (typed, defaultedToInt, bindingStages)
  }
}
