import StreamLang

/// The Swift reader's door for the interpreter: the whole paste read with the
/// interpreter's grammar (`SwiftParser.Mode.interpreter`).
public enum SwiftSource {
  /// The paste's statements, or the first thing that cannot be read, with where.
  public static func parse(_ text: String) -> Result<[SwiftStatement], Diagnostic> {
    SwiftParser.parse(text, mode: .interpreter)
  }
}
