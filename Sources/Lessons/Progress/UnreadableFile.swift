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

/// Why a file could not be read, in words a student can act on: no such
/// file, a folder, no permission. Each names the absolute path looked at,
/// since a relative path is resolved against a folder the student may not
/// have in mind.
public enum UnreadableFile {
  /// `no such file (looked for /home/ada/missing.txt)`, for a `path` that could not be read.
  public static func reason(_ path: String) -> String {
    let absolute = absolutePath(path)
    var info = stat()
    guard stat(absolute, &info) == 0 else {
      let code = errno
      if code == ENOENT { return "no such file (looked for \(absolute))" }
      return "\(String(cString: strerror(code)).lowercased()) (looked for \(absolute))"
    }
    if info.st_mode & S_IFMT == S_IFDIR { return "\(absolute) is a folder, not a file" }
    if access(absolute, R_OK) != 0 { return "no permission to read \(absolute)" }
    return "\(absolute) could not be read"
  }

  /// `path` as it is when absolute, else against the current folder.
  static func absolutePath(_ path: String) -> String {
    guard !path.hasPrefix("/") else { return path }
    let folder = FileManager.default.currentDirectoryPath
    return folder.hasSuffix("/") ? folder + path : folder + "/" + path
  }
}
