import ArgumentParser

/// The `--color` setting: whether text diagrams may contain colour escapes.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
  case always
  case never
  /// Colour only when standard output is a terminal that is not dumb and
  /// `NO_COLOR` is unset or empty.
  case auto

  func isEnabled(for terminal: TerminalFacts) -> Bool {
    switch self {
    case .always: return true
    case .never: return false
    case .auto: return terminal.outputIsTerminal && !terminal.termIsDumb && !terminal.noColor
    }
  }
}
