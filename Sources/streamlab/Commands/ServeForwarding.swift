import ArgumentParser
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

/// `streamlab serve` runs the separate `streamlab-serve` executable next to
/// this one, so the web server (Hummingbird on SwiftNIO, 25 packages) stays
/// out of `streamlab`: without it the binary links statically, starts in a
/// few milliseconds, and `scripts/start` never compiles the server.
///
/// The arguments go through unparsed, so `streamlab-serve` alone defines
/// serve's options, help text and errors.
enum ServeForwarding {
  static let executableName = "streamlab-serve"

  /// `streamlab serve ARGS…` and `streamlab help serve`: replaces this
  /// process with `streamlab-serve ARGS…` (or `--help`) before
  /// swift-argument-parser sees the command line. Anything else returns.
  static func forwardIfServe(_ arguments: ArraySlice<String>) {
    if arguments.first == "serve" { exec(Array(arguments.dropFirst())) }
    if Array(arguments) == ["help", "serve"] { exec(["--help"]) }
  }

  /// `streamlab-serve` in the directory of the running executable
  /// (`/proc/self/exe`, so a symlink to `streamlab` still finds it).
  static func siblingPath() -> String {
    let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent(executableName).path
  }

  /// Never returns: either `execv` replaces the process or it fails, and
  /// then one line says how to build the server, with status 1.
  static func exec(_ arguments: [String]) -> Never {
    let path = siblingPath()
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    execv(path, argv)
    let reason = String(cString: strerror(errno))
    // A release `streamlab` (what `scripts/start` builds) needs a release
    // server beside it, which scripts/release-build.sh builds with the
    // `Server` trait in a folder of its own and links there.
    let how =
      path.contains("/release/")
      ? "`scripts/start serve`" : "`swift build --product streamlab-serve` (or `scripts/start serve`)"
    StandardStream.error.write("streamlab serve: cannot run \(path) (\(reason)); build it with \(how)\n")
    exit(1)
  }
}

/// `serve` as `streamlab --help` lists it. The command line `streamlab serve
/// …` never reaches this parser (ServeForwarding takes it first); this entry
/// only names the subcommand and forwards anything that does reach it.
struct ServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve", abstract: serveAbstract)

  @Argument(parsing: .captureForPassthrough, help: "The options of streamlab-serve (see `streamlab serve --help`).")
  var arguments: [String] = []

  func run() throws {
    ServeForwarding.exec(arguments)
  }
}
