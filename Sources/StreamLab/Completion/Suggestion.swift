/// The known word a misspelt one was most likely meant to be, for
/// "did you mean …?" messages.
enum Suggestion {
  /// The closest of `words` by edit distance, when it is close enough to be a
  /// plausible typo (at most a third of the word's length, and at least 1).
  static func closest(to word: String, among words: [String]) -> String? {
    let limit = max(1, word.count / 3)
    let scored = words.map { ($0, distance(word.lowercased(), $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit else { return nil }
    return best.0
  }

  /// Levenshtein distance: insertions, deletions and substitutions.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      previous = current
    }
    return previous[b.count]
  }
}
