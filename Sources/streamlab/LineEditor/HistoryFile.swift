import CEditLine
import StreamCore

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

/// The REPL's input history: libedit's history list, kept free of duplicates,
/// capped, and saved to one file across runs.
///
/// libedit's `H_SETUNIQUE` only drops a repeat of the previous entry; a
/// student who retypes an older pipeline should find it once, at the newest
/// position, so the list is rebuilt from `entries` whenever it changes.
final class HistoryFile {
  /// The most entries kept, in memory and on disk.
  static let capacity = 1_000

  let history: OpaquePointer
  let url: URL
  private(set) var entries: [String] = []

  init?(url: URL) {
    guard let history = streamlab_history_init() else { return nil }
    self.history = history
    self.url = url
    streamlab_history_set_size(history, Int32(Self.capacity))
    load()
  }

  deinit {
    streamlab_history_end(history)
  }

  /// Adds one input as the newest entry, removing any older copy of it, and
  /// saves the file so a crash or a closed terminal loses nothing.
  func add(_ input: String) {
    let entry = input.trimmingWhitespaceAndNewlines()
    guard !entry.isEmpty else { return }
    entries.removeAll { $0 == entry }
    entries.append(entry)
    if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
    rebuild()
    save()
  }

  private func load() {
    guard FileManager.default.fileExists(atPath: url.path) else { return }
    streamlab_history_load(history, url.path)
    var loaded: [String] = []
    var entry = streamlab_history_oldest(history)
    while let text = entry {
      loaded.append(String(cString: text))
      entry = streamlab_history_newer(history)
    }
    var seen = Set<String>()
    entries = loaded.reversed().filter { seen.insert($0).inserted }.reversed().suffix(Self.capacity)
    rebuild()
  }

  private func rebuild() {
    streamlab_history_clear(history)
    for entry in entries { streamlab_history_enter(history, entry) }
  }

  /// Writes a temporary file next to the real one and renames it over the
  /// real one, so readers never see a half-written history.
  private func save() {
    let directory = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      return
    }
    let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
    guard streamlab_history_save(history, temporary.path) >= 0 else {
      unlink(temporary.path)
      return
    }
    if rename(temporary.path, url.path) != 0 { unlink(temporary.path) }
  }
}
