import OpenCombine
import StreamCore

/// Turns parsed pipelines into OpenCombine publishers on one virtual clock,
/// with a probe after every stage of a shown pipeline.
///
/// One builder serves one run. Each bound name is built at most once per run
/// and every use subscribes to that one publisher, exactly as a Swift `let`
/// holding a publisher would: cold publishers stay cold (each subscription
/// starts its own timers), while subjects, `share`, `multicast` and eager
/// `Future`s are one instance for every subscriber.
final class PipelineBuilder {
  let clock: VirtualClock
  let recorder: Recorder
  var notes = NoteBook()
  /// The `debounce` stages of shown pipelines, for the note on dropped values.
  private(set) var debounceStages: [CombineNotes.DebounceStage] = []
  let expressions: ExpressionBridge

  private var builtBindings: [ObjectIdentifier: AnyValuePublisher] = [:]
  /// `multicast` publishers by the binding that holds them, for `connect NAME @T`.
  private var connectables: [ObjectIdentifier: () -> Cancellable] = [:]

  init(clock: VirtualClock, recorder: Recorder, boundNames: some Sequence<String>) {
    self.clock = clock
    self.recorder = recorder
    expressions = ExpressionBridge(compiler: ExpressionCompiler(boundNames: boundNames))
    expressions.compiler.makeStream = { [unowned self] pipeline, captures in
      var context = self.expressions.context(of: pipeline)
      context.captures = captures
      return self.makeStream(pipeline, in: context)
    }
  }

  /// Builds a pipeline. With `rows`, every stage's output is probed into a row
  /// of that shown pipeline; nested pipelines (arguments, inner streams) are not.
  func build(_ pipeline: Pipeline, in context: BuildContext, rows: Int? = nil) throws -> AnyValuePublisher {
    let lastStage = pipeline.operators.count
    let sourceRow = rows.map {
      row(label: context.source(pipeline.source.range), pipeline: $0, stage: 0, last: lastStage)
    }
    var publisher = try buildSource(pipeline.source, in: context, row: sourceRow)
    // Unseen stages still count toward the budget, so a runaway inner stream ends.
    publisher = publisher.probe(sourceRow ?? recorder.silentChannel, stage: context.source(pipeline.source.range))
      .eraseToAnyPublisher()
    for (index, stage) in pipeline.operators.enumerated() {
      publisher = try apply(stage, to: publisher, in: context)
      guard let rows else {
        publisher = publisher.probe(recorder.silentChannel, stage: context.source(stage.range)).eraseToAnyPublisher()
        continue
      }
      if case .debounce(let due) = stage.kind, let dueTime = try? time(due, in: context, what: "") {
        debounceStages.append(.init(pipeline: rows, stage: index + 1, dueTime: dueTime))
      }
      let channel = row(label: context.source(stage.range), pipeline: rows, stage: index + 1, last: lastStage)
      publisher = publisher.probe(channel).eraseToAnyPublisher()
    }
    return publisher
  }

  /// The `multicast` publisher held by a binding, for `connect`.
  func connectable(for binding: BoundPipeline) -> (() -> Cancellable)? {
    guard builtBindings[ObjectIdentifier(binding)] != nil || (try? buildBinding(binding)) != nil else { return nil }
    return connectables[ObjectIdentifier(binding)]
  }

  /// A stream value for a nested pipeline written inside an expression. It is
  /// built anew at each subscription, with the captured closure parameters.
  func makeStream(_ pipeline: Pipeline, in context: BuildContext) -> StreamValue {
    StreamValue(description: "{ \(context.source(pipeline.range)) }") { [unowned self] in
      do {
        return try self.build(pipeline, in: context)
      } catch let error as Diagnostic {
        self.recorder.fail(error.message, stage: context.source(pipeline.range), value: nil)
        return Empty(completeImmediately: false).eraseToAnyPublisher()
      } catch {
        self.recorder.fail(String(describing: error), stage: context.source(pipeline.range), value: nil)
        return Empty(completeImmediately: false).eraseToAnyPublisher()
      }
    }
  }

  private func row(label: String, pipeline: Int, stage: Int, last: Int) -> TimelineChannel {
    recorder.channel(label: label, pipeline: pipeline, stage: stage, isOutput: stage == last)
  }

  // MARK: Bound names

  func buildBinding(_ binding: BoundPipeline) throws -> AnyValuePublisher {
    let key = ObjectIdentifier(binding)
    if let publisher = builtBindings[key] { return publisher }
    let context = BuildContext(text: binding.text, environment: binding.environment, captures: .none)
    var pipeline = binding.pipeline
    let endsInMulticast: Bool
    if case .multicast = pipeline.operators.last?.kind {
      pipeline.operators.removeLast()
      endsInMulticast = true
    } else {
      endsInMulticast = false
    }
    var publisher = try build(pipeline, in: context)
    if endsInMulticast {
      // `multicast` must stay connectable: keep the connect handle beside the erased publisher.
      let connectable = publisher.multicast { PassthroughSubject<Value, StreamError>() }
      connectables[key] = { connectable.connect() }
      publisher = connectable.eraseToAnyPublisher()
    }
    builtBindings[key] = publisher
    return publisher
  }

  /// Looks a name up as a captured stream parameter first, then as a binding.
  func resolveName(_ name: Name, in context: BuildContext, row: TimelineChannel? = nil) throws -> AnyValuePublisher {
    if let value = context.captures.value(of: name.text) {
      guard case .stream(let stream) = value else {
        throw Diagnostic("`\(name.text)` is \(value.typeName) \(value), not a stream", at: name.range)
      }
      return stream.publisher()
    }
    if let binding = context.environment[name.text] {
      // A bare cold timed source is the same publisher however often it is
      // built, so each use builds its own: then what it drops for want of
      // demand shows on the row of the name that uses it.
      if let row, binding.pipeline.operators.isEmpty, binding.pipeline.source.kind.isColdTimedSource {
        let bindingContext = BuildContext(text: binding.text, environment: binding.environment, captures: .none)
        return try buildSource(binding.pipeline.source, in: bindingContext, row: row)
      }
      return try buildBinding(binding)
    }
    let known = Array(context.environment.keys) + context.captures.layout.names
    throw Diagnostic(
      "`\(name.text)` is not a source, an operator or a bound name", at: name.range,
      suggestion: Suggestion.closest(to: name.text, among: known + Keywords.sources.map(\.name)))
  }
}

extension SourceKind {
  /// `interval`, `timer`, `marbles` and `events`: cold sources that send on
  /// the clock and drop what their subscriber has not asked for.
  var isColdTimedSource: Bool {
    switch self {
    case .interval, .timer, .marbles, .events: return true
    default: return false
    }
  }
}
