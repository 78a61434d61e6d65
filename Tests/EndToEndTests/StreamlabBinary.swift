import Foundation

/// Where the built `streamlab` executable is, and a clean environment to
/// start it in.
enum StreamlabBinary {
  /// `streamlab` next to the test bundle (`.build/debug/`), which SwiftPM
  /// builds first because this test target depends on it.
  static var path: String {
    let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [
      bundleDirectory.appendingPathComponent("streamlab"),
      bundleDirectory.deletingLastPathComponent().appendingPathComponent("streamlab"),
      URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../.build/debug/streamlab"),
    ]
    let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    return (found ?? candidates[0]).standardizedFileURL.path
  }

  /// A fresh home and state directory per test, so no test reads the
  /// developer's `~/.editrc` or history, and each history file is its own.
  /// `NO_COLOR` keeps diagrams at the terminal free of colour escapes, so
  /// tests can find their text (and shows `NO_COLOR` is honoured).
  static func environment(home: URL) -> [String: String] {
    [
      "HOME": home.path,
      "XDG_STATE_HOME": home.appendingPathComponent("state").path,
      "TERM": "xterm",
      "LANG": "C.UTF-8",
      "PATH": "/usr/bin:/bin",
      "NO_COLOR": "1",
    ]
  }

  /// Runs `body` with a fresh home directory and removes that directory
  /// afterwards, whether `body` returned or threw: the suite leaves nothing
  /// behind in the temporary directory. Anything started inside `body` (a
  /// pseudo-terminal's process) must be released before `body` returns.
  static func withTemporaryHome<Result>(_ body: (URL) throws -> Result) throws -> Result {
    let url = try temporaryHome()
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url)
  }

  /// A fresh home directory that the caller removes (with `defer`) when it
  /// must outlive one closure, as a graded class handed to several readers.
  static func temporaryHome() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("streamlab-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
