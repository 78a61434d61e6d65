/// A near miss of an exercise's reference solution: the solution with one
/// thing changed on its syntax tree, printed back as a program.
public struct Mutant: Hashable, Sendable {
  /// What changed, in words: `300ms → 150ms`, `` `debounce 300ms` → `throttle 300ms` ``.
  public var change: String
  /// The whole program, ready to be checked as an answer.
  public var text: String

  public init(change: String, text: String) {
    self.change = change
    self.text = text
  }
}
