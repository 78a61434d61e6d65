import StreamCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A hint that gives the answer away: `Type: <the solution>`, alone or at the
/// end of a hint. The teacher's copy keeps it as the last help a student at
/// the prompt can ask for; the student copy leaves it out, or a graded class
/// would hand in the solutions it was given.
public enum SolutionHint {
  /// What is left of `hint` once its `Type: <solution>` is taken out (empty
  /// when that was all of it), or nil when the hint does not give `solution` away.
  static func remainder(of hint: String, solution: String) -> String? {
    guard let type = hint.ranges(of: "Type:").last else { return nil }
    guard collapsed(hint[type.upperBound...]) == collapsed(solution[...]) else { return nil }
    return String(hint[..<type.lowerBound]).trimmingWhitespace()
  }

  /// The words of a program, one space between each, so line breaks and
  /// spacing do not decide whether a hint is the solution.
  private static func collapsed(_ text: Substring) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}

extension SolutionHint {
  /// The hints of `exercise` as the student copy keeps them: a hint that is
  /// only `Type: <solution>` is gone, one with help before its `Type:` keeps that help.
  public static func studentHints(of exercise: Exercise) -> [String] {
    guard let solution = exercise.solution?.text else { return exercise.hints }
    return exercise.hints.compactMap { hint in
      guard let remainder = remainder(of: hint, solution: solution) else { return hint }
      return remainder.isEmpty ? nil : remainder
    }
  }
}
