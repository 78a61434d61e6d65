import OpenCombine
import StreamCore

extension PipelineBuilder {
  /// `collect`, `collect 3`, `collect 300ms`, `collect 300ms or 3`.
  func collect(_ upstream: AnyValuePublisher, _ strategy: CollectStrategy, in context: BuildContext) throws
    -> AnyValuePublisher
  {
    switch strategy {
    case .all:
      return upstream.collect().map(Value.array).eraseToAnyPublisher()
    case .count(let expression):
      let size = try count(
        expression, in: context, what: "collect needs a count or a time, like `collect 3`", atLeast: 1)
      return upstream.collect(size).map(Value.array).eraseToAnyPublisher()
    case .time(let expression):
      let window = try positiveTime(expression, in: context, what: "collect needs a time, like `collect 300ms`")
      return upstream.collect(.byTime(clock, window)).map(Value.array).eraseToAnyPublisher()
    case .timeOrCount(let timeExpression, let countExpression):
      let window = try positiveTime(
        timeExpression, in: context, what: "collect needs a time, like `collect 300ms or 3`")
      let size = try count(
        countExpression, in: context, what: "collect needs a count after `or`, like `collect 300ms or 3`", atLeast: 1)
      return upstream.collect(.byTimeOrCount(clock, window, size)).map(Value.array).eraseToAnyPublisher()
    }
  }

  /// `zip S` (up to three other streams): pairs first in, first out, as a tuple
  /// or through a trailing transform.
  func zip(
    _ upstream: AnyValuePublisher, _ others: [Pipeline], transform: Expr?, in context: BuildContext,
    stage: OperatorStage
  ) throws -> AnyValuePublisher {
    try combining(upstream, others, transform: transform, in: context, stage: stage, name: "zip") { inputs in
      switch inputs.count {
      case 2: return inputs[0].exactZip(inputs[1]).map { [$0, $1] }.eraseToAnyPublisher()
      case 3: return inputs[0].exactZip(inputs[1], inputs[2]).map { [$0, $1, $2] }.eraseToAnyPublisher()
      case 4: return inputs[0].exactZip(inputs[1], inputs[2], inputs[3]).map { [$0, $1, $2, $3] }.eraseToAnyPublisher()
      default: return nil
      }
    }
  }

  /// `combineLatest S` (up to three other streams), as a tuple or through a
  /// trailing transform.
  func combineLatest(
    _ upstream: AnyValuePublisher, _ others: [Pipeline], transform: Expr?, in context: BuildContext,
    stage: OperatorStage
  ) throws -> AnyValuePublisher {
    try combining(upstream, others, transform: transform, in: context, stage: stage, name: "combineLatest") {
      inputs in
      switch inputs.count {
      case 2: return inputs[0].combineLatest(inputs[1]).map { [$0, $1] }.eraseToAnyPublisher()
      case 3: return inputs[0].combineLatest(inputs[1], inputs[2]).map { [$0, $1, $2] }.eraseToAnyPublisher()
      case 4:
        return inputs[0].combineLatest(inputs[1], inputs[2], inputs[3]).map { [$0, $1, $2, $3] }
          .eraseToAnyPublisher()
      default: return nil
      }
    }
  }

  /// What `zip` and `combineLatest` share: building the other inputs, and
  /// turning each combination into a tuple or the transform's result.
  /// `combine` joins 2 to 4 inputs, or returns nil for any other count.
  private func combining(
    _ upstream: AnyValuePublisher, _ others: [Pipeline], transform: Expr?, in context: BuildContext,
    stage: OperatorStage, name: String, combine: ([AnyValuePublisher]) -> AnyPublisher<[Value], StreamError>?
  ) throws -> AnyValuePublisher {
    let inputs = try [upstream] + others.map { try innerArgument($0, in: context) }
    let result = try tupleMaker(transform, inputs: inputs.count, in: context, stage: stage)
    guard let combined = combine(inputs) else {
      throw Diagnostic("\(name) takes one to three other streams, as Combine's \(name) does", at: stage.range)
    }
    return combined.map(result).eraseToAnyPublisher()
  }

  /// Without a transform the inputs become one tuple; with one, it runs on them
  /// (and, like `map`, cannot throw).
  private func tupleMaker(_ transform: Expr?, inputs: Int, in context: BuildContext, stage: OperatorStage) throws
    -> ([Value]) -> Value
  {
    guard let transform else { return { Value.tuple($0) } }
    let function = try expressions.variadic(transform, arity: inputs, in: context)
    let label = context.source(stage.range)
    let recorder = self.recorder
    return { values in
      do {
        return try function(values)
      } catch {
        recorder.fail(Trap.message(for: error, at: nil), stage: label, value: .tuple(values))
        return .null
      }
    }
  }
}
