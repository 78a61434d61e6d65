/// A stage's `Output` and `Failure` as Swift spells them (`Int`, `Never`),
/// worked out by the type checker before the run; renderers show it in row
/// labels and JSON without knowing the language.
public struct StageTypeLabel: Hashable, Sendable {
  public var output: String
  public var failure: String
  /// True when this stage's Failure differs from its upstream's (`tryMap`, `replaceError`, …).
  public var changesFailure: Bool

  public init(output: String, failure: String, changesFailure: Bool = false) {
    self.output = output
    self.failure = failure
    self.changesFailure = changesFailure
  }

  /// `<Int, Never>`
  public var text: String { "<\(output), \(failure)>" }
}
