/// The givens of an exercise with one source changed (re-timed, re-valued,
/// cut short): an input on which a solution and a mutant can be compared.
public struct InputProbe: Hashable, Sendable {
  /// What changed, in words: `typing: times × 2`.
  public var change: String
  /// The givens' program, one statement per line.
  public var givens: String

  public init(change: String, givens: String) {
    self.change = change
    self.givens = givens
  }
}
