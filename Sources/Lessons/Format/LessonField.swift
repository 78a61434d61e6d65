/// One kind of `key:` line a lesson file may contain.
public enum LessonField: String, CaseIterable, Hashable {
  case lesson, title
  case exercise, given, task, predict, expect, compare, require, forbid, hint, solution, answer
  /// `code:`: the Swift a test exercise's answer tests (issue 32); its
  /// answer and solution are `XCTestCase` subclasses.
  case code
  /// `near-miss: line 7: …`: a near miss of `code:` the answer's test must
  /// catch, as `lesson student` writes them for the student copy.
  case nearMiss = "near-miss"
  /// `expect-type: <Int, Never>`: the type Swift gives the answer's output.
  case expectType = "expect-type"
  /// `variant: alice`: the student's copy was made for this seed (issue 34);
  /// its givens are re-timed and re-valued, and grading uses the same variant.
  case variant
  /// `hidden: 2`: answers are also graded on two variants of the givens the
  /// student never sees.
  case hidden
  /// `points: 3`: what passing the exercise is worth in graded reports (issue 34); 1 without it.
  case points

  /// Fields that describe the whole lesson and belong before the first exercise.
  public var isHeader: Bool { self == .lesson || self == .title || self == .variant }

  /// Fields that may appear more than once in one exercise.
  public var isRepeatable: Bool {
    switch self {
    case .given, .hint, .require, .forbid, .nearMiss: return true
    default: return false
    }
  }

  /// How continuation lines join: programs keep their lines, which the
  /// language reads as separate statements; text and `expect:` (one list of
  /// events, however long) join with a space.
  public var continuationSeparator: String {
    switch self {
    case .given, .solution, .answer, .code: return "\n"
    default: return " "
    }
  }

  /// The known field closest to a misspelt key, when it is close enough to be a typo.
  static func suggestion(for key: String) -> LessonField? {
    let scored = allCases.map { ($0, EditDistance.between(key, $0.rawValue)) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= maximumTypoDistance(for: best.0.rawValue) else {
      return nil
    }
    return best.0
  }

  /// Short keys tolerate one slip (`hints` for `hint`), longer ones two (`soltuion`).
  private static func maximumTypoDistance(for key: String) -> Int { key.count <= 5 ? 1 : 2 }
}
