import StreamCore

/// The values one call of a compiled expression reads: its arguments and the
/// captures of the closures around it. Up to two arguments travel in stored
/// properties so that `map x * 2` allocates nothing per element.
struct Frame {
  var first: Value
  var second: Value
  /// All arguments, for closures of more than two parameters.
  var all: [Value]
  var captures: Captures
}

extension Frame {
  /// The frame of a call with any number of arguments, the first two also in their own fields.
  init(_ arguments: [Value], captures: Captures) {
    self.init(
      first: arguments.first ?? .null, second: arguments.count > 1 ? arguments[1] : .null, all: arguments,
      captures: captures)
  }
}

/// Evaluates one expression tree node on a frame.
typealias CompiledBody = (Frame) throws(EvaluationError) -> Value

/// An expression compiled once into Swift closures, ready to be called per
/// element. Identifiers were resolved to argument and capture slots when it
/// was compiled, so a call does no lookup by name.
///
///     let double = try compiler.compile(expr, as: .element)      // `map x * 2`
///     let result = try double(.int(21))                            // .int(42)
///     let sum = try compiler.compile(body, as: .accumulator)     // `scan 0, acc + x`
///     let next = try sum(.int(1), .int(2))                         // .int(3)
public struct CompiledExpression {
  public let signature: ClosureSignature
  /// What was compiled, for messages naming the expression.
  public let expr: Expr
  let body: CompiledBody

  init(signature: ClosureSignature, expr: Expr, body: @escaping CompiledBody) {
    self.signature = signature
    self.expr = expr
    self.body = body
  }

  /// Evaluates an expression of no parameters, such as `delay x.count * 100ms`
  /// inside a nested pipeline that captured `x`.
  public func evaluate(captures: Captures = .none) throws(EvaluationError) -> Value {
    try body(Frame(first: .null, second: .null, all: [], captures: captures))
  }

  /// Calls a closure of one parameter: `map`, `filter`, `flatMap`, ….
  public func callAsFunction(_ element: Value, captures: Captures = .none) throws(EvaluationError) -> Value {
    try body(Frame(first: element, second: .null, all: [], captures: captures))
  }

  /// Calls a closure of two parameters: `scan`, `reduce`, a two-stream transform.
  public func callAsFunction(_ first: Value, _ second: Value, captures: Captures = .none) throws(EvaluationError)
    -> Value
  {
    try body(Frame(first: first, second: second, all: [], captures: captures))
  }

  /// A closure of one parameter that holds only the compiled body and
  /// `captures`, for an operator to call per element: a closure holding the
  /// whole `CompiledExpression` copied it, and retained and released its
  /// expression tree, at every call (7% of a million-value run).
  func oneArgument(captures: Captures) -> (Value) throws -> Value {
    let body = self.body
    return { element in try body(Frame(first: element, second: .null, all: [], captures: captures)) }
  }

  /// `oneArgument` for closures of two parameters: `scan`, `reduce`.
  func twoArguments(captures: Captures) -> (Value, Value) throws -> Value {
    let body = self.body
    return { first, second in try body(Frame(first: first, second: second, all: [], captures: captures)) }
  }

  /// `oneArgument` for closures of any number of parameters: `combineLatest a, b, c { … }`.
  func manyArguments(captures: Captures) -> ([Value]) throws -> Value {
    let body = self.body
    return { arguments in try body(Frame(arguments, captures: captures)) }
  }

  /// Calls a closure of any number of parameters: `combineLatest a, b, c { … }`.
  public func callAsFunction(_ arguments: [Value], captures: Captures = .none) throws(EvaluationError) -> Value {
    try body(Frame(arguments, captures: captures))
  }
}
