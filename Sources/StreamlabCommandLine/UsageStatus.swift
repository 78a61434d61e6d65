import ArgumentParser

/// The version both executables report.
public let streamlabVersion = "0.1.0"

extension ParsableCommand {
  /// Parses the command line and runs the command, with one change from
  /// swift-argument-parser's own `main`: usage errors exit with status 2,
  /// streamlab's code for "your command or program is malformed", instead of
  /// `EX_USAGE` (64). Shared by `streamlab` and `streamlab-serve`, so
  /// `streamlab serve` keeps the status it had inside `streamlab`.
  ///
  /// `parse` gives the command to run (by default the root's full parse).
  public static func parseAndRunExitingTwoOnUsageErrors(
    parse: () throws -> ParsableCommand = { try Self.parseAsRoot() }
  ) {
    do {
      var command = try parse()
      try command.run()
    } catch {
      guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
      StandardStream.error.write(fullMessage(for: error) + "\n")
      exitProcess(2)
    }
  }
}

/// `serve`'s one-line summary, shown by `streamlab --help` (which lists the
/// subcommand) and by `streamlab serve --help` (which `streamlab-serve` prints).
public let serveAbstract = "Serve the browser playground and its JSON API."
