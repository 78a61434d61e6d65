import Foundation
import StreamCore
import StreamLang
import SwiftImport
import Testing

/// Runs programs for the tests: the short form a paste became, and what
/// every subscriber's output row recorded.
enum Runs {
  /// The program `swift` became, or a recorded issue and nil.
  static func translation(of swift: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> SwiftImport
    .Translation?
  {
    switch SwiftImport.translate(swift) {
    case .success(let translation):
      return translation
    case .failure(let diagnostic):
      Issue.record("did not import: \(diagnostic.rendered(in: swift))", sourceLocation: sourceLocation)
      return nil
    }
  }

  /// The output rows' events of `program` (each subscriber's), as `events`
  /// syntax lines: `0ms:1, 0ms:|`. Subscription and cancel marks are kept.
  static func outputs(of program: String, horizon: VirtualInterval = .seconds(10)) throws -> [String] {
    var interpreter = Interpreter()
    var options = RunOptions()
    options.horizon = VirtualTime.zero.advanced(by: horizon)
    switch interpreter.run(program, options: options) {
    case .invalid(let diagnostics):
      throw ProgramDidNotRun(message: diagnostics.rendered(in: program))
    case .ran(let result, _):
      if case .runtimeError(let error) = result.stop { throw ProgramDidNotRun(message: error.description) }
      return result.outputs.map { row in row.marbleEvents.compactMap(describe).joined(separator: ", ") }
    }
  }

  /// What the diagnostic for `swift` says, rendered with its caret.
  static func diagnostic(of swift: String) -> String? {
    guard case .failure(let diagnostic) = SwiftImport.translate(swift) else { return nil }
    return diagnostic.rendered(in: swift)
  }

  /// The first error of running the program `swift` became (type checker,
  /// builder), pointed into the Swift and rendered there; nil when it imports and runs.
  static func runDiagnostic(of swift: String) -> String? {
    guard case .success(let translation) = SwiftImport.translate(swift) else { return nil }
    var interpreter = Interpreter()
    guard case .invalid(let diagnostics) = interpreter.run(translation.program, options: RunOptions()),
      let first = diagnostics.first
    else { return nil }
    return translation.pointingIntoSwift(first).rendered(in: swift)
  }

  struct ProgramDidNotRun: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  /// One event; a subscription at 0ms, which every row has, is left out.
  private static func describe(_ event: TimelineEvent) -> String? {
    let time = ShortTime.text(event.time)
    switch event.kind {
    case .value(let value): return "\(time):\(value.description)"
    case .finished: return "\(time):|"
    case .failed(let message): return "\(time):#\(message)"
    case .cancelled: return "\(time):!"
    case .subscribed: return event.time == .zero ? nil : "\(time):^"
    default: return "\(time):?"
    }
  }
}

/// `250ms`, `1500us`: times in the tests' expectations.
enum ShortTime {
  static func text(_ time: VirtualTime) -> String {
    let nanoseconds = time.nanoseconds
    if nanoseconds % 1_000_000 == 0 { return "\(nanoseconds / 1_000_000)ms" }
    return "\(nanoseconds)ns"
  }
}
