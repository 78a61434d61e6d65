import Foundation

/// One committed file of `Exports/`: what the exporter printed for an example.
///
/// Run the tests with `STREAMLAB_WRITE_EXPORTS=1` to rewrite the files after
/// a deliberate change to the exporter; otherwise a test fails when the
/// exporter's output drifts from what is committed (and compiled).
struct ExportFile {
  var name: String

  var url: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Exports").appendingPathComponent(name)
  }

  static var isRewriting: Bool { ProcessInfo.processInfo.environment["STREAMLAB_WRITE_EXPORTS"] == "1" }

  /// The committed text, after rewriting it with `expected` when asked to.
  func committedText(expected: String) throws -> String {
    if ExportFile.isRewriting {
      try expected.write(to: url, atomically: true, encoding: .utf8)
    }
    return try String(contentsOf: url, encoding: .utf8)
  }
}
