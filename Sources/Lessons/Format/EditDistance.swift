/// The edit distance between two words, for "did you mean" suggestions:
/// Levenshtein's, with two swapped neighbours counted as one slip (the
/// optimal string alignment distance), since `titel` is one typo of `title`, not two.
enum EditDistance {
  static func between(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs.lowercased())
    let b = Array(rhs.lowercased())
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious: [Int] = []
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 1)
        }
      }
      beforePrevious = previous
      previous = current
    }
    return previous[b.count]
  }
}
