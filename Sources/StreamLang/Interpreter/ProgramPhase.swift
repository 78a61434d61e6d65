/// The work before a program runs that Ctrl-C can stop: each phase looks at
/// the flag (`RunOptions.isInterrupted`) every `statementsBetweenLooks`
/// statements, so a program as large as `ProgramLimits` allows stops within
/// that many statements' work (well under a millisecond in a release build),
/// and the builder also every 256 stages of one pipeline. The lexer, which
/// reads the whole text before the parser's first look, looks every
/// `Lexer.tokensBetweenLooks` tokens.
public enum ProgramPhase: CaseIterable, Sendable {
  /// A program of fewer statements (and fewer than `Lexer.tokensBetweenLooks`
  /// tokens) is never stopped before it runs: a Ctrl-C pressed just before
  /// it began is seen by the run's first look, whose diagram still shows
  /// where each stage was.
  public static let statementsBetweenLooks = 64

  /// Whether the phase looks at the flag before the statement at `index`.
  static func looks(before index: Int) -> Bool { index % statementsBetweenLooks == statementsBetweenLooks - 1 }

  /// Reading the text into statements (the parser).
  case reading
  /// Giving every stage its Combine type (the type checker).
  case typeChecking
  /// Compiling the expressions and building the publishers (the builder).
  case building

  private var doing: String {
    switch self {
    case .reading: return "reading"
    case .typeChecking: return "type-checking"
    case .building: return "building"
    }
  }

  /// What is shown when Ctrl-C stopped this phase at `range`: nothing ran and
  /// nothing was bound.
  public func interruption(at range: SourceRange) -> Diagnostic {
    Diagnostic(
      "stopped by Ctrl-C while \(doing) this program, before it ran", at: range,
      note: "nothing ran and nothing was bound")
  }
}
