/// What parsing one program's text produced: the statements that parsed and
/// a diagnostic for every one that did not.
public struct ParseResult: Hashable {
  /// The program, holding only the statements that parsed cleanly.
  public var program: Program
  /// Every problem found, in source order. Empty when the program is valid.
  public var diagnostics: [Diagnostic]

  public init(program: Program, diagnostics: [Diagnostic]) {
    self.program = program
    self.diagnostics = diagnostics
  }

  /// True when there was nothing to report: the program may be built and run.
  public var isValid: Bool { diagnostics.isEmpty }
}
