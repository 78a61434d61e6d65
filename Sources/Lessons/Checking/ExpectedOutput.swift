import StreamCore
import StreamLang

/// How an `expect:` value becomes events: it is run as a program.
///
/// `expect: 500ms:"iph", 1200ms:|` runs `events 500ms:"iph", 1200ms:|`, and
/// `expect: marbles "-a-b|" frame 100ms` runs as written, so the expected output
/// is read by the same parser, with the same value syntax, as the answers.
/// `expect: nothing` means no event at all (a stream that never emits or ends).
public enum ExpectedOutput {
  public static let nothingKeyword = "nothing"
  static let eventsPrefix = "events "
  static let valuesPrefix = "just "

  /// The expected output of `expect` with its comparable events, or the
  /// problems of its program with offsets into the teacher's text.
  /// With `compare: values`, a plain list of values (`"A", "B"`) is accepted
  /// too, read as `just "A", "B"`.
  static func events(
    of expect: String, comparison: Comparison, runner: ProgramRunning
  ) -> Result<[TimelineEvent], ExpectationFailure> {
    if isNothing(expect) { return .success([]) }
    let program = program(for: expect)
    switch runner.run(program.text) {
    case .ran(let run):
      guard let output = run.result.outputs.last else { return .failure(.noOutput(.expect)) }
      return .success(comparable(output.events))
    case .invalid(let problems):
      if comparison == .values, program.prefixLength > 0,
        case .ran(let run) = runner.run(valuesPrefix + expect), let output = run.result.outputs.last
      {
        return .success(comparable(output.events))
      }
      let shifted = problems.map { problem in
        var shifted = problem
        shifted.range = SourceRange(
          start: max(0, problem.range.start - program.prefixLength),
          end: max(0, problem.range.end - program.prefixLength))
        return shifted
      }
      return .failure(.expectInvalid(shifted))
    }
  }

  /// The program that produces the expected events, and how many bytes were
  /// put in front of the teacher's text (to shift error positions back).
  static func program(for expect: String) -> (text: String, prefixLength: Int) {
    let trimmed = Substring(expect).trimmingWhitespace()
    if trimmed.hasPrefix("marbles") { return (expect, 0) }
    return (eventsPrefix + expect, eventsPrefix.utf8.count)
  }

  static func isNothing(_ expect: String) -> Bool {
    Substring(expect).trimmingWhitespace() == nothingKeyword
  }

  /// The events that count when outputs are compared: values and the terminal
  /// `finished` or `failed`. Subscription, demand, drops and cancellation are
  /// how a stream is consumed, not what it produces, and the expect syntax cannot write them.
  public static func comparable(_ events: some Sequence<TimelineEvent>) -> [TimelineEvent] {
    events.filter { event in
      switch event.kind {
      case .value, .finished, .failed: return true
      default: return false
      }
    }
  }
}
