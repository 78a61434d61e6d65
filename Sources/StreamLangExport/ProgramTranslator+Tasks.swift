import StreamCore
import StreamLang

// Tasks (issue 31's `values` and `task { … }`) as Swift writes them: a
// `Task` whose body awaits each step, a `for await` loop over the
// pipeline's `values` whose body sleeps on `scheduler` (combine-schedulers'
// `sleep(for:)`, so a test scheduler moves it), and `task.cancel()` at `@..T`.
extension ProgramTranslator {
  /// `s | values each 250ms @T..T`: a task that runs one loop.
  func subscribeLoop(_ pipeline: Pipeline, timing: SubscriptionTiming, label: String) throws {
    if timing.storedIn != nil || timing.capture != nil {
      throw ExportLimitation("a `for await` loop is held by its task, not stored in an owner")
    }
    let task = nextTask()
    try schedule(task: task, body: try loopLines(pipeline), timing: timing, label: label)
  }

  /// `task { sleep 150ms; ticks | values } @T..T`: its steps, in order, in one task.
  func task(_ steps: [TaskStep], timing: SubscriptionTiming, label: String) throws {
    let task = nextTask()
    var body: [String] = []
    for step in steps {
      switch step {
      case .sleep(let duration, _):
        // `try await`: a cancelled task's sleep throws `CancellationError`, which ends the task.
        body.append("try await scheduler.sleep(for: \(SwiftExpression.stride(try timeLiteral(duration)).code))")
      case .loop(let pipeline, _):
        body += try loopLines(pipeline)
      }
    }
    try schedule(task: task, body: body, timing: timing, label: label)
  }

  /// The `for await` loop over a pipeline that ends in `values` (or
  /// `values each T`), logging what the loop's subscription sees as the
  /// next subscriber's output row. A pipeline that can fail is read with
  /// `for try await`, whose failure ends the task's body.
  private func loopLines(_ pipeline: Pipeline) throws -> [String] {
    guard case .values(let each) = pipeline.operators.last?.kind else {
      throw ExportLimitation("a task's loop reads a pipeline that ends in `values`")
    }
    let number = nextSubscriber()
    var upstream = pipeline
    upstream.operators.removeLast()
    hotSources.begin()
    let publisher = try self.pipeline(upstream, in: ExportScope())
    hotSources.start(hotSources.end())
    try checkPrintable(publisher.output)
    helpers.insert(.loopLogging)
    let chain = publisher.code(indent: "  ") + (publisher.operators.isEmpty ? "" : "\n  ")
    let head =
      "for \(publisher.failure == .never ? "" : "try ")await _ in \(chain).logging(\(number), to: log).values {"
    guard let each else { return [head + "}"] }
    // The body's work: a cancelled task wakes from it at once, and the loop then ends.
    let sleep = "try? await scheduler.sleep(for: \(SwiftExpression.stride(try timeLiteral(each)).code))"
    return [head, "  " + sleep, "}"]
  }

  /// Makes task `number` at the subscription time, and cancels it at `@..T`.
  private func schedule(task number: Int, body: [String], timing: SubscriptionTiming, label: String) throws {
    let subscribeAt = try timing.subscribeAt.map(timeLiteral) ?? .zero
    // `Subscriptions.tasks` holds `Task<Void, Error>`, which a body that cannot throw fits too.
    let make = ["subscriptions.tasks[\(number)] = Task {"] + SwiftExport.indented(body, by: "  ") + ["}"]
    var block = ["// \(label)"] + scheduled(at: subscribeAt, make)
    if let cancelAt = try timing.cancelAt.map(timeLiteral) {
      block += scheduled(at: cancelAt, ["subscriptions.tasks[\(number)]?.cancel()"])
    }
    addSchedule(block)
  }
}
