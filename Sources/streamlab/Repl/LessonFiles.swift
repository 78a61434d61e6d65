#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The lesson files the shell offers to the session (`:lessons`, completion).
enum LessonFiles {
  /// `lessons/lessonNN.txt` paths under `directory`, sorted; empty when the
  /// directory does not exist.
  static func list(in directory: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasPrefix("lesson") && $0.hasSuffix(".txt") }.sorted().map { "\(directory)/\($0)" }
  }
}
