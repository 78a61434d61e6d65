import StreamLang

// The tasks of what `--format swift` writes, read back as the short form's
// `task { … }`: a task's body of `try await scheduler.sleep(for: T)` steps
// (`sleep T`) and `for await _ in CHAIN.logging(N, to: log).values { … }`
// loops (`CHAIN | values`, and `values each T` when the body is
// `try? await scheduler.sleep(for: T)`). Other Swift with tasks is the
// interpreter's (`SwiftRun`), which runs it as it is; the reader lowers only
// these shapes, which have one meaning in the short form.
extension SwiftLowering {
  /// `Task { … }` made now: the number of its short-form task, or nil when
  /// `value` is not a `Task`.
  mutating func makeTask(_ value: SwiftExpr) throws -> Int? {
    guard case .call(let callee, let arguments) = value.kind, case .identifier("Task") = callee.kind else {
      return nil
    }
    guard arguments.count == 1, case .closure(let closure) = arguments[0].value.kind, closure.parameters.isEmpty
    else {
      throw failure(
        "streamlab's reader reads a `Task` only with its body as a trailing closure", at: value.range,
        expected: "`Task { … }`")
    }
    let steps = try closure.body.map(taskStep)
    program.tasks.append(ShortProgram.MadeTask(steps: steps, makeAt: now, cancelAt: nil))
    let number = program.tasks.count - 1
    program.append(.task(number), from: currentStatement)
    return number
  }

  /// One statement of a task's body as a step of the short form.
  private func taskStep(_ statement: SwiftStatement) throws -> String {
    switch statement.kind {
    case .expression(let expression):
      // `try await scheduler.sleep(for: T)`: a cancelled task's sleep throws, which ends the task.
      if case .tried(let awaited) = expression.kind, let duration = try sleepDuration(awaited) {
        return "sleep \(ShortProgram.time(duration))"
      }
    case .forIn(.wildcard, let sequence, nil, let body):
      var awaited = sequence
      if case .tried(let inner) = sequence.kind { awaited = inner }
      guard case .awaited(let values) = awaited.kind, case .member(let logged?, "values") = values.kind,
        case .call(let logging, let loggingArguments) = logged.kind,
        case .member(let chain?, "logging") = logging.kind, loggingArguments.count == 2
      else { break }
      guard let pipeline = try pipeline(chain) else {
        throw failure("expected a publisher chain before `.logging`", at: chain.range)
      }
      if body.isEmpty { return pipeline + " | values" }
      // The loop's body is its work, `try? await scheduler.sleep(for: T)`.
      if body.count == 1, case .expression(let work) = body[0].kind, case .optionalTry(let awaitedSleep) = work.kind,
        let duration = try sleepDuration(awaitedSleep)
      {
        return pipeline + " | values each \(ShortProgram.time(duration))"
      }
    default:
      break
    }
    throw failure(
      "streamlab's reader reads a task's body only as `--format swift` writes it", at: statement.range,
      expected:
        "`try await scheduler.sleep(for: .milliseconds(150))` or `for await _ in publisher.logging(0, to: log).values { … }`",
      note: "paste the Swift without the export's `program` function, and streamlab runs it as it is")
  }

  /// `await scheduler.sleep(for: T)` (or `Task.sleep(for: T)`, the same on
  /// the one virtual clock): T in nanoseconds; nil for anything else.
  private func sleepDuration(_ expression: SwiftExpr) throws -> Int? {
    guard case .awaited(let call) = expression.kind, case .call(let callee, let arguments) = call.kind,
      case .member(_?, "sleep") = callee.kind, arguments.count == 1, arguments[0].label == "for"
    else { return nil }
    return try duration(arguments[0].value)
  }
}
