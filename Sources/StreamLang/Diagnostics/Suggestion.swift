/// The "did you mean" search: the closest known name to a misspelt one.
public enum Suggestion {
  /// The candidate closest to `name` by edit distance (insertions, deletions,
  /// substitutions and swaps of neighbours), when it is close enough to be a
  /// plausible typo: at most 1 edit for short names, 2 for longer ones.
  public static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
    let typed = Array(name.lowercased().unicodeScalars)
    // Long garbage cannot be a typo of a keyword; skipping it keeps hostile
    // 100,000-character identifiers linear.
    guard !typed.isEmpty, typed.count <= 40 else { return nil }
    let allowed = typed.count <= 4 ? 1 : 2
    var best: (name: String, distance: Int)?
    for candidate in candidates where candidate != name {
      let other = Array(candidate.lowercased().unicodeScalars)
      guard abs(other.count - typed.count) <= allowed else { continue }
      let distance = editDistance(typed, other)
      if distance <= allowed, distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    return best?.name
  }

  /// Optimal string alignment distance: Levenshtein plus adjacent swaps, which
  /// are the commonest typing slip (`mpa` for `map`).
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
        }
        current[j] = value
      }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
  }
}
