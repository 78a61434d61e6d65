import ArgumentParser

/// `streamlab eval …`, the command scripts, graders and the bench start most,
/// parsed by swift-argument-parser as eval alone. Parsing from the root
/// builds the whole command tree first, naming every command with
/// `String(describing:)` and reflecting over each one's options with
/// `Mirror`, and every such first question scans all of the binary's
/// protocol conformance records: measured (docs/benchmarks.md, "Start-up"), that was
/// the largest share of `eval 'just 1'`'s time.
///
/// `eval PROGRAM` alone (the program not an option; `-` for standard input
/// is one) needs no parsing at all: `EvalCommand.running(_:)` holds what the
/// parser would give, without its reflection over eval's options, which was
/// still most of the time left.
///
/// Otherwise not a second parser: eval's own definition parses the arguments, and
/// anything it does not accept as a run (help, a usage error, `--version`)
/// returns nil, so the full parser handles it exactly as before and words
/// its messages. `EvalFastPathTests` checks that what this accepts, the full
/// parser accepts with the same values.
enum EvalFastPath {
  static func command(_ arguments: [String]) -> ParsableCommand? {
    guard arguments.first == "eval" else { return nil }
    if arguments.count == 2, arguments[1] == "-" || !arguments[1].hasPrefix("-") {
      return EvalCommand.running(arguments[1])
    }
    // `--help` parses too, as argument-parser's own help command: that is the full parser's to answer.
    return (try? EvalCommand.parseAsRoot(Array(arguments.dropFirst()))) as? EvalCommand
  }
}
