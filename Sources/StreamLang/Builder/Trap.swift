import StreamCore

/// How a runtime error in a closure is reported, as Swift has it: a division
/// by zero or an overflow traps in every closure, `tryMap`'s included (it is
/// not a thrown error), so the run stops with a message that names the way
/// out; only `fail("…")` throws, and only a `try` operator turns that into a
/// failure event.
enum Trap {
  static func message(for error: Error, at site: TrapSite?) -> String {
    let reason = StreamError(wrapping: error).message
    let kind = (error as? EvaluationError)?.kind
    guard kind == .divisionByZero || kind == .overflow else { return reason + " (Swift would trap here)" }
    // `tryFirst where` is the operator `tryFirst`.
    let throwing = site?.throwingOperator
    let operatorName = throwing?.split(separator: " ").first.map(String.init)
    var text = reason + " (a trap: Swift stops the process here" + (operatorName.map { ", in `\($0)` too" } ?? "")
    if kind == .divisionByZero, let fix = site?.zeroCheck(for: error as? EvaluationError) {
      text += "; to fail the stream, throw first: `\(fix)`"
    } else if let throwing {
      text += "; to fail the stream, test the value and throw with `fail(\"…\")` in `\(throwing)`"
    }
    return text + ")"
  }
}

/// Where a closure that may stop the run was written: the fix a trap message
/// shows is built from it (`tryMap x == 0 ? fail("zero") : 10 / x`).
struct TrapSite {
  /// The operator whose closure may throw: `tryMap` for `map` and for `tryMap`
  /// itself; nil where Combine has none (`mapError`, `min`).
  var throwingOperator: String?
  /// The closure as written.
  var closure: Expr
  /// The text the closure's ranges point into.
  var text: String
  /// What the operator takes before its closure: `0, ` in `scan 0, acc / x`.
  var leadingArguments = ""

  /// `tryMap x == 0 ? fail("zero") : 10 / x`: the closure with the divisor
  /// that was zero tested first, or nil when it cannot be found.
  func zeroCheck(for error: EvaluationError?) -> String? {
    guard let throwingOperator, let range = error?.range, let divisor = divisor(at: range) else { return nil }
    let guarded: (Expr) -> String = { body in
      "\(divisor.range.text(in: text)) == 0 ? fail(\"zero\") : \(body.range.text(in: text))"
    }
    let closureText: String
    if case .closure(let parameters, let body) = closure.kind {
      let head = parameters.isEmpty ? "" : parameters.joined(separator: ", ") + " in "
      closureText = "{ " + head + guarded(body) + " }"
    } else {
      closureText = guarded(closure)
    }
    return throwingOperator + " " + leadingArguments + closureText
  }

  /// The right side of the `/` or `%` written at `range` in the closure.
  private func divisor(at range: SourceRange) -> Expr? {
    var pending = [closure]
    while let expr = pending.popLast() {
      switch expr.kind {
      case .binary(let symbol, let lhs, let rhs):
        if expr.range == range, symbol == "/" || symbol == "%" { return rhs }
        pending += [lhs, rhs]
      case .closure(_, let body): pending.append(body)
      case .unary(_, let operand), .member(let operand, _): pending.append(operand)
      case .ternary(let condition, let then, let otherwise): pending += [condition, then, otherwise]
      case .call(let callee, let arguments): pending += [callee] + arguments
      case .array(let items), .tuple(let items): pending += items
      case .int, .double, .string, .bool, .null, .time, .identifier, .stream: break
      }
    }
    return nil
  }
}

extension PipelineBuilder {
  /// The site of a stage's closure, for its trap message.
  func trapSite(_ closure: Expr, throwing: String?, in context: BuildContext, after leading: Expr? = nil) -> TrapSite {
    TrapSite(
      throwingOperator: throwing, closure: closure, text: context.text,
      leadingArguments: leading.map { context.source($0.range) + ", " } ?? "")
  }

  /// Wraps a one-argument closure of a non-throwing operator: an error stops
  /// the run, naming the stage, the time and the element.
  func trapping(_ function: @escaping (Value) throws -> Value, stage: String, site: TrapSite?) -> (Value) -> Value {
    let recorder = self.recorder
    return { value in
      do {
        return try function(value)
      } catch {
        recorder.fail(Trap.message(for: error, at: site), stage: stage, value: value)
        return .null
      }
    }
  }

  /// Wraps a one-argument closure of a `try` operator: `fail("…")` is thrown,
  /// and becomes the stream's failure; any other error traps, as in Swift.
  func throwingFailures(_ function: @escaping (Value) throws -> Value, stage: String, site: TrapSite)
    -> (Value) throws -> Value
  {
    let recorder = self.recorder
    return { value in
      do {
        return try function(value)
      } catch let error as EvaluationError where error.isUserFailure {
        throw error
      } catch {
        recorder.fail(Trap.message(for: error, at: site), stage: stage, value: value)
        return .null
      }
    }
  }

  /// The two-argument form, for `scan` and `reduce`.
  func trapping2(_ function: @escaping (Value, Value) throws -> Value, stage: String, site: TrapSite)
    -> (Value, Value) -> Value
  {
    let recorder = self.recorder
    return { accumulated, value in
      do {
        return try function(accumulated, value)
      } catch {
        recorder.fail(Trap.message(for: error, at: site), stage: stage, value: value)
        return .null
      }
    }
  }

  /// The two-argument form of `throwingFailures`, for `tryScan` and `tryReduce`.
  func throwingFailures2(_ function: @escaping (Value, Value) throws -> Value, stage: String, site: TrapSite)
    -> (Value, Value) throws -> Value
  {
    let recorder = self.recorder
    return { accumulated, value in
      do {
        return try function(accumulated, value)
      } catch let error as EvaluationError where error.isUserFailure {
        throw error
      } catch {
        recorder.fail(Trap.message(for: error, at: site), stage: stage, value: value)
        return .null
      }
    }
  }

  /// A condition of a non-throwing operator (`filter`, `first where`, …): it
  /// must produce a Bool.
  func trappingTest(_ function: @escaping (Value) throws -> Value, stage: String, site: TrapSite) -> (Value) -> Bool {
    let test = booleanTest(function)
    let recorder = self.recorder
    return { value in
      do {
        return try test(value)
      } catch {
        recorder.fail(Trap.message(for: error, at: site), stage: stage, value: value)
        return false
      }
    }
  }

  /// A condition of a throwing operator (`tryFilter`, …): `fail("…")` is
  /// thrown, any other error traps.
  func throwingTest(_ function: @escaping (Value) throws -> Value, stage: String, site: TrapSite)
    -> (Value) throws -> Bool
  {
    let test = booleanTest(function)
    let recorder = self.recorder
    return { value in
      do {
        return try test(value)
      } catch let error as EvaluationError where error.isUserFailure {
        throw error
      } catch {
        recorder.fail(Trap.message(for: error, at: site), stage: stage, value: value)
        return false
      }
    }
  }

  /// A condition's closure as a Bool.
  private func booleanTest(_ function: @escaping (Value) throws -> Value) -> (Value) throws -> Bool {
    return { value in
      let result = try function(value)
      guard case .bool(let flag) = result else {
        throw StreamError("the condition must be a Bool, but it gave \(result.typeName) \(result)")
      }
      return flag
    }
  }

  /// The ordering `min` and `max` use; values of different kinds cannot be compared.
  func trappingOrder(stage: String) -> (Value, Value) -> Bool {
    let recorder = self.recorder
    return { lhs, rhs in
      do {
        return try ValueOrder.less(lhs, rhs)
      } catch {
        recorder.fail(Trap.message(for: error, at: nil), stage: stage, value: rhs)
        return false
      }
    }
  }
}

extension StreamError {
  /// Any error as a stream failure, keeping a `StreamError`'s message as it is.
  public init(wrapping error: Error) {
    if let error = error as? StreamError {
      self = error
    } else if let error = error as? CustomStringConvertible {
      self.init(error.description)
    } else {
      self.init(String(describing: error))
    }
  }
}
