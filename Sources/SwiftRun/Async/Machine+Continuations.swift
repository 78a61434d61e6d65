import StreamCore
import StreamLang
import SwiftImport

// `withCheckedContinuation` and its kin (issue 31): the bridge from a
// callback, or a `sink`, to `await`.
extension Machine {
  static let continuationFunctions: Set<String> = [
    "withCheckedContinuation", "withCheckedThrowingContinuation", "withUnsafeContinuation",
    "withUnsafeThrowingContinuation",
  ]

  /// Runs the closure at once with a continuation, then waits until it is
  /// resumed: at once if the closure resumed it, else when a later action
  /// does (the awaiting code goes on as a new job then).
  func withContinuation(_ name: String, _ arguments: [Argument], at range: SourceRange) throws -> Value {
    guard let body = arguments.last?.value.opaque(as: FunctionValue.self) else {
      throw refuse("`\(name)` needs a closure that takes the continuation", at: range)
    }
    let suspension = suspension(at: range)
    let continuation = ContinuationValue(
      suspension: suspension, isThrowing: name.contains("Throwing"), isChecked: name.contains("Checked"))
    // The closure is synchronous: nothing in it can `await`.
    engineCallbackDepth += 1
    let ran = Result { try invoke(body, [Argument(label: nil, value: .opaque(continuation), range: range)], at: range) }
    engineCallbackDepth -= 1
    _ = try ran.get()
    return try wait(for: suspension)
  }

  /// `continuation.resume(returning:)`, `resume(throwing:)`, `resume()`, `resume(with:)`.
  func continuationCall(
    _ name: String, _ continuation: ContinuationValue, _ arguments: [Argument], at range: SourceRange
  )
    throws -> Value
  {
    guard name == "resume" else {
      throw refuse("a continuation has `resume(returning:)`, `resume(throwing:)` and `resume(with:)`", at: range)
    }
    let resumption: Suspension.Resumption
    switch arguments.first?.label {
    case nil where arguments.isEmpty: resumption = .value(.void)
    case "returning": resumption = .value(arguments[0].value)
    case "throwing" where continuation.isThrowing: resumption = .thrown(arguments[0].value)
    case "with":
      guard let result = arguments[0].value.opaque(as: EnumValue.self) else {
        throw refuse("`resume(with:)` needs a `Result`", at: range)
      }
      let payload = result.associated.first ?? .void
      resumption = result.caseName == "failure" ? .thrown(payload) : .value(payload)
    default:
      throw refuse(
        "this continuation has no `resume(\(arguments.first?.label ?? "_"):)`", at: range,
        instead: continuation.isThrowing ? "`resume(returning:)` or `resume(throwing:)`" : "`resume(returning:)`")
    }
    guard continuation.suspension.resumption == nil else {
      // Swift's checked continuation stops the program; an unsafe one is undefined behaviour.
      throw SwiftRunError.trap(
        "SWIFT TASK CONTINUATION MISUSE: \(continuation.isChecked ? "" : "an unsafe ")continuation resumed more than once",
        range)
    }
    resumeLater(continuation.suspension, with: resumption)
    return .void
  }
}

/// A `CheckedContinuation` (or unsafe one): resumes its `await` once.
final class ContinuationValue: OpaqueValue {
  let suspension: Suspension
  let isThrowing: Bool
  let isChecked: Bool

  init(suspension: Suspension, isThrowing: Bool, isChecked: Bool) {
    self.suspension = suspension
    self.isThrowing = isThrowing
    self.isChecked = isChecked
  }

  override var typeName: String {
    (isChecked ? "CheckedContinuation" : "UnsafeContinuation") + (isThrowing ? "<_, Error>" : "<_, Never>")
  }
}
