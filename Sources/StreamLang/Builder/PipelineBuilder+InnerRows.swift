import OpenCombine
import StreamCore

/// The row an operator hangs its inner rows under.
///
/// A stage row's anchor holds its channel from the start. An inner stream or
/// an argument is built before its row exists (the row opens when it is
/// subscribed), so its anchor is pointed at that row at each subscription,
/// and a `flatMap` inside it then hangs its own inner rows one level deeper.
final class InnerRowAnchor {
  var channel: TimelineChannel?

  init(_ channel: TimelineChannel? = nil) {
    self.channel = channel
  }
}

extension PipelineBuilder {
  /// Draws every subscription to `publisher` as an inner row labelled `label`
  /// under `parent`'s row, and points `anchor` at that row. Without a parent
  /// (a stage nobody sees) the publisher is returned as it is.
  func innerRows(
    of publisher: AnyValuePublisher, label: String, under parent: InnerRowAnchor?,
    anchoring anchor: InnerRowAnchor? = nil
  ) -> AnyValuePublisher {
    guard let parent, recordsInnerRows else { return publisher }
    // Deferred opens the row when the operator subscribes, not when the
    // publisher is made: `catch` and `merge` build theirs long before.
    return Deferred { [recorder] () -> Publishers.Probe<AnyValuePublisher> in
      let channel = parent.channel.map { recorder.innerChannel(under: $0, label: label) } ?? recorder.silentChannel
      anchor?.channel = channel
      return publisher.probe(channel, stage: label)
    }.eraseToAnyPublisher()
  }

  /// The inner stream `flatMap` or `switchToLatest` subscribes for one
  /// element, drawn as an inner row labelled by `element` (for
  /// `switchToLatest`, the element the stream was made from).
  func innerStream(_ value: Value, stage: String, element: Value?, under parent: InnerRowAnchor?)
    -> AnyValuePublisher
  {
    guard case .stream(let stream) = value else { return self.stream(value, stage: stage, element: element ?? value) }
    let anchor = InnerRowAnchor()
    streamAnchor = anchor
    defer { streamAnchor = nil }
    let publisher = stream.publisher()
    let label = (element ?? stream.element).map(\.description) ?? stream.description
    if stream.innerRow == nil, parent?.channel?.isDrawn == true { stream.innerRow = "↳ " + label }
    return innerRows(of: publisher, label: label, under: parent, anchoring: anchor)
  }

  /// Builds an argument (`merge b`, `zip { just 1 }`) whose subscriptions
  /// are drawn as inner rows under the operator's row, labelled by its text.
  func innerArgument(_ pipeline: Pipeline, in context: BuildContext) throws -> AnyValuePublisher {
    try labelledInnerArgument(pipeline, in: context)(context.source(pipeline.range))
  }

  /// Builds an argument once; each call of the result gives it for one
  /// subscription with its row's label (`catch` labels it by the failure).
  func labelledInnerArgument(_ pipeline: Pipeline, in context: BuildContext) throws -> (String) -> AnyValuePublisher {
    let anchor = InnerRowAnchor()
    var argumentContext = context
    argumentContext.innerParent = anchor
    let publisher = try build(pipeline, in: argumentContext)
    let parent = context.innerParent
    return { [unowned self] label in self.innerRows(of: publisher, label: label, under: parent, anchoring: anchor) }
  }
}
