/// Why evaluating an expression on one value failed. Never a trap: the
/// builder turns it into a stopped run (in `map`, `filter`, …) or a `failed`
/// event (in `tryMap` and friends).
public struct EvaluationError: Error, Hashable, CustomStringConvertible {
  /// What went wrong, by what a student would do about it.
  public enum Kind: Hashable {
    /// `x / 0`, `x % 0` on integers: Swift traps.
    case divisionByZero
    /// An Int result out of range (`Int.max + 1`, `Int("9e99")!`-like conversions): Swift traps.
    case overflow
    /// An operator or member applied to a type it does not work on: `"a" * 2`.
    case typeMismatch
    /// A value outside what a function accepts: a tuple index past its end, a time that is not finite.
    case invalidArgument
    /// `fail("msg")` in the student's own closure: an intended failure, not a bug.
    case userFailure
    /// A limit of the run itself, such as runaway nesting of streams.
    case limit
  }

  public var kind: Kind
  /// One sentence, without position: "division by zero in `x / 0`".
  public var message: String
  /// The expression that failed, when known.
  public var range: SourceRange?

  public init(_ kind: Kind, _ message: String, range: SourceRange? = nil) {
    self.kind = kind
    self.message = message
    self.range = range
  }

  /// True for `fail("msg")`: the student asked for this failure.
  public var isUserFailure: Bool { kind == .userFailure }

  /// True when the same code in Swift would crash the app rather than fail to compile:
  /// the builder says so when it stops a run.
  public var swiftWouldTrap: Bool { kind == .divisionByZero || kind == .overflow || kind == .invalidArgument }

  public var description: String { message }

  /// The error with `range` filled in, unless an inner expression already set it.
  func located(at range: SourceRange) -> EvaluationError {
    var located = self
    if located.range == nil { located.range = range }
    return located
  }
}
