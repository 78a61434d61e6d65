import StreamCore

// Operator arguments that are evaluated once, when the stage is built: times,
// counts, initial values, messages. A wrong kind of argument is a build error
// pointing at the argument, with an example of the right form.

extension PipelineBuilder {
  func constant(_ expression: Expr, in context: BuildContext) throws -> Value {
    do {
      return try expressions.evaluate(expression, in: context)
    } catch let error as Diagnostic {
      throw error
    } catch {
      throw Diagnostic(StreamError(wrapping: error).message, at: expression.range)
    }
  }

  func integer(_ expression: Expr, in context: BuildContext, what: String) throws -> Int {
    let value = try constant(expression, in: context)
    guard case .int(let number) = value else {
      throw Diagnostic("\(what); got \(value.typeName) \(value)", at: expression.range)
    }
    return number
  }

  /// A whole number of at least `minimum`: a count, a position, a number of retries.
  func count(_ expression: Expr, in context: BuildContext, what: String, atLeast minimum: Int = 0) throws -> Int {
    let number = try integer(expression, in: context, what: what)
    guard number >= minimum else {
      throw Diagnostic("\(what); it must be at least \(minimum), not \(number)", at: expression.range)
    }
    return number
  }

  func string(_ expression: Expr, in context: BuildContext, what: String) throws -> String {
    let value = try constant(expression, in: context)
    guard case .string(let text) = value else {
      throw Diagnostic("\(what); got \(value.typeName) \(value)", at: expression.range)
    }
    return text
  }

  /// A time of zero or more, such as `300ms`.
  func time(_ expression: Expr, in context: BuildContext, what: String) throws -> VirtualInterval {
    let value = try constant(expression, in: context)
    switch value {
    case .duration(let interval) where interval.nanoseconds >= 0:
      return interval
    case .duration(let interval):
      throw Diagnostic("\(what); a time cannot be negative (\(interval))", at: expression.range)
    case .int(let number):
      throw Diagnostic("\(what); `\(number)` has no unit: write `\(number)ms` or `\(number)s`", at: expression.range)
    default:
      throw Diagnostic("\(what); got \(value.typeName) \(value)", at: expression.range)
    }
  }

  /// A time above zero: a period or a window that repeats.
  func positiveTime(_ expression: Expr, in context: BuildContext, what: String) throws -> VirtualInterval {
    let interval = try time(expression, in: context, what: what)
    guard interval.nanoseconds > 0 else {
      throw Diagnostic("\(what); it must be longer than 0ms", at: expression.range)
    }
    return interval
  }
}
