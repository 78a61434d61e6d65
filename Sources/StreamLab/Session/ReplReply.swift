/// What the session answers to one input: text to show, whether it is an
/// error, and something only the shell can do (files, quitting).
public struct ReplReply: Equatable {
  /// Text for the student, without a trailing newline; may be empty.
  public var text: String
  /// The input failed: it did not parse, a runtime error stopped it, or a
  /// meta-command could not be carried out.
  public var isError: Bool
  public var effect: ReplEffect?

  public init(text: String, isError: Bool = false, effect: ReplEffect? = nil) {
    self.text = text
    self.isError = isError
    self.effect = effect
  }
}

/// Work the session leaves to the shell, which owns the terminal and files.
public enum ReplEffect: Equatable {
  /// Leave the REPL with status 0.
  case quit
  /// Write `contents` to `path` (`:svg`), then show the reply's text.
  case writeFile(path: String, contents: String)
  /// Read `path` and hand its contents to `ReplSession.load(_:from:)` (`:load`).
  case readFile(path: String)
}
