import ArgumentParser
import StreamLang
import StreamlabCommandLine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `streamlab` command: with no subcommand it opens the playground.
@main
struct StreamlabCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "streamlab",
    abstract: "A playground for learning Combine: type a pipeline, see what every stage did.",
    discussion: """
      With no subcommand, streamlab opens an interactive playground. Type a pipeline \
      and it runs on a virtual clock against a real Combine engine (OpenCombine), \
      then prints every stage as a marble diagram. Type :help there for more.

      Examples:
        streamlab
        streamlab eval 'just 1,2,3 | map x*2 | debounce 300ms'
        streamlab eval -f search.txt --format svg --output search.svg
        echo 'interval 100ms | take 5' | streamlab eval - --format json
        printf 'let a = just 1\\na | map x+1\\n' | streamlab
        streamlab run lessons/lesson04.txt
        streamlab watch lessons/lesson04.txt
        streamlab --generate-completion-script zsh > ~/.zfunc/_streamlab
      """,
    version: streamlabVersion,
    subcommands: [
      EvalCommand.self, RunCommand.self, WatchCommand.self, LessonsCommand.self, LessonCommand.self, ServeCommand.self,
    ]
  )

  @OptionGroup var display: DisplayOptions

  func run() throws {
    let terminal = TerminalFacts.current()
    let status = Repl(display: display, terminal: terminal).run()
    throw ExitCode(status)
  }

  /// Runs the command line, with one change from swift-argument-parser's own
  /// `main`: usage errors exit with status 2, streamlab's code for "your
  /// command or program is malformed", instead of `EX_USAGE` (64).
  ///
  /// Everything runs on a `LargeStack`: not only running a program but also
  /// drawing, exporting and freeing it recurse with its size.
  static func main() {
    LargeStack.run { mainHere() }
  }

  private static func mainHere() {
    // libedit decodes keys and the prompt with the locale's encoding, and
    // TerminalFacts asks the locale whether `»` can be shown.
    setlocale(LC_CTYPE, "")
    let arguments = Array(CommandLine.arguments.dropFirst())
    // The line argument-parser prints for `--version`, without building the
    // whole command tree first (docs/benchmarks.md, "Start-up").
    if arguments == ["--version"] {
      print(streamlabVersion)
      return
    }
    ServeForwarding.forwardIfServe(arguments[...])
    parseAndRunExitingTwoOnUsageErrors { try EvalFastPath.command(arguments) ?? parseAsRoot(arguments) }
  }
}
