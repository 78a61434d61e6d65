import StreamLang

/// One pipeline translated to a Combine chain: the source expression, the
/// operator calls after it, and the types the chain publishes.
struct SwiftPublisher {
  var source: String
  /// Each operator call with its leading dot: `.map { $0 * 2 }`.
  var operators: [String] = []
  var output: ExportType
  var failure: FailureType

  /// The chain on one line, for a publisher nested in a closure or argument.
  var inlineCode: String { source + operators.joined() }

  /// The chain with one operator per line, each indented by `indent`.
  func code(indent: String) -> String {
    ([source] + operators).joined(separator: "\n" + indent)
  }

  /// Makes the chain fail with `target` (Combine needs the two sides of
  /// `merge`, `flatMap`, … to fail the same way).
  mutating func adapt(to target: FailureType) {
    if let adapter = failure.adapter(to: target) { operators.append(adapter) }
    failure = max(failure, target)
  }
}
