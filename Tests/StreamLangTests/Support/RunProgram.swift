import StreamCore

@testable import StreamLang

/// Runs a program and returns the run, or nil with the rendered diagnostics
/// recorded as a test issue by the caller.
func runProgram(_ text: String, options: RunOptions = RunOptions()) -> (RunResult?, String) {
  var interpreter = Interpreter()
  switch interpreter.run(text, options: options) {
  case .ran(let result, _):
    return (result, "")
  case .invalid(let diagnostics):
    return (nil, diagnostics.map { $0.rendered(in: text, fileName: nil) }.joined(separator: "\n"))
  }
}

/// The marble events of one output row in a compact, readable form:
/// `100ms 1, 200ms "a", 300ms |` — `|` finished, `#"msg"` failed, `!` cancelled.
func compact(_ timeline: Timeline) -> String {
  timeline.marbleEvents.compactMap { event -> String? in
    switch event.kind {
    case .subscribed, .requested, .dropped: return nil
    case .value(let value): return "\(event.time) \(value)"
    case .finished: return "\(event.time) |"
    case .failed(let message): return "\(event.time) #\(Value.string(message))"
    case .cancelled: return "\(event.time) !"
    }
  }.joined(separator: ", ")
}

/// The compact output of every shown pipeline of a program, one per pipeline.
func outputs(of text: String, options: RunOptions = RunOptions()) -> [String] {
  let (result, diagnostics) = runProgram(text, options: options)
  guard let result else { return ["invalid: " + diagnostics] }
  return result.outputs.map(compact)
}
