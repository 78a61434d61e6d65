#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where streamlab keeps what outlives a process (history, lesson progress):
/// `$XDG_STATE_HOME/streamlab`, else `~/.local/state/streamlab`. One place,
/// because both `streamlab` and `streamlab-serve` read the same progress file.
/// A relative `XDG_STATE_HOME` is ignored, as the XDG spec says.
public enum StateDirectory {
  public static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return URL(fileURLWithPath: state).appendingPathComponent("streamlab")
    }
    let home =
      environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
    return URL(fileURLWithPath: home).appendingPathComponent(".local/state/streamlab")
  }
}
