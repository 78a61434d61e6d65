import StreamLang

extension HelpText {
  /// `:help limits`: how big a program may be and how long it may run, and
  /// what happens at each limit.
  static var limits: String {
    """
    Limits: a program that passes one is refused with a message saying which, before it runs.

      stages in a program      \(ProgramLimits.stagesPerProgram.withThousandsSeparators)  every source and operator, nested pipelines too;
                               a bound pipeline counts each time it is used, and one `let` may stand for as many
      statements in a program  \(ProgramLimits.statementsPerProgram.withThousandsSeparators)  pipelines, `let` bindings and `connect`s (`:load` files too)
      operators in a row       \(ProgramLimits.expressionLength.withThousandsSeparators)  in one expression: `x + x + … + x`, `x.a.b…`
      nesting                  \(ProgramLimits.nesting)     levels of things inside each other: a prefix operator (`-`, `!`) is one,
                               a bracket, brace or parenthesis two (so 99 parentheses fit)

    A run stops (and its diagram is still drawn) at:

      the horizon              10s of virtual time; `:horizon 60s` or `--horizon` changes it
      the event budget         1,000,000 recorded events; `--max-events` changes it
      Ctrl-C                   at once; the prompt comes back with what was recorded so far
                               (while a program is still read, typed or built, nothing runs and nothing is bound)

    Programs run on a 512 MB stack, and these limits keep every run well inside it.
    """
  }
}
