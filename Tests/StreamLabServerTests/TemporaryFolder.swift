import Foundation

/// A folder under the system's temporary directory, removed by `remove()`;
/// tests call it with `defer` so nothing they write stays behind.
struct TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("streamlab-server-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func write(_ text: String, to name: String) throws {
    try Data(text.utf8).write(to: url.appendingPathComponent(name))
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
