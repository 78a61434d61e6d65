import StreamCore

/// Compiles expressions of one program into Swift closures, once each.
///
/// The builder makes one compiler per program and asks it for each closure
/// argument:
///
///     let compiler = ExpressionCompiler(boundNames: interpreter.bindingNames)
///     compiler.makeStream = { [unowned builder] pipeline, captures in
///       try builder.stream(for: pipeline, captures: captures)     // a `{ just x | delay 100ms }` value
///     }
///     let diagnostics = compiler.check(program)                   // every expression, nested ones too
///     let double = try compiler.compile(expr, as: .element)        // `map x * 2`
///     upstream.tryMap { try double($0) }
///
/// Inside a nested pipeline built by `makeStream`, the builder compiles that
/// pipeline's expressions with `captures: captures.layout` and calls them with
/// `captures:`; those compilations come from the cache filled by `check`.
/// A nested pipeline whose source is `.name(n)` and `n` is not a `let` name
/// reads the stream from `captures.value(of: n)`.
public final class ExpressionCompiler {
  /// Turns a `{ pipeline }` value into a stream, with the values it captured.
  public typealias StreamMaker = (Pipeline, Captures) throws(EvaluationError) -> StreamValue

  /// Names bound with `let`: an identifier with such a name is that stream.
  public var boundNames: Set<String>
  /// Called when an expression evaluates a `{ pipeline }`. Hold the builder
  /// weakly or unowned here: the compiler lives as long as its closures.
  public var makeStream: StreamMaker {
    get { streamMaker.make }
    set { streamMaker.make = newValue }
  }

  /// The whole expression, not just its range: a session's bindings come
  /// from earlier inputs whose ranges point into other texts.
  private struct Key: Hashable {
    var expr: Expr
    var signature: ClosureSignature
    var captures: CaptureLayout

    /// The expression's place stands for it in the hash; equal keys still
    /// hash alike, and equality compares the whole tree. Hashing every
    /// tree, again each time the cache grew, was a tenth of loading 10,000
    /// chained bindings (issue 26); two texts' expressions at the same place
    /// only share a bucket.
    func hash(into hasher: inout Hasher) {
      hasher.combine(expr.range)
      hasher.combine(signature.arity)
    }
  }

  /// Compiled closures reach `makeStream` through this box, so setting it
  /// after compiling still takes effect.
  private final class StreamMakerBox {
    var make: StreamMaker = { pipeline, _ throws(EvaluationError) in
      throw EvaluationError(.limit, "streams cannot be made here: `\(pipeline.source.keyword)`")
    }
  }

  private let streamMaker = StreamMakerBox()
  private var cache: [Key: Result<CompiledExpression, Diagnostic>] = [:]

  public init(boundNames: some Sequence<String> = [String]()) {
    self.boundNames = Set(boundNames)
  }

  /// Compiles every expression of `program`, nested pipelines included, and
  /// returns what does not compile: unknown names, unknown members, wrong
  /// argument counts. `let` names of the program become bound as they come.
  /// It looks at `isInterrupted` every `ProgramPhase.statementsBetweenLooks`
  /// statements; once it is true, it stops with a diagnostic there.
  public func check(_ program: Program, isInterrupted: () -> Bool = { false }) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for (index, statement) in program.statements.enumerated() {
      if ProgramPhase.looks(before: index), isInterrupted() {
        return diagnostics + [ProgramPhase.building.interruption(at: statement.range)]
      }
      for site in ExpressionSite.sites(in: statement) {
        do throws(Diagnostic) {
          _ = try compile(site.expr, as: site.signature)
        } catch {
          if !diagnostics.contains(error) { diagnostics.append(error) }
          if diagnostics.count >= 50 { return diagnostics }
        }
      }
      if case .binding(let name, _, _) = statement { boundNames.insert(name.text) }
    }
    return diagnostics
  }

  /// Compiles `expr` to be called with `signature`'s arguments, inside a
  /// nested pipeline whose enclosing closures provide `captures`.
  public func compile(_ expr: Expr, as signature: ClosureSignature, captures: CaptureLayout = .empty) throws(Diagnostic)
    -> CompiledExpression
  {
    let key = Key(expr: expr, signature: signature, captures: captures)
    if let cached = cache[key] { return try cached.get() }
    let result: Result<CompiledExpression, Diagnostic>
    do throws(Diagnostic) {
      result = .success(try compileClosure(expr, signature, captures))
    } catch {
      result = .failure(error)
    }
    cache[key] = result
    return try result.get()
  }

  private func compileClosure(_ expr: Expr, _ signature: ClosureSignature, _ captures: CaptureLayout) throws(Diagnostic)
    -> CompiledExpression
  {
    var scope = Scope(parameters: [], allowsDollar: true, captures: captures)
    var body = expr
    if case .closure(let parameters, let closureBody) = expr.kind {
      if signature.arity == 0 {
        throw Diagnostic(
          "a closure is not a value", at: expr.range, expected: "a value such as `1` or `\"text\"`",
          note: "closures are the arguments of operators such as `map`")
      }
      if parameters.count > 1, signature.arity == 1 {
        // `{ name, age in … }` on one tuple element: Swift takes the tuple
        // apart (the type checker has checked it is a tuple of that size).
        scope.parameters = [[]]
        scope.tupleElements = parameters
        scope.allowsDollar = false
      } else if !parameters.isEmpty {
        guard parameters.count == signature.arity else {
          throw Diagnostic(
            "this closure takes \(parameters.count) parameter\(parameters.count == 1 ? "" : "s"), but it is called with \(signature.arity)",
            at: expr.range,
            expected: "a closure like `{ \(Self.exampleParameters(signature)) in … }`")
        }
        scope.parameters = parameters.map { [$0] }
        scope.allowsDollar = false
      }
      body = closureBody
    }
    if scope.parameters.isEmpty {
      scope.parameters = (0..<signature.arity).map { slot in
        (slot < signature.implicitNames.count ? [signature.implicitNames[slot]] : []) + ["$\(slot)"]
      }
    }
    let compiled = try compileNode(body, scope)
    return CompiledExpression(signature: signature, expr: expr, body: compiled.evaluation)
  }

  private static func exampleParameters(_ signature: ClosureSignature) -> String {
    (0..<signature.arity).map { slot in
      slot < signature.implicitNames.count ? signature.implicitNames[slot] : ["a", "b", "c", "d", "e", "f"][slot % 6]
    }.joined(separator: ", ")
  }

  // MARK: - Nodes

  /// What a name means inside one closure.
  private struct Scope {
    /// The names of each argument slot: `["x", "$0"]`, or `["v"]` for `{ v in … }`.
    var parameters: [[String]]
    /// Names of the elements of the one tuple argument, in order: `{ name, age in … }`.
    var tupleElements: [String] = []
    var allowsDollar: Bool
    var captures: CaptureLayout

    var visibleNames: [String] {
      parameters.joined().filter { !$0.hasPrefix("$") } + tupleElements + captures.names
    }
  }

  /// A compiled tree node; constants and arguments are kept apart so that the
  /// node above them can read them without a closure call.
  private enum Node {
    case constant(Value)
    case argument(Int)
    case computed(CompiledBody)

    var evaluation: CompiledBody {
      switch self {
      case .constant(let value): return { _ in value }
      case .argument(0): return { frame in frame.first }
      case .argument(1): return { frame in frame.second }
      case .argument(let slot): return { frame in slot < frame.all.count ? frame.all[slot] : .null }
      case .computed(let evaluation): return evaluation
      }
    }
  }

  private func compileNode(_ expr: Expr, _ scope: Scope) throws(Diagnostic) -> Node {
    let range = expr.range
    switch expr.kind {
    case .int(let number): return .constant(.int(number))
    case .double(let number): return .constant(.double(number))
    case .string(let text): return .constant(.string(text))
    case .bool(let flag): return .constant(.bool(flag))
    case .null: return .constant(.null)
    case .time(let interval): return .constant(.duration(interval))
    case .array(let items), .tuple(let items):
      let isArray: Bool
      if case .array = expr.kind { isArray = true } else { isArray = false }
      var nodes: [CompiledBody] = []
      for item in items { nodes.append(try compileNode(item, scope).evaluation) }
      return .computed { frame throws(EvaluationError) in
        var values: [Value] = []
        values.reserveCapacity(nodes.count)
        for node in nodes { values.append(try node(frame)) }
        return isArray ? .array(values) : .tuple(values)
      }
    case .identifier(let name): return try resolve(name, range, scope)
    case .unary(let op, let operandExpr):
      let operand = try compileNode(operandExpr, scope).evaluation
      let apply: (Value) throws(EvaluationError) -> Value = op == "!" ? ValueOperators.not : ValueOperators.negate
      return .computed { frame throws(EvaluationError) in
        do throws(EvaluationError) { return try apply(try operand(frame)) } catch { throw error.located(at: range) }
      }
    case .binary(let op, let lhsExpr, let rhsExpr):
      return try compileBinary(op, lhsExpr, rhsExpr, range, scope)
    case .ternary(let conditionExpr, let thenExpr, let elseExpr):
      let condition = try compileNode(conditionExpr, scope).evaluation
      let then = try compileNode(thenExpr, scope).evaluation
      let otherwise = try compileNode(elseExpr, scope).evaluation
      let conditionRange = conditionExpr.range
      return .computed { frame throws(EvaluationError) in
        switch try condition(frame) {
        case .bool(true): return try then(frame)
        case .bool(false): return try otherwise(frame)
        case let other:
          throw EvaluationError(
            .typeMismatch, "the condition of `?:` must be a Bool, not \(ValueOperators.describe(other))",
            range: conditionRange)
        }
      }
    case .member(let baseExpr, let name):
      return try compileMember(baseExpr, name, range, scope)
    case .call(let callee, let argumentExprs):
      return try compileCall(callee, argumentExprs, range, scope)
    case .closure:
      throw Diagnostic(
        "a closure cannot be used inside an expression", at: range,
        expected: "a value; closures are the arguments of operators such as `map`")
    case .stream(let pipeline):
      return try compileStream(pipeline, range, scope)
    }
  }

  private func resolve(_ name: String, _ range: SourceRange, _ scope: Scope) throws(Diagnostic) -> Node {
    for (slot, names) in scope.parameters.enumerated() where names.contains(name) {
      return .argument(slot)
    }
    if let element = scope.tupleElements.firstIndex(of: name) {
      return .computed { frame throws(EvaluationError) in try Self.element(element, of: frame.first, at: range) }
    }
    if let slot = scope.captures.slot(of: name) {
      return .computed { frame in slot < frame.captures.values.count ? frame.captures.values[slot] : .null }
    }
    if boundNames.contains(name) {
      let pipeline = Pipeline(
        source: SourceStage(kind: .name(Name(name, range: range)), keyword: Name(name, range: range), range: range),
        operators: [], range: range)
      let maker = streamMaker
      return .computed { frame throws(EvaluationError) in .stream(try maker.make(pipeline, frame.captures)) }
    }
    if name.hasPrefix("$") {
      let available = scope.parameters.indices.map { "$\($0)" }.joined(separator: ", ")
      throw Diagnostic(
        scope.allowsDollar
          ? "`\(name)` is not available here" : "`\(name)` cannot be used in a closure with named parameters",
        at: range, expected: available.isEmpty ? "a value; no element is passed here" : "one of \(available)")
    }
    var note: String?
    if name == "x" || name == "acc" {
      note =
        scope.parameters.isEmpty
        ? "no element is passed here; `x` is the element in closures such as `map x * 2`"
        : "`acc` is the running result in `scan` and `reduce`"
    }
    throw Diagnostic(
      "unknown name `\(name)`", at: range, expected: "a value, the element `x`, or a bound name",
      suggestion: Suggestion.closest(
        to: name, among: scope.visibleNames + boundNames.sorted() + BuiltinFunction.names(.function)),
      note: note)
  }

  private func compileBinary(_ op: String, _ lhsExpr: Expr, _ rhsExpr: Expr, _ range: SourceRange, _ scope: Scope)
    throws(Diagnostic) -> Node
  {
    let lhsNode = try compileNode(lhsExpr, scope)
    let rhsNode = try compileNode(rhsExpr, scope)
    let lhs = lhsNode.evaluation
    let rhs = rhsNode.evaluation
    switch op {
    case "&&", "||":
      let shortCircuit = op == "||"
      return .computed { frame throws(EvaluationError) in
        guard case .bool(let left) = try lhs(frame) else {
          throw EvaluationError(.typeMismatch, "`\(op)` needs Bools on both sides", range: lhsExpr.range)
        }
        if left == shortCircuit { return .bool(left) }
        guard case .bool(let right) = try rhs(frame) else {
          throw EvaluationError(.typeMismatch, "`\(op)` needs Bools on both sides", range: rhsExpr.range)
        }
        return .bool(right)
      }
    case "??":
      return .computed { frame throws(EvaluationError) in
        let left = try lhs(frame)
        if case .null = left { return try rhs(frame) }
        return left
      }
    default:
      guard let apply = ValueOperators.binary(op) else {
        throw Diagnostic("unknown operator `\(op)`", at: range)
      }
      // Two Ints are computed in place; anything else, and an Int result
      // that is an error, goes through `apply`.
      let int = IntOperation(op)
      // The shapes of `map x * 2` and `scan 0, acc + x` read their operands
      // directly: one closure call per element instead of three.
      switch (lhsNode, rhsNode) {
      case (.constant(let left), .constant(let right)):
        if let folded = try? apply(left, right) { return .constant(folded) }
      case (.argument(0), .constant(let right)):
        return .computed { frame throws(EvaluationError) in
          if let result = int?.apply(frame.first, right) { return result }
          do throws(EvaluationError) { return try apply(frame.first, right) } catch { throw error.located(at: range) }
        }
      case (.argument(0), .argument(1)):
        return .computed { frame throws(EvaluationError) in
          if let result = int?.apply(frame.first, frame.second) { return result }
          do throws(EvaluationError) { return try apply(frame.first, frame.second) } catch {
            throw error.located(at: range)
          }
        }
      case (.argument(1), .argument(0)):
        return .computed { frame throws(EvaluationError) in
          if let result = int?.apply(frame.second, frame.first) { return result }
          do throws(EvaluationError) { return try apply(frame.second, frame.first) } catch {
            throw error.located(at: range)
          }
        }
      case (_, .constant(let right)):
        return .computed { frame throws(EvaluationError) in
          let left = try lhs(frame)
          if let result = int?.apply(left, right) { return result }
          do throws(EvaluationError) { return try apply(left, right) } catch { throw error.located(at: range) }
        }
      default: break
      }
      return .computed { frame throws(EvaluationError) in
        let left = try lhs(frame)
        let right = try rhs(frame)
        if let result = int?.apply(left, right) { return result }
        do throws(EvaluationError) { return try apply(left, right) } catch { throw error.located(at: range) }
      }
    }
  }

  private func compileMember(_ baseExpr: Expr, _ name: String, _ range: SourceRange, _ scope: Scope)
    throws(Diagnostic) -> Node
  {
    let base = try compileNode(baseExpr, scope).evaluation
    if let position = Int(name) {
      return .computed { frame throws(EvaluationError) in
        let value = try base(frame)
        guard case .tuple(let items) = value else {
          throw EvaluationError(
            .typeMismatch, "`.\(name)` reads a tuple, not \(ValueOperators.describe(value))", range: range)
        }
        guard position < items.count else {
          throw EvaluationError(
            .invalidArgument, "the tuple \(value) has no element \(position)", range: range)
        }
        return items[position]
      }
    }
    guard let function = BuiltinFunction.named(name, form: .property) else {
      if BuiltinFunction.named(name, form: .method) != nil {
        throw Diagnostic(
          "`\(name)` is a method; call it", at: range, expected: "`x.\(name)(…)`",
          suggestion: nil, note: "write `\(name)()` with parentheses, as in Swift")
      }
      throw unknownMember(name, range)
    }
    let apply = function.apply
    return .computed { frame throws(EvaluationError) in
      do throws(EvaluationError) { return try apply([try base(frame)]) } catch { throw error.located(at: range) }
    }
  }

  private func compileCall(_ callee: Expr, _ argumentExprs: [Expr], _ range: SourceRange, _ scope: Scope)
    throws(Diagnostic) -> Node
  {
    var arguments: [CompiledBody] = []
    let function: BuiltinFunction
    switch callee.kind {
    case .member(let baseExpr, let name):
      guard let method = BuiltinFunction.named(name, form: .method) else {
        if BuiltinFunction.named(name, form: .property) != nil {
          throw Diagnostic(
            "`\(name)` is a property, not a method", at: callee.range, expected: "`x.\(name)` without parentheses")
        }
        throw unknownMember(name, callee.range)
      }
      function = method
      arguments.append(try compileNode(baseExpr, scope).evaluation)
    case .identifier(let name):
      guard let free = BuiltinFunction.named(name, form: .function) else {
        throw Diagnostic(
          "unknown function `\(name)`", at: callee.range,
          expected: "one of " + BuiltinFunction.names(.function).map { "`\($0)`" }.joined(separator: ", "),
          suggestion: Suggestion.closest(to: name, among: BuiltinFunction.names(.function)))
      }
      function = free
    default:
      throw Diagnostic("this cannot be called", at: callee.range, expected: "a function such as `String(x)`")
    }
    guard function.arity.contains(argumentExprs.count) else {
      let wanted =
        function.arity.lowerBound == function.arity.upperBound
        ? "\(function.arity.lowerBound)" : "\(function.arity.lowerBound) or more"
      throw Diagnostic(
        "`\(function.name)` takes \(wanted) argument\(function.arity.upperBound == 1 ? "" : "s"), not \(argumentExprs.count)",
        at: range, expected: "`\(function.spelling)`")
    }
    for argument in argumentExprs { arguments.append(try compileNode(argument, scope).evaluation) }
    let apply = function.apply
    let evaluators = arguments
    if evaluators.count == 1, let only = evaluators.first {
      return .computed { frame throws(EvaluationError) in
        let value = try only(frame)
        do throws(EvaluationError) { return try apply([value]) } catch { throw error.located(at: range) }
      }
    }
    return .computed { frame throws(EvaluationError) in
      var values: [Value] = []
      values.reserveCapacity(evaluators.count)
      for evaluator in evaluators { values.append(try evaluator(frame)) }
      do throws(EvaluationError) { return try apply(values) } catch { throw error.located(at: range) }
    }
  }

  /// A `{ pipeline }` value: its expressions are compiled now, against the
  /// names it can see; the stream itself is made per evaluation, with the
  /// values of those names at that moment.
  private func compileStream(_ pipeline: Pipeline, _ range: SourceRange, _ scope: Scope) throws(Diagnostic) -> Node {
    var names = scope.captures.names
    var slots: [Int] = []
    for (slot, slotNames) in scope.parameters.enumerated() {
      for name in slotNames {
        names.append(name)
        slots.append(slot)
      }
    }
    // A taken-apart tuple's names are captured as its elements.
    names += scope.tupleElements
    let layout = CaptureLayout(names: names)
    let tupleElements = scope.tupleElements
    for site in ExpressionSite.sites(in: pipeline) {
      _ = try compile(site.expr, as: site.signature, captures: layout)
    }
    let maker = streamMaker
    return .computed { frame throws(EvaluationError) in
      var values = frame.captures.values
      for slot in slots {
        values.append(
          slot == 0 ? frame.first : slot == 1 ? frame.second : slot < frame.all.count ? frame.all[slot] : .null)
      }
      for element in tupleElements.indices { values.append(try Self.element(element, of: frame.first, at: range)) }
      do throws(EvaluationError) {
        return .stream(try maker.make(pipeline, Captures(layout: layout, values: values)))
      } catch {
        throw error.located(at: range)
      }
    }
  }

  /// Element `index` of a tuple argument taken apart by a closure's names.
  private static func element(_ index: Int, of value: Value, at range: SourceRange) throws(EvaluationError) -> Value {
    guard case .tuple(let elements) = value, index < elements.count else {
      throw EvaluationError(
        .typeMismatch,
        "this closure names \(index + 1) or more elements, but its argument is \(ValueOperators.describe(value))",
        range: range)
    }
    return elements[index]
  }

  private func unknownMember(_ name: String, _ range: SourceRange) -> Diagnostic {
    let known = BuiltinFunction.names(.property) + BuiltinFunction.names(.method)
    return Diagnostic(
      "unknown member `\(name)`", at: range,
      expected: "one of " + known.map { "`\($0)`" }.joined(separator: ", "),
      suggestion: Suggestion.closest(to: name, among: known))
  }
}
