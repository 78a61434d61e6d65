import ArgumentParser
import Foundation
import StreamLab
import StreamLabServer
import StreamlabCommandLine

/// `streamlab serve`: the browser playground on a local web server. Its own
/// executable, `streamlab-serve`, which `streamlab serve` runs (see
/// ServeForwarding): named "streamlab serve" so help and errors read as before.
@main
struct ServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "streamlab serve",
    abstract: serveAbstract,
    discussion: """
      Serves a page with the editor, the diagrams and the lessons, and a JSON API \
      over the same interpreter as `eval` (POST /api/run, /api/move, /api/check; \
      GET /api/lessons). Listens on 127.0.0.1 unless --host says otherwise: \
      use --host 0.0.0.0 to let a classroom reach it. Every run has eval's \
      horizon and event budget and a wall-clock cap; Ctrl-C stops the server.

      On an address other than loopback (a classroom), each browser keeps its \
      own progress, named by a cookie, under the state folder's students/; \
      on loopback the page shares the terminal's progress. The server answers \
      only requests whose Host names it: its address, localhost on loopback, \
      or a name given with --allow-host.

      Examples:
        streamlab serve
        streamlab serve --port 9000 --open
        streamlab serve --host 0.0.0.0 --lessons lessons
        streamlab serve --host 0.0.0.0 --allow-host teacher.local
      """,
    version: streamlabVersion
  )

  @Option(help: "The port to listen on (0 lets the system choose).")
  var port: Int = 8080

  @Option(help: ArgumentHelp("The address to listen on: 127.0.0.1, ::1, 0.0.0.0, …", valueName: "address"))
  var host = "127.0.0.1"

  @Flag(help: "Open the page in a browser (xdg-open) once the server listens.")
  var open = false

  @Option(help: ArgumentHelp("The folder of lessons the page offers.", valueName: "folder"), completion: .directory)
  var lessons = "lessons"

  @Option(help: ArgumentHelp("Wall-clock seconds one request's run may take.", valueName: "seconds"))
  var timeout: Double = 5

  @Option(
    name: .customLong("allow-host"),
    help: ArgumentHelp("A name the server is reached by (repeatable), such as teacher.local.", valueName: "name"))
  var allowedHosts: [String] = []

  @Flag(help: "Let the page show hints that give the solution away (Type: …).")
  var keepSolutions = false

  @Option(
    name: .customLong("class"),
    help: ArgumentHelp(
      "A folder of students' lesson files: /class shows each lesson's answers grouped by behaviour, live "
        + "(as `lesson report` does). Only on this machine's addresses: the page shows every student's answers.",
      valueName: "folder"), completion: .directory)
  var classFolder: String?

  func validate() throws {
    guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
    guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout must be between 0 and 600 seconds") }
    // Here rather than in run(): a ValidationError from validate() prints
    // serve's own usage line, one from run() the top-level command's.
    do { try PlaygroundServer.check(host: host) } catch { throw ValidationError("\(error)") }
    if classFolder != nil, isClassroom {
      throw ValidationError(
        "--class shows every student's answers, so it serves only on this machine (127.0.0.1 or ::1), not on \(host)")
    }
    for name in allowedHosts where name.isEmpty || name.contains(where: { $0 == ":" || $0 == "/" || $0 == " " }) {
      throw ValidationError("--allow-host takes a host name such as teacher.local, without a port or scheme")
    }
  }

  /// A classroom: students reach the server from other machines.
  private var isClassroom: Bool {
    !(host == "localhost" || host.hasPrefix("127.") || host == "::1")
  }

  static func main() {
    parseAndRunExitingTwoOnUsageErrors()
  }

  func run() throws {
    var limits = ServerLimits()
    limits.wallClockSeconds = timeout
    let state = StateDirectory.url()
    let api = WebAPI(
      limits: limits, lessonsFolder: URL(fileURLWithPath: lessons).standardizedFileURL,
      progressFile: state.appendingPathComponent("progress.json"),
      studentsFolder: isClassroom ? state.appendingPathComponent("students") : nil,
      // The address given is a name too: a browser on this machine may open
      // http://0.0.0.0:8080/, which the printed address says.
      allowedHosts: allowedHosts + [host.contains(":") ? "[\(host)]" : host], keepSolutions: keepSolutions,
      classFolder: classFolder.map { URL(fileURLWithPath: $0).standardizedFileURL })
    let server: PlaygroundServer
    do {
      server = try PlaygroundServer(api: api, host: host, port: UInt16(port))
    } catch {
      throw ValidationError("\(error)")
    }
    let finished = DispatchSemaphore(value: 0)
    let failure = ServeFailure()
    let host = self.host
    let open = self.open
    Task {
      do { try await server.run() } catch { failure.message = "streamlab serve: \(error)" }
      finished.signal()
    }
    Task {
      guard let port = try? await server.listeningPort() else { return }
      let url = "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/"
      print("streamlab serves the playground at \(url)  (Ctrl-C stops it)")
      fflush(stdout)
      if open { BrowserOpener.open(url) }
    }
    finished.wait()
    if let message = failure.message {
      StandardStream.error.write(message + "\n")
      throw ExitCode(1)
    }
  }
}

/// Why the server stopped, written by its task before it signals.
private final class ServeFailure: @unchecked Sendable {
  var message: String?
}

/// `--open`: asks the desktop to open the page; a machine without
/// `xdg-open` (a server, a container) gets a line saying so, never a failure.
enum BrowserOpener {
  static func open(_ url: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["xdg-open", url]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
      process.waitUntilExit()
      if process.terminationStatus == 0 { return }
    } catch {}
    print("(could not open a browser with xdg-open; open \(url) yourself)")
    fflush(stdout)
  }
}
