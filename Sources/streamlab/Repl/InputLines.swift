import StreamLab
import StreamLang

/// Lines gathered into one input, as the playground and the lesson prompt
/// both read them: a line that leaves the input open (a trailing `|`, an
/// open bracket) goes on at the next line, and an empty line ends an
/// unfinished input as it is, so its parse error says what is missing.
struct InputLines {
  /// Why an input is still open (`ReplSession.continuation(of:)` or
  /// `LessonPrompt.continuation(of:)`), or nil when it can be submitted.
  let continuation: (String) -> String?
  /// The earlier lines of an unfinished input.
  private(set) var pending: [String] = []
  /// The reason last shown above the continuation prompt: shown again only when it changes.
  private var shownReason: String?

  /// What one more line made of the input.
  enum Step: Equatable {
    /// Read another line; `reason`, when not nil, is new and worth printing.
    case continues(reason: String?)
    /// The whole input, lines joined with newlines (blank when only an empty line was typed).
    case complete(String)
  }

  init(continuation: @escaping (String) -> String?) {
    self.continuation = continuation
  }

  /// The earlier lines as one text, for completion.
  var pendingText: String { pending.joined(separator: "\n") }

  mutating func add(_ line: String) -> Step {
    let endsInput = !pending.isEmpty && line.trimmingWhitespace().isEmpty
    if !endsInput { pending.append(line) }
    let input = pendingText
    if !endsInput, let reason = continuation(input) {
      defer { shownReason = reason }
      return .continues(reason: reason == shownReason ? nil : reason)
    }
    reset()
    return .complete(input)
  }

  /// Drops an unfinished input (Ctrl-C, an unreadable line).
  mutating func reset() {
    pending = []
    shownReason = nil
  }
}
