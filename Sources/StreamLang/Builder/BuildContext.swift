import StreamCore

/// What a stage can see while it is built: the program text its ranges point
/// into, the bindings in force, and the closure parameters captured from
/// enclosing closures (a nested `{ just x | delay 100ms }` sees the outer `x`).
struct BuildContext {
  var text: String
  var environment: [String: BoundPipeline]
  var captures: Captures
  /// The row an operator built in this context hangs its inner rows under
  /// (see `InnerRowAnchor`); nil where nothing is drawn.
  var innerParent: InnerRowAnchor?

  /// This context with inner rows hung under `channel`'s row; unchanged
  /// without a channel (a nested pipeline keeps its enclosing row's anchor).
  func hangingInnerRows(under channel: TimelineChannel?) -> BuildContext {
    guard let channel else { return self }
    var context = self
    context.innerParent = InnerRowAnchor(channel)
    return context
  }

  /// The source text of a node, used for row labels and messages.
  func source(_ range: SourceRange) -> String { range.text(in: text) }
}
