import StreamCore

/// One mutant of one exercise, with its verdict.
public struct MutantResult: Hashable {
  public var exercise: Int
  public var mutant: Mutant
  public var verdict: MutantVerdict

  /// The line `lesson verify` prints for a surviving mutant.
  public var survivorMessage: String? {
    guard case .survives(let probe, let solution, let mutantOutput) = verdict else { return nil }
    func show(_ events: [TimelineEvent]?) -> String {
      events.map { EventsText.format($0) ?? "(streams)" } ?? "(does not run)"
    }
    return "the wrong answer `\(mutant.text)` (\(mutant.change)) passes; on the input "
      + "`\(probe.givens.split(separator: "\n").joined(separator: "; "))` (\(probe.change)) "
      + "the solution gives \(show(solution)) but it gives \(show(mutantOutput))"
  }
}
