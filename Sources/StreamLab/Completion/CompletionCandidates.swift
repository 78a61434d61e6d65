import StreamCore

/// What Tab can complete at the cursor: the partial word typed so far and the
/// words it could become.
public struct CompletionCandidates: Equatable {
  /// The partial word before the cursor (`deb`), possibly empty.
  public var word: String
  /// Every word that starts with `word` and fits here, sorted, without repeats.
  public var candidates: [String]

  public init(word: String, candidates: [String]) {
    self.word = word
    var seen = Set<String>()
    self.candidates = candidates.filter { $0.hasPrefix(word) && seen.insert($0).inserted }.sorted()
  }

  /// The longest text every candidate starts with; at least `word`.
  public var commonPrefix: String {
    guard var prefix = candidates.first else { return word }
    for candidate in candidates.dropFirst() {
      while !candidate.hasPrefix(prefix) { prefix.removeLast() }
    }
    return prefix
  }

  /// Lays `words` out in columns that fit `width`, filled down then across,
  /// the way shells list ambiguous completions.
  public static func columns(_ words: [String], width: Int) -> String {
    guard let longest = words.map(\.count).max() else { return "" }
    let columnWidth = longest + 2
    let columnCount = max(1, width / columnWidth)
    let rowCount = (words.count + columnCount - 1) / columnCount
    var lines: [String] = []
    for row in 0..<rowCount {
      var line = ""
      for column in 0..<columnCount {
        let index = column * rowCount + row
        guard index < words.count else { break }
        let word = words[index]
        let isLast = (column + 1) * rowCount + row >= words.count
        line += isLast ? word : word.paddedWithSpaces(toLength: columnWidth)
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }
}
