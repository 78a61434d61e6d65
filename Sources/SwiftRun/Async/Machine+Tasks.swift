import StreamCore
import StreamLang
import SwiftImport

// Swift's tasks on the virtual clock (issue 31). A task's body is a
// coroutine (`Coroutine`): the clock starts it after the code that made it
// yields, as the main actor's executor does, and each `await` that has to
// wait hands the turn back to the clock until what it waits for resumes it.
// Top-level code that awaits runs the clock itself meanwhile, as a script's
// main actor would run its other jobs.
extension Machine {
  /// More tasks than this waiting at once stops the run: each waits on a thread of its own.
  static let maximumLiveTasks = 64
  /// More turns than this, tasks handing the one thread to each other,
  /// stops the run: each costs a switch of threads (tens of microseconds),
  /// so a task that only ever yields would otherwise run for minutes.
  static let maximumTaskTurns = 20_000

  /// `Task { … }` or `Task.detached { … }`: made now, started by the clock.
  func makeTask(_ arguments: [Argument], detached: Bool, at range: SourceRange) throws -> Value {
    guard let body = arguments.last?.value.opaque(as: FunctionValue.self) else {
      throw refuse("`Task` needs a closure to run", at: range, instead: "`Task { … }`")
    }
    if tasks.lazy.filter({ $0.state != .finished }).count >= Self.maximumLiveTasks {
      throw SwiftRunError.trap(
        "more than \(Self.maximumLiveTasks) tasks are alive at once (streamlab runs at most that many)", range)
    }
    let task = TaskValue(serial: tasks.count, range: range, isDetached: detached, made: clock.now, body: body)
    tasks.append(task)
    clock.schedule { [unowned self] in self.start(task) }
    return .opaque(task)
  }

  private func start(_ task: TaskValue) {
    guard task.state == .waiting, !isEnding else { return }
    task.state = .running
    task.moments.append((clock.now, .started))
    task.coroutine = Coroutine { [unowned self, unowned task] _ in self.runBody(of: task) }
    switchTo(task)
  }

  /// The task's body, on its own coroutine, to its end.
  private func runBody(of task: TaskValue) {
    callDepth = 0
    sendDepth = 0
    engineCallbackDepth = 0
    awaitScopes = []
    var outcome: Result<Value, ThrownValue>?
    if let body = task.body {
      do {
        outcome = .success(try invoke(body, [], at: task.range))
      } catch SwiftRunError.thrown(let error, _) {
        outcome = .failure(ThrownValue(value: error))
      } catch is RunEndedWhileWaiting {
        outcome = nil
      } catch {
        fail(error, stage: place(task.range))
      }
    }
    // A task lets go of what its closure captured when it ends, here, at this time.
    task.body = nil
    finish(task, outcome)
  }

  private func finish(_ task: TaskValue, _ outcome: Result<Value, ThrownValue>?) {
    task.state = .finished
    task.outcome = outcome
    task.onCancel = nil
    switch outcome {
    case .success: task.moments.append((clock.now, .finished))
    case .failure(let error) where Self.isCancellationError(error.value):
      task.moments.append((clock.now, .cancelled))
    case .failure(let error): task.moments.append((clock.now, .threw(SwiftText.plain(error.value))))
    case nil: break
    }
    let waiting = task.awaiting
    task.awaiting = []
    for suspension in waiting {
      switch outcome {
      case .success(let value): resumeLater(suspension, with: .value(value))
      case .failure(let error): resumeLater(suspension, with: .thrown(error.value))
      case nil: break
      }
    }
  }

  /// Hands the turn to `task` until it waits again or ends.
  func switchTo(_ task: TaskValue) {
    taskTurns += 1
    if taskTurns > Self.maximumTaskTurns, !isEnding {
      fail(
        SwiftRunError.trap(
          "the tasks took \(Self.maximumTaskTurns) turns without the run ending (a loop that awaits for ever?)",
          task.suspension?.range ?? task.range), stage: place(task.suspension?.range ?? task.range))
      return
    }
    let saved = (currentTask, callDepth, sendDepth, runningStatement, engineCallbackDepth, awaitScopes)
    currentTask = task
    if task.coroutine?.resume() == false {
      fail(SwiftRunError.trap("no thread could be started for the task", task.range), stage: place(task.range))
    }
    (currentTask, callDepth, sendDepth, runningStatement, engineCallbackDepth, awaitScopes) = saved
  }

  // MARK: Waiting

  /// Resumes whoever waits on `suspension` at the clock's next turn now, as
  /// a resumed continuation enqueues its task on its executor; a
  /// resumption before anyone waits is simply kept.
  func resumeLater(_ suspension: Suspension, with resumption: Suspension.Resumption) {
    guard suspension.resume(resumption) else { return }
    if let task = suspension.task {
      guard task.suspension === suspension else { return }
      clock.schedule { [unowned self] in
        guard task.suspension === suspension, task.state == .suspended else { return }
        self.switchTo(task)
      }
    } else if awaitingTopLevel === suspension {
      clock.schedule { suspension.isDue = true }
    }
  }

  /// A new wait for the code running now.
  func suspension(at range: SourceRange) -> Suspension {
    Suspension(task: currentTask, range: range)
  }

  /// Waits until `suspension` is resumed, and gives what it was resumed with:
  /// a task stops here while the clock goes on; the top-level code runs the
  /// clock until then. `onCancel` runs if the task is cancelled meanwhile.
  func wait(for suspension: Suspension, onCancel: (() -> Void)? = nil) throws -> Value {
    if suspension.resumption == nil {
      guard engineCallbackDepth == 0 else {
        throw refuse(
          "`await` inside a closure Combine or Dispatch calls: Swift needs a synchronous closure there",
          at: suspension.range, instead: "a `Task { … }` inside the closure, around the `await`")
      }
      if let task = currentTask {
        task.state = .suspended
        task.suspension = suspension
        task.frames = awaitScopes
        task.onCancel = onCancel
        task.moments.append((clock.now, .suspended))
        if task.isCancelled, let onCancel {
          task.onCancel = nil
          onCancel()
        }
        let saved = (callDepth, sendDepth, runningStatement, engineCallbackDepth, awaitScopes)
        task.coroutine?.suspend()
        (callDepth, sendDepth, runningStatement, engineCallbackDepth, awaitScopes) = saved
        task.state = .running
        task.suspension = nil
        task.frames = []
        task.onCancel = nil
        if case .teardown? = suspension.resumption {} else { task.moments.append((clock.now, .resumed)) }
      } else {
        awaitingTopLevel = suspension
        defer { awaitingTopLevel = nil }
        if let stop = clock.run(until: options.horizon, orUntil: { suspension.isDue }) {
          if let pendingError { throw pendingError }
          topLevelStillWaiting = (suspension, stop)
          throw RunEndedWhileWaiting()
        }
      }
    }
    switch suspension.resumption {
    case .value(let value)?: return value
    case .thrown(let error)?: throw SwiftRunError.thrown(error, suspension.range)
    case .teardown?, nil: throw RunEndedWhileWaiting()
    }
  }

  /// At the end of the run: every task still waiting unwinds, running no
  /// more of the paste, so its thread ends.
  func tearDownTasks() {
    for task in tasks where task.state == .suspended {
      task.suspension?.resume(.teardown)
      switchTo(task)
    }
  }

  /// Each task's row: `Task line 6`, made, its moments and how it ended.
  var taskTimelines: [TaskTimeline] {
    // Tasks made on one line (`Task { … }; Task { … }`) are told apart by their column.
    let locations = tasks.map { SourceLocation(of: $0.range, in: text) }
    let linesWithSeveral = Set(Dictionary(grouping: locations, by: \.line).filter { $0.value.count > 1 }.keys)
    return zip(tasks, locations).map { task, location in
      let place = linesWithSeveral.contains(location.line) ? "\(location.line):\(location.column)" : "\(location.line)"
      return TaskTimeline(
        name: "\(task.isDetached ? "Task.detached" : "Task") line \(place)", made: task.made, moments: task.moments,
        wasCancelled: task.isCancelled)
    }
  }

  /// A note per task still waiting when the run ends: it, and all it holds, stays alive.
  var stillWaitingTaskNotes: [String] {
    tasks.compactMap { task in
      guard task.state == .suspended, let suspension = task.suspension else { return nil }
      let made = SourceLocation(of: task.range, in: text).line
      let waits = SourceLocation(of: suspension.range, in: text).line
      var shown = source(suspension.range)
      if shown.count > 50 { shown = String(shown.prefix(49)) + "…" }
      return "Task line \(made) still waits at line \(waits), `\(shown)`, when the run ends: it keeps what it "
        + "captured alive until it is cancelled (`task.cancel()`) or what it awaits ends"
    }
  }

  /// The note for top-level code still awaiting when the clock stopped.
  func stillWaitingNote(_ suspension: Suspension, stop: VirtualClock.StopReason) -> String {
    let location = SourceLocation(of: suspension.range, in: text)
    let why =
      stop == .horizon
      ? "at the horizon, \(options.horizon)"
      : "at \(clock.now), when nothing was left to run: a script would wait for ever"
    return "the top-level code still awaits at line \(location.line), `\(source(suspension.range))`, \(why)"
  }

  // MARK: Task's API

  /// `Task.sleep(for:)`, `Task.sleep(nanoseconds:)`: resumes after the
  /// duration on the virtual clock, or at once with `CancellationError` when
  /// the task is cancelled meanwhile.
  func sleep(_ arguments: [Argument], at range: SourceRange) throws -> Value {
    guard let argument = arguments.first else { throw refuse("`Task.sleep` needs a duration", at: range) }
    let duration: VirtualInterval
    if argument.label == "nanoseconds" || argument.label == nil, case .int(let nanoseconds) = argument.value {
      guard nanoseconds >= 0 else {
        throw SwiftRunError.trap("Negative value is not representable (`UInt64` nanoseconds)", argument.range)
      }
      duration = VirtualInterval(nanoseconds: nanoseconds)
    } else if argument.label == "for" || argument.label == nil {
      duration = try interval(argument.value, at: argument.range)
    } else {
      throw refuse(
        "streamlab runs `Task.sleep(for:)` and `Task.sleep(nanoseconds:)`", at: range,
        instead: "`try await Task.sleep(for: .milliseconds(200))`")
    }
    if currentTask?.isCancelled == true { throw SwiftRunError.thrown(cancellationError, range) }
    let suspension = suspension(at: range)
    let token = ScheduledActionToken()
    clock.schedule(at: clock.now.advanced(by: duration), token: token) { [unowned self] in
      self.resumeLater(suspension, with: .value(.void))
    }
    return try wait(for: suspension) { [unowned self] in
      token.cancel()
      self.resumeLater(suspension, with: .thrown(self.cancellationError))
    }
  }

  /// `Task.yield()`: lets everything already due now run first.
  func yieldTurn(at range: SourceRange) throws -> Value {
    let suspension = suspension(at: range)
    clock.schedule { [unowned self] in self.resumeLater(suspension, with: .value(.void)) }
    return try wait(for: suspension)
  }

  /// `await task.value` (and `task.result`): the body's result once it has
  /// ended; its error is thrown again.
  func value(of task: TaskValue, asResult: Bool, at range: SourceRange) throws -> Value {
    if task.state != .finished {
      let suspension = suspension(at: range)
      task.awaiting.append(suspension)
      do {
        let value = try wait(for: suspension)
        return asResult ? Self.resultValue(.success(value)) : value
      } catch SwiftRunError.thrown(let error, let where_) {
        if asResult { return Self.resultValue(.failure(ThrownValue(value: error))) }
        throw SwiftRunError.thrown(error, where_)
      }
    }
    switch task.outcome {
    case .success(let value)?: return asResult ? Self.resultValue(.success(value)) : value
    case .failure(let error)?:
      if asResult { return Self.resultValue(.failure(error)) }
      throw SwiftRunError.thrown(error.value, range)
    case nil: throw RunEndedWhileWaiting()
    }
  }

  private static func resultValue(_ outcome: Result<Value, ThrownValue>) -> Value {
    switch outcome {
    case .success(let value): return .opaque(EnumValue(typeName: "Result", caseName: "success", associated: [value]))
    case .failure(let error):
      return .opaque(EnumValue(typeName: "Result", caseName: "failure", associated: [error.value]))
    }
  }

  /// Swift's `CancellationError()`.
  var cancellationError: Value { .opaque(EnumValue(typeName: "CancellationError", caseName: "CancellationError()")) }

  static func isCancellationError(_ value: Value) -> Bool {
    value.opaque(as: EnumValue.self)?.typeName == "CancellationError"
  }

  /// Whether the code running now belongs to a cancelled task (`Task.isCancelled`).
  var isCurrentTaskCancelled: Bool { currentTask?.isCancelled ?? false }
}
