import Foundation
import Testing

/// A file under `Tests/MarblesTests/Golden/` holding the expected output of a
/// test, read from the source tree.
///
/// Run with `STREAMLAB_UPDATE_GOLDEN=1` to write the actual output instead;
/// then read (or, for SVG, look at) every changed file before committing it.
struct GoldenFile {
  let path: String

  var url: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
      .appendingPathComponent(path)
  }

  func check(_ actual: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    if ProcessInfo.processInfo.environment["STREAMLAB_UPDATE_GOLDEN"] != nil {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try actual.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(actual == expected, "differs from Golden/\(path)", sourceLocation: sourceLocation)
  }
}
