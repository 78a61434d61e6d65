import StreamLab

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// What streamlab knows about the terminal and environment it was started in.
///
/// This is the only place that reads `isatty`, the window size and the
/// environment; everything below the executable receives these as values, so
/// the session and the renderers stay pure and testable.
struct TerminalFacts {
  /// Standard input is a terminal: the REPL may prompt and edit lines.
  var inputIsTerminal: Bool
  /// Standard output is a terminal: colour and widths make sense.
  var outputIsTerminal: Bool
  /// `TERM=dumb` (Emacs shells, some CI): no editing escapes at all.
  var termIsDumb: Bool
  /// `NO_COLOR` is set to something non-empty (https://no-color.org).
  var noColor: Bool
  /// Columns to draw diagrams in.
  var width: Int
  /// The environment the facts were read from.
  var environment: [String: String]
  /// The locale can show `»` and `…`; otherwise prompts stay ASCII.
  var speaksUTF8: Bool

  /// The REPL edits lines with libedit only on a real, capable terminal at
  /// both ends: with output redirected, prompts and redraws would land in
  /// the file.
  var canEditLines: Bool { inputIsTerminal && outputIsTerminal && !termIsDumb }

  /// The width follows the window as it is resized: the output is a
  /// terminal and `COLUMNS` does not pin the width.
  var widthFollowsWindow: Bool { outputIsTerminal && Self.pinnedColumns(environment) == nil }

  /// The directory that holds streamlab's history and progress; worked out
  /// when asked, since `eval` never needs it and start-up time matters
  /// (docs/benchmarks.md, "Start-up").
  var stateDirectory: URL { StateDirectory.url(environment: environment) }

  /// Reads the facts of the running process.
  static func current(environment: [String: String] = readEnvironment()) -> TerminalFacts {
    let outputIsTerminal = isatty(STDOUT_FILENO) == 1
    return TerminalFacts(
      inputIsTerminal: isatty(STDIN_FILENO) == 1,
      outputIsTerminal: outputIsTerminal,
      termIsDumb: environment["TERM"] == "dumb",
      noColor: !(environment["NO_COLOR"] ?? "").isEmpty,
      width: width(environment: environment, outputIsTerminal: outputIsTerminal),
      environment: environment,
      speaksUTF8: String(cString: nl_langinfo(nl_item(CODESET))).uppercased().filter { $0 != "-" } == "UTF8"
    )
  }

  /// The variables streamlab reads (`TERM`, `NO_COLOR`, `COLUMNS`, and
  /// `XDG_STATE_HOME` and `HOME` for the state directory), each looked up
  /// with `getenv`: `ProcessInfo.environment` copies the whole environment
  /// into a dictionary, a visible share of `eval`'s start-up (docs/benchmarks.md, "Start-up").
  static func readEnvironment() -> [String: String] {
    var environment: [String: String] = [:]
    for name in ["TERM", "NO_COLOR", "COLUMNS", "XDG_STATE_HOME", "HOME"] {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return environment
  }

  /// The width `COLUMNS` sets, if any.
  private static func pinnedColumns(_ environment: [String: String]) -> Int? {
    guard let text = environment["COLUMNS"], let columns = Int(text), columns > 0 else { return nil }
    return min(columns, 1_000)
  }

  /// `COLUMNS` wins (it is how users and tests pin a width), then the
  /// window size of the output terminal, then 80.
  private static func width(environment: [String: String], outputIsTerminal: Bool) -> Int {
    if let columns = pinnedColumns(environment) { return columns }
    if outputIsTerminal {
      var size = winsize()
      if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    }
    return 80
  }
}
