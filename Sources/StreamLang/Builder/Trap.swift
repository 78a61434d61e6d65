import StreamCore

/// How a runtime error in a closure that cannot throw in Combine (`map`,
/// `filter`, `scan`, …) is reported: Swift would trap, so the run stops with a
/// message that names the way out.
enum Trap {
  static func message(for error: Error, instead alternative: String?) -> String {
    let reason = StreamError(wrapping: error).message
    guard let alternative else { return reason + " (Swift would trap here)" }
    return reason + " (Swift would trap here; `\(alternative)` turns errors into failures)"
  }
}

extension PipelineBuilder {
  /// Wraps a one-argument closure of a non-throwing operator: an error stops
  /// the run, naming the stage, the time and the element.
  func trapping(_ function: @escaping (Value) throws -> Value, stage: String, instead alternative: String?)
    -> (Value) -> Value
  {
    let recorder = self.recorder
    return { value in
      do {
        return try function(value)
      } catch {
        recorder.fail(Trap.message(for: error, instead: alternative), stage: stage, value: value)
        return .null
      }
    }
  }

  /// The two-argument form, for `scan` and `reduce`.
  func trapping2(
    _ function: @escaping (Value, Value) throws -> Value, stage: String, instead alternative: String
  ) -> (Value, Value) -> Value {
    let recorder = self.recorder
    return { accumulated, value in
      do {
        return try function(accumulated, value)
      } catch {
        recorder.fail(Trap.message(for: error, instead: alternative), stage: stage, value: value)
        return .null
      }
    }
  }

  /// A condition of a non-throwing operator (`filter`, `first where`, …): it
  /// must produce a Bool.
  func trappingTest(_ function: @escaping (Value) throws -> Value, stage: String, instead alternative: String)
    -> (Value) -> Bool
  {
    let test = throwingTest(function)
    let recorder = self.recorder
    return { value in
      do {
        return try test(value)
      } catch {
        recorder.fail(Trap.message(for: error, instead: alternative), stage: stage, value: value)
        return false
      }
    }
  }

  /// A condition of a throwing operator (`tryFilter`, …).
  func throwingTest(_ function: @escaping (Value) throws -> Value) -> (Value) throws -> Bool {
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
        recorder.fail(Trap.message(for: error, instead: nil), stage: stage, value: rhs)
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
