import StreamCore

/// What a stage can see while it is built: the program text its ranges point
/// into, the bindings in force, and the closure parameters captured from
/// enclosing closures (a nested `{ just x | delay 100ms }` sees the outer `x`).
struct BuildContext {
  var text: String
  var environment: [String: BoundPipeline]
  var captures: Captures

  /// The source text of a node, used for row labels and messages.
  func source(_ range: SourceRange) -> String { range.text(in: text) }
}
