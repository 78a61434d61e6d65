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

  /// Whether an empty line ends the unfinished input (`ReplSession.emptyLineEnds`).
  let emptyLineEnds: (String) -> Bool
  /// A line that ends the unfinished input whatever it holds (`.` after `:paste`), if any.
  let endLine: ((String) -> Bool)?

  init(
    continuation: @escaping (String) -> String?, emptyLineEnds: @escaping (String) -> Bool = { _ in true },
    endLine: ((String) -> Bool)? = nil
  ) {
    self.continuation = continuation
    self.emptyLineEnds = emptyLineEnds
    self.endLine = endLine
  }

  /// The earlier lines as one text, for completion.
  var pendingText: String { pending.joined(separator: "\n") }

  mutating func add(_ line: String) -> Step {
    if !pending.isEmpty, let endLine, endLine(pendingText), line.trimmingWhitespace() == ReplSession.pasteEnd {
      let input = pendingText
      reset()
      return .complete(input)
    }
    // A multi-line input recalled from history (↑) comes back as one line:
    // whole as it ran, it runs again in one step.
    if pending.isEmpty, line.contains("\n"), emptyLineEnds(line) { return .complete(line) }
    let endsInput = !pending.isEmpty && line.trimmingWhitespace().isEmpty && emptyLineEnds(pendingText)
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
