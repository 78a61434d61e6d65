/// Says that a pasted file, one with `import` lines, uses Combine without
/// importing it: swiftc refuses it ("cannot find 'PassthroughSubject' in
/// scope"), while streamlab runs it as if Combine were imported (issue 29's
/// cuts: `import Combine` deleted from a paste that keeps `import
/// Foundation`). A fragment with no `import` at all, as answers and
/// articles quote code, is taken as the inside of a file that has it.
enum MissingImport {
  /// The modules whose import makes Combine's names visible.
  static let combineModules: Set<String> = ["Combine", "OpenCombine", "SwiftUI"]

  static func note(for swift: String, subscriptions: Int) -> String? {
    guard subscriptions > 0 else { return nil }
    let imported = swift.split(separator: "\n").compactMap { line -> String? in
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      guard words.count >= 2, words[0] == "import" else { return nil }
      return String(words[1])
    }
    guard !imported.isEmpty, combineModules.isDisjoint(with: imported) else { return nil }
    return "Swift needs `import Combine` in this file (it imports only "
      + imported.map { "`\($0)`" }.joined(separator: ", ")
      + "), or swiftc cannot find Combine's names; streamlab runs it as if Combine were imported"
  }
}
