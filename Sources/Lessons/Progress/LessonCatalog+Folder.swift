import StreamCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension LessonCatalog {
  /// Every readable `lesson*.txt` directly in `folder`, sorted by name, keyed
  /// by its absolute path as progress is stored. `streamlab lessons` and
  /// `streamlab serve` both list lessons with it.
  public static func entries(inFolder folder: String) -> [Entry] {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter { $0.hasPrefix("lesson") && $0.hasSuffix(".txt") }.sorted()
    return names.compactMap { name -> Entry? in
      let path = PathText.joining(folder, name)
      guard case .success(let text) = LessonFileText.read(path) else { return nil }
      return Entry(key: URL(fileURLWithPath: path).standardizedFileURL.path, fileName: name, text: text)
    }
  }
}
