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

/// Writes whole files so that readers see the old contents or the new ones,
/// never half a file: a temporary file in the same folder, then `rename(2)`
/// over the target (atomic on one file system).
public enum AtomicFile {
  public static func write(_ data: Data, to url: URL) throws {
    let folder = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UUID().uuidString).tmp")
    try data.write(to: temporary)
    // A lesson file the student made read-only, or shared with their group, keeps its permissions.
    if let permissions = try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] {
      try? FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path)
    }
    guard rename(temporary.path, url.path) == 0 else {
      let code = errno
      try? FileManager.default.removeItem(at: temporary)
      throw ErrorText.cocoaError(.fileWriteUnknown, saying: String(cString: strerror(code)))
    }
  }

  public static func write(_ text: String, to url: URL) throws {
    try write(Data(text.utf8), to: url)
  }
}
