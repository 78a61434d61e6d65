import StreamCore

/// The builder's one door to the expression compiler: turns argument
/// expressions into Swift closures once per stage, and remembers where each
/// nested `{ pipeline }` was written so it can be built when a closure makes it.
final class ExpressionBridge {
  let compiler: ExpressionCompiler
  /// The context each nested pipeline was written in. Compiled closures make
  /// streams long after their stage was built, when no context is at hand.
  private var nestedContexts: [Pipeline: BuildContext] = [:]

  init(compiler: ExpressionCompiler) {
    self.compiler = compiler
  }

  /// Where a nested pipeline was written; every nested pipeline a closure can
  /// make was registered when that closure was compiled.
  func context(of pipeline: Pipeline) -> BuildContext {
    nestedContexts[pipeline] ?? BuildContext(text: "", environment: [:], captures: .none)
  }

  /// A closure of the element (`map x * 2`, `{ v in … }`, `$0`).
  func unary(_ expression: Expr, in context: BuildContext) throws -> (Value) throws -> Value {
    try compile(expression, as: .element, in: context).oneArgument(captures: context.captures)
  }

  /// A closure of the accumulator and the element (`scan 0, acc + x`).
  func binary(_ expression: Expr, in context: BuildContext) throws -> (Value, Value) throws -> Value {
    try compile(expression, as: .accumulator, in: context).twoArguments(captures: context.captures)
  }

  /// A closure of several inputs (`combineLatest a, b { p, q, r in … }`).
  func variadic(_ expression: Expr, arity: Int, in context: BuildContext) throws -> ([Value]) throws -> Value {
    try compile(expression, as: .elements(arity), in: context).manyArguments(captures: context.captures)
  }

  /// An argument evaluated once, now: a time, a count, an initial value.
  func evaluate(_ expression: Expr, in context: BuildContext) throws -> Value {
    let function = try compile(expression, as: .value, in: context)
    do {
      return try function.evaluate(captures: context.captures)
    } catch {
      throw Diagnostic(error.message, at: error.range ?? expression.range)
    }
  }

  private func compile(_ expression: Expr, as signature: ClosureSignature, in context: BuildContext) throws
    -> CompiledExpression
  {
    for pipeline in Self.nestedPipelines(in: expression) {
      nestedContexts[pipeline] = context
    }
    return try compiler.compile(expression, as: signature, captures: context.captures.layout)
  }

  /// The `{ pipeline }` values written directly in an expression (not those
  /// inside them: they are registered when their own stages are built).
  private static func nestedPipelines(in expression: Expr) -> [Pipeline] {
    switch expression.kind {
    case .stream(let pipeline):
      return [pipeline]
    case .int, .double, .string, .bool, .null, .time, .identifier:
      return []
    case .array(let items), .tuple(let items):
      return items.flatMap(nestedPipelines)
    case .unary(_, let operand), .member(let operand, _):
      return nestedPipelines(in: operand)
    case .binary(_, let lhs, let rhs):
      return nestedPipelines(in: lhs) + nestedPipelines(in: rhs)
    case .ternary(let condition, let then, let otherwise):
      return nestedPipelines(in: condition) + nestedPipelines(in: then) + nestedPipelines(in: otherwise)
    case .call(let callee, let arguments):
      return nestedPipelines(in: callee) + arguments.flatMap(nestedPipelines)
    case .closure(_, let body):
      return nestedPipelines(in: body)
    }
  }
}
