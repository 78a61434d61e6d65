/// What one attempt to read a line of input produced.
enum LineRead: Equatable {
  case line(String)
  /// Ctrl-C at the prompt: the input typed so far is thrown away.
  case interrupted
  /// A line that could not be read as text; the message says why and where.
  case unreadable(String)
  /// Ctrl-D on an empty line, or the end of piped input.
  case endOfInput
}

/// A source of input lines for the REPL: libedit at a terminal, plain
/// `readLine` otherwise.
protocol LineReading: AnyObject {
  /// Reads one line. `pending` is the earlier lines of an unfinished input.
  func read(prompt: String, pending: String) -> LineRead
  /// Records a complete input in the history, if this reader keeps one.
  func remember(_ input: String)
}
