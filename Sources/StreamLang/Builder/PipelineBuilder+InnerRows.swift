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
  /// `switchToLatest`, the element the stream was made from; for `tryCatch`,
  /// `label` names the failure it replaced).
  func innerStream(
    _ value: Value, stage: String, element: Value?, under parent: InnerRowAnchor?, label fixedLabel: String? = nil
  ) -> AnyValuePublisher {
    guard case .stream(let stream) = value else { return self.stream(value, stage: stage, element: element ?? value) }
    let anchor = InnerRowAnchor()
    streamAnchor = anchor
    defer { streamAnchor = nil }
    let publisher = stream.publisher()
    let label = fixedLabel ?? (element ?? stream.element).map(\.description) ?? stream.description
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
    if let binding = Self.coldPipeline(named: pipeline, in: context) {
      return { [unowned self] label in self.innerRowWithStages(of: binding, label: label, under: parent, or: publisher)
      }
    }
    return { [unowned self] label in self.innerRows(of: publisher, label: label, under: parent, anchoring: anchor) }
  }

  /// The binding an argument names when it is a cold pipeline
  /// (`BoundPipeline.isColdPipeline`), whose stages are drawn under its inner row.
  private static func coldPipeline(named pipeline: Pipeline, in context: BuildContext) -> BoundPipeline? {
    guard pipeline.operators.isEmpty, case .name(let name) = pipeline.source.kind,
      context.captures.value(of: name.text) == nil, let binding = context.environment[name.text],
      binding.isColdPipeline
    else { return nil }
    return binding
  }

  /// A shown pipeline's use of a cold bound pipeline (`s` in `s; s @250ms`):
  /// each use subscribes its own copy of the stages, so each use draws them,
  /// under `row`, which shows the binding's output. Nil when the binding is
  /// not a cold pipeline or inner rows are off: then every use subscribes to
  /// the one built publisher, which behaves the same.
  func boundStages(of binding: BoundPipeline, under row: TimelineChannel) throws -> AnyValuePublisher? {
    guard recordsInnerRows, row.isDrawn, binding.isColdPipeline else { return nil }
    return try buildStages(of: binding, under: row)
  }

  /// One subscription to a cold bound pipeline: its inner row, with a row
  /// for each of its stages before the last under it. Where nothing is drawn,
  /// `built` (the pipeline built once) is subscribed as it is.
  private func innerRowWithStages(
    of binding: BoundPipeline, label: String, under parent: InnerRowAnchor?, or built: AnyValuePublisher
  ) -> AnyValuePublisher {
    Deferred { [unowned self] () -> AnyValuePublisher in
      guard recordsInnerRows, let above = parent?.channel, above.isDrawn else { return built }
      let row = recorder.innerChannel(under: above, label: label)
      do {
        return try buildStages(of: binding, under: row).probe(row, stage: label).eraseToAnyPublisher()
      } catch {
        // The binding was built when it was bound, so this is not expected.
        recorder.fail(String(describing: error), stage: label, value: nil)
        return Empty(completeImmediately: false).eraseToAnyPublisher()
      }
    }.eraseToAnyPublisher()
  }

  /// Builds `binding`'s pipeline anew with a row under `row` for its source
  /// and each stage but the last, whose output `row` itself shows.
  private func buildStages(of binding: BoundPipeline, under row: TimelineChannel) throws -> AnyValuePublisher {
    let pipeline = binding.pipeline
    let context = BuildContext(text: binding.text, environment: binding.environment, captures: .none)
    let last = pipeline.operators.count
    func channel(_ stage: Int, _ range: SourceRange) -> TimelineChannel {
      stage == last ? row : recorder.innerChannel(under: row, label: context.source(range), stageOfInner: stage)
    }
    let source = channel(0, pipeline.source.range)
    var publisher = try buildSource(pipeline.source, in: context.hangingInnerRows(under: source), row: nil)
    publisher = publisher.probe(source, stage: context.source(pipeline.source.range)).eraseToAnyPublisher()
    for (index, stage) in pipeline.operators.enumerated() {
      let stageRow = channel(index + 1, stage.range)
      publisher = try apply(stage, to: publisher, in: context.hangingInnerRows(under: stageRow))
      // The last stage's output is recorded on `row` by the caller's probe.
      if stageRow !== row { publisher = publisher.probe(stageRow).eraseToAnyPublisher() }
    }
    return publisher
  }
}

extension BoundPipeline {
  /// A cold pipeline of several stages (`let b = marbles "-1|" | map x*2`):
  /// building it anew for each subscription behaves exactly as subscribing
  /// to it again, so its stages can be drawn per subscription. Shared or hot
  /// ones are left whole.
  var isColdPipeline: Bool {
    !pipeline.operators.isEmpty && pipeline.source.kind.isColdValueSource
      && !pipeline.operators.contains(where: \.kind.shares)
  }
}

extension SourceKind {
  /// A source whose every subscription starts its own stream.
  var isColdValueSource: Bool {
    switch self {
    case .just, .range, .empty, .never, .fail: return true
    case .interval, .timer, .marbles, .events, .subject, .current, .published, .future, .deferred, .name, .group:
      return isBuiltPerUse
    }
  }
}

extension OperatorKind {
  /// `share`, `multicast`, `makeConnectable` and `autoconnect`, after which
  /// subscribers share one stream.
  var shares: Bool {
    switch name {
    case .share, .multicast, .makeConnectable, .autoconnect: return true
    case .map, .tryMap, .compactMap, .tryCompactMap, .scan, .tryScan, .reduce, .tryReduce, .flatMap, .switchToLatest,
      .collect, .filter, .tryFilter, .removeDuplicates, .first, .tryFirst, .last, .tryLast, .prefix, .tryPrefix,
      .dropFirst, .tryDrop, .output, .ignoreOutput, .debounce, .throttle, .delay, .timeout, .measureInterval, .merge,
      .zip, .combineLatest, .append, .prepend, .catch, .tryCatch, .replaceError, .retry, .mapError, .replaceEmpty,
      .count, .min, .max, .contains, .allSatisfy, .tryAllSatisfy, .buffer, .receive, .subscribe, .print, .handleEvents,
      .eraseToAnyPublisher, .setFailureType, .assertNoFailure, .replaceNil, .values:
      return false
    }
  }
}
