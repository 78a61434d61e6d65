/// The state of type checking one statement: the type variables met so far
/// and what each stands for, the texts the ranges point into, the warnings.
///
/// A bound name is typed anew at each use with fresh variables, as Swift
/// infers a generic source (`Empty()`, `Fail(error:)`) from each context.
final class TypeInference {
  /// What a name means inside an expression or as a source.
  struct Scope {
    /// Closure parameters, and the names they capture from enclosing closures.
    var names: [String: SwiftType] = [:]
    /// The `let` bindings visible here.
    var environment: [String: BoundPipeline]
  }

  /// One stage as inferred, before its variables are resolved.
  struct Stage {
    var label: String
    var type: StageType
    var publisherType: PublisherType
  }

  private var substitution: [Int: SwiftType] = [:]
  private var nextVariable = 0
  private var texts: [String]
  /// Bindings of this program that did not type-check: a use only repeats the error.
  private let illTyped: Set<String>
  private(set) var warnings: [Diagnostic] = []
  /// The all-digit `marbles` literals met, each with the type variable of its
  /// values (Int or String, decided by the use) and where to point an error.
  private var digitMarbles: [(literal: MarbleLiteral, values: SwiftType, errorRange: SourceRange)] = []
  /// How each all-digit `marbles` literal was typed in this statement;
  /// `required` is false where nothing asked and Int was taken by default.
  /// The type-only stages (`eraseToAnyPublisher`, `setFailureType`,
  /// `assertNoFailure`, `replaceNil`) of the program's own text, whose diagram
  /// note says the type they make; resolved in `typeOnlyStages`.
  private var typeOnlyPending: [(range: SourceRange, type: StageType)] = []
  private(set) var typeOnlyStages: [SourceRange: StageType] = [:]

  func recordTypeOnly(_ range: SourceRange, _ type: StageType) {
    if texts.count == 1 { typeOnlyPending.append((range, type)) }
  }

  /// The numbers of those type variables.
  private var digitMarbleVariables: Set<Int> = []
  private(set) var marbleUses: [(literal: MarbleLiteral, type: SwiftType, required: Bool)] = []
  /// How deep the inference is inside bindings and nested pipelines: a guard
  /// against programs that `ProgramLimits` would refuse anyway.
  private var depth = 0

  /// The marble strings whose digits are Strings where no use says otherwise.
  private let stringDefaults: Set<MarbleLiteral>

  /// The type of each binding already typed in this program, shared by
  /// every statement's inference (see `bound`).
  final class BindingTypes {
    var byBinding: [ObjectIdentifier: Stage] = [:]
  }
  private let bindingTypes: BindingTypes

  init(
    text: String, illTyped: Set<String> = [], stringDefaults: Set<MarbleLiteral> = [],
    bindingTypes: BindingTypes = BindingTypes()
  ) {
    texts = [text]
    self.illTyped = illTyped
    self.stringDefaults = stringDefaults
    self.bindingTypes = bindingTypes
  }

  func text(_ range: SourceRange) -> String { range.text(in: texts.last ?? "") }

  func warn(_ diagnostic: Diagnostic) {
    if texts.count == 1, !warnings.contains(diagnostic) { warnings.append(diagnostic) }
  }

  // MARK: Pipelines

  /// The whole pipeline, resolved: what `TypedProgram` holds.
  func typedPipeline(_ pipeline: Pipeline, environment: [String: BoundPipeline]) throws(Diagnostic) -> TypedPipeline {
    try resolvedPipeline(try self.pipeline(pipeline, in: Scope(environment: environment)))
  }

  /// A `let` statement's pipeline, resolved, as `typedPipeline`; its type is
  /// also kept as `bound` keeps it, so that the binding's first use does not
  /// type it all again (each link of a chain of bindings was typed twice).
  /// Kept only where `bound` would keep the same: no marbled digits (typed
  /// at each use) and no ill-typed binding in reach (placeholders here,
  /// the error again there).
  func typedBinding(_ binding: BoundPipeline, environment: [String: BoundPipeline]) throws(Diagnostic)
    -> TypedPipeline
  {
    let marblesBefore = digitMarbles.count
    let stages = try self.pipeline(binding.pipeline, in: Scope(environment: environment))
    let keepsType = digitMarbles.count == marblesBefore && illTyped.isEmpty
    let typed = try resolvedPipeline(stages)
    if keepsType, let last = typed.stages.last {
      bindingTypes.byBinding[ObjectIdentifier(binding)] = Stage(
        label: last.label, type: last.type, publisherType: typed.fullType)
    }
    return typed
  }

  /// `stages` with their variables resolved, once the statement's marbled digits are settled.
  private func resolvedPipeline(_ stages: [Stage]) throws(Diagnostic) -> TypedPipeline {
    try settleDigitMarbles()
    for (range, type) in typeOnlyPending {
      typeOnlyStages[range] = StageType(output: resolved(type.output), failure: resolved(type.failure))
    }
    typeOnlyPending.removeAll()
    var typed: [TypedStage] = []
    for stage in stages {
      let type = StageType(output: resolved(stage.type.output), failure: resolved(stage.type.failure))
      // By spelling: a Failure left open (`mapError x` on Never) is shown, and is, `Never`.
      let changesFailure = typed.last.map { $0.type.failure.spelling != type.failure.spelling } ?? false
      typed.append(
        TypedStage(
          label: stage.label, type: type, publisherType: stage.publisherType.resolved(by: resolved),
          changesFailure: changesFailure))
    }
    return TypedPipeline(stages: typed)
  }

  /// Every stage of `pipeline`, the source first.
  func pipeline(_ pipeline: Pipeline, in scope: Scope) throws(Diagnostic) -> [Stage] {
    depth += 1
    defer { depth -= 1 }
    guard depth < 200 else { return [placeholderStage(pipeline.source.range)] }
    var stages = [try source(pipeline.source, in: scope)]
    for stage in pipeline.operators {
      stages.append(try apply(stage, to: stages[stages.count - 1], in: scope))
    }
    return stages
  }

  /// The output stage of a pipeline used as a value (an argument, a
  /// fallback, an inner stream), with its full Combine type.
  func publisher(_ pipeline: Pipeline, in scope: Scope) throws(Diagnostic) -> Stage {
    let stages = try self.pipeline(pipeline, in: scope)
    var last = stages[stages.count - 1]
    last.publisherType = PublisherType.expanded(stages.map(\.publisherType))
    return last
  }

  func placeholderStage(_ range: SourceRange) -> Stage {
    Stage(
      label: text(range), type: StageType(output: .placeholder, failure: .placeholder),
      publisherType: .type(.placeholder))
  }

  /// The pipeline bound to `name`, typed anew for this use in its own text
  /// and environment; nil when nothing is bound to it.
  func bound(_ name: String, in scope: Scope) throws(Diagnostic) -> Stage? {
    guard let binding = scope.environment[name] else { return nil }
    if texts.count == 1, illTyped.contains(name) { return placeholderStage(binding.pipeline.range) }
    // Typed once, then each use gets a copy with fresh variables (Swift infers
    // a generic source such as `Empty()` anew in each context): typing every
    // use anew would double with each `let a2 = a1 | merge a1`.
    let key = ObjectIdentifier(binding)
    if let typed = bindingTypes.byBinding[key] { return instantiated(typed) }
    texts.append(binding.text)
    defer { texts.removeLast() }
    let marblesBefore = digitMarbles.count
    let typed = try publisher(binding.pipeline, in: Scope(environment: binding.environment))
    // Marbled digits take their type from each use, so such a binding is typed at each use.
    if digitMarbles.count == marblesBefore {
      bindingTypes.byBinding[key] = Stage(
        label: typed.label,
        type: StageType(output: resolved(typed.type.output), failure: resolved(typed.type.failure)),
        publisherType: typed.publisherType.resolved(by: resolved))
    }
    return typed
  }

  /// A copy of a binding's stage whose type variables are fresh ones.
  private func instantiated(_ stage: Stage) -> Stage {
    var fresh: [Int: SwiftType] = [:]
    func renamed(_ type: SwiftType) -> SwiftType {
      switch type {
      case .variable(let number):
        if let made = fresh[number] { return made }
        let made = self.fresh()
        fresh[number] = made
        return made
      case .array(let element): return .array(renamed(element))
      case .optional(let wrapped): return .optional(renamed(wrapped))
      case .tuple(let elements): return .tuple(elements.map(renamed))
      case .publisher(let output, let failure): return .publisher(output: renamed(output), failure: renamed(failure))
      default: return type
      }
    }
    return Stage(
      label: stage.label, type: StageType(output: renamed(stage.type.output), failure: renamed(stage.type.failure)),
      publisherType: stage.publisherType.resolved(by: renamed))
  }

  // MARK: Marbles

  /// The type of the values of an all-digit `marbles` literal: a variable the
  /// use decides (Int by default, String where a String is needed).
  func digitMarbleValues(_ literal: MarbleLiteral, stageRange: SourceRange) -> SwiftType {
    let values = fresh()
    if case .variable(let number) = values { digitMarbleVariables.insert(number) }
    digitMarbles.append((literal, values, texts.count == 1 ? literal.range : stageRange))
    return values
  }

  /// The type an unknown `variable` takes beside `other` in a binary
  /// operation: `other`'s, but Int for marbled digits beside a Double.
  func knownSide(_ variable: SwiftType, _ other: SwiftType) -> SwiftType {
    guard case .variable(let number) = variable, digitMarbleVariables.contains(number), other == .double else {
      return other
    }
    return .int
  }

  /// Gives every all-digit `marbles` literal met its type: what its use
  /// asked (Int or String), or Int. Another type is an error, as digits
  /// drawn in a diagram are only ever built as Ints or Strings.
  private func settleDigitMarbles() throws(Diagnostic) {
    for (literal, values, errorRange) in digitMarbles {
      var required = true
      if case .variable = resolved(values) {
        unify(values, stringDefaults.contains(literal) ? .string : .int)
        required = false
      }
      let type = resolved(values)
      guard type == .int || type == .string || type == .placeholder else {
        throw TypeError.marbleValues(type, at: errorRange)
      }
      marbleUses.append((literal, type, required))
    }
    digitMarbles.removeAll()
  }

  // MARK: Variables

  func fresh() -> SwiftType {
    nextVariable += 1
    return .variable(nextVariable)
  }

  /// `type` with every variable that stands for something replaced by it.
  func resolved(_ type: SwiftType) -> SwiftType {
    switch type {
    case .variable(let number):
      guard let bound = substitution[number] else { return type }
      return resolved(bound)
    case .array(let element): return .array(resolved(element))
    case .optional(let wrapped): return .optional(resolved(wrapped))
    case .tuple(let elements): return .tuple(elements.map(resolved))
    case .publisher(let output, let failure): return .publisher(output: resolved(output), failure: resolved(failure))
    default: return type
    }
  }

  /// Makes `a` and `b` one type, binding variables as needed; false when
  /// they are different types. A placeholder agrees with anything.
  @discardableResult
  func unify(_ a: SwiftType, _ b: SwiftType) -> Bool {
    let a = resolved(a)
    let b = resolved(b)
    if a == b { return true }
    switch (a, b) {
    case (.placeholder, _), (_, .placeholder):
      return true
    case (.variable(let number), let other), (let other, .variable(let number)):
      guard !occurs(number, in: other) else { return false }
      substitution[number] = other
      return true
    case (.array(let x), .array(let y)), (.optional(let x), .optional(let y)):
      return unify(x, y)
    case (.tuple(let xs), .tuple(let ys)):
      guard xs.count == ys.count else { return false }
      return zip(xs, ys).allSatisfy { unify($0, $1) }
    case (.publisher(let xo, let xf), .publisher(let yo, let yf)):
      return unify(xo, yo) && unify(xf, yf)
    default:
      return false
    }
  }

  private func occurs(_ number: Int, in type: SwiftType) -> Bool {
    switch resolved(type) {
    case .variable(let other): return other == number
    case .array(let element), .optional(let element): return occurs(number, in: element)
    case .tuple(let elements): return elements.contains { occurs(number, in: $0) }
    case .publisher(let output, let failure): return occurs(number, in: output) || occurs(number, in: failure)
    default: return false
    }
  }

  /// True when two failures are already known to be the same type.
  func sameFailure(_ a: SwiftType, _ b: SwiftType) -> Bool {
    let a = resolved(a)
    let b = resolved(b)
    return a == b || a == .placeholder || b == .placeholder
  }

  /// True when the resolved type is `Never` for sure (not a variable).
  func isNever(_ type: SwiftType) -> Bool { resolved(type) == .never }
}
