import StreamCore

/// One mutant of one exercise, with its verdict.
public struct MutantResult: Hashable {
  public var exercise: Int
  public var mutant: Mutant
  public var verdict: MutantVerdict

  /// The line `lesson verify` prints for a surviving mutant.
  public var survivorMessage: String? {
    if case .missedByTest(let test) = verdict {
      return "the near miss \(mutant.change) of `code:` changes what the solution's test \(test) records, "
        + "but the solution passes on it: assert what it changes"
    }
    guard case .survives(let probe, let solution, let mutantOutput) = verdict else { return nil }
    func show(_ events: [TimelineEvent]?) -> String {
      events.map { EventsText.format($0) ?? "(streams)" } ?? "(does not run)"
    }
    return "the wrong answer `\(mutant.text)` (\(mutant.change)) passes; on the input "
      + "`\(probe.givens.split(separator: "\n").joined(separator: "; "))` (\(probe.change)) "
      + "the solution gives \(show(solution)) but it gives \(show(mutantOutput))"
  }
}
