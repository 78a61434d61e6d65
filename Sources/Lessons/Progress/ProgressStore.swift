#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The progress file on disk, at a path its caller chooses
/// (`$XDG_STATE_HOME/streamlab/progress.json` for the executable).
///
/// Saving writes a temporary file next to the real one and renames it over
/// the real one, so a crash mid-write never leaves half a file. Loading never
/// fails: a file that cannot be read as progress is moved aside, with a warning.
public struct ProgressStore {
  public let url: URL

  public init(url: URL) {
    self.url = url
  }

  /// `$XDG_STATE_HOME/streamlab/progress.json`, or `~/.local/state/streamlab/progress.json`
  /// when XDG_STATE_HOME is unset, empty or relative (as the XDG spec requires).
  public static func defaultURL(environment: [String: String], home: String) -> URL {
    var base = URL(fileURLWithPath: home).appendingPathComponent(".local/state")
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      base = URL(fileURLWithPath: state)
    }
    return base.appendingPathComponent("streamlab").appendingPathComponent("progress.json")
  }

  /// The stored progress, and a warning for the student when the file was
  /// corrupt and had to be moved aside.
  public func load() -> (progress: Progress, warning: String?) {
    guard let data = try? Data(contentsOf: url) else { return (Progress(), nil) }
    if let progress = try? JSONDecoder().decode(Progress.self, from: data) { return (progress, nil) }
    let aside = freeAsideURL()
    do {
      try FileManager.default.moveItem(at: url, to: aside)
      return (
        Progress(),
        "warning: \(url.path) is not a readable progress file; moved it to \(aside.path) and started afresh"
          + " (passed answers are still in the lesson files)"
      )
    } catch {
      return (
        Progress(),
        "warning: \(url.path) is not a readable progress file and could not be moved aside (\(ErrorText.describe(error))); progress will not be saved"
      )
    }
  }

  /// Writes `progress` atomically, creating the folder when needed.
  /// - Throws: `SaveError`, which names the file and how to choose another folder.
  public func save(_ progress: Progress) throws(SaveError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    do {
      try AtomicFile.write(try encoder.encode(progress), to: url)
    } catch {
      throw SaveError(url: url, reason: ErrorText.describe(error))
    }
  }

  /// Progress that could not be written. Foundation's reason alone ("You
  /// don't have permission.") names no file, so this says which file and
  /// what the student can do about it.
  public struct SaveError: Error, Hashable, CustomStringConvertible {
    public var url: URL
    /// Foundation's sentence for the underlying error.
    public var reason: String

    public var description: String { "could not save progress to \(url.path): \(reason) \(remedy)" }

    /// How to keep progress somewhere else.
    public var remedy: String {
      "Set XDG_STATE_HOME to a folder you can write to (progress then goes to $XDG_STATE_HOME/streamlab/progress.json)."
    }
  }

  /// `progress.json.corrupt`, or `progress.json.corrupt-2`, … whichever does not exist yet.
  private func freeAsideURL() -> URL {
    let base = url.path + ".corrupt"
    var candidate = base
    var counter = 2
    while FileManager.default.fileExists(atPath: candidate) {
      candidate = "\(base)-\(counter)"
      counter += 1
    }
    return URL(fileURLWithPath: candidate)
  }
}
