import StreamCore

/// One stage of a pipeline with the types Swift gives it.
public struct TypedStage: Hashable, Sendable {
  /// The stage's text, as its row label shows it.
  public var label: String
  public var type: StageType
  /// The stage's own Combine type, `.upstream` standing for the stage before
  /// (`Publishers.Map<Upstream, Int>`); `TypedPipeline.fullType(ofStage:)` nests them.
  public var publisherType: PublisherType
  /// True when this stage's `Failure` differs from its upstream's
  /// (`tryMap`, `replaceError`, `setFailureType`, `mapError`, `catch`).
  public var changesFailure: Bool

  public init(label: String, type: StageType, publisherType: PublisherType, changesFailure: Bool) {
    self.label = label
    self.type = type
    self.publisherType = publisherType
    self.changesFailure = changesFailure
  }

  /// The type as renderers show it beside the row.
  public var typeLabel: StageTypeLabel {
    StageTypeLabel(output: type.output.spelling, failure: type.failure.spelling, changesFailure: changesFailure)
  }
}

/// One pipeline's stages, the source first; the last one is its output.
public struct TypedPipeline: Hashable, Sendable {
  public var stages: [TypedStage]

  public init(stages: [TypedStage]) {
    self.stages = stages
  }

  /// The output stage's type.
  public var type: StageType? { stages.last?.type }

  /// The full Combine type of stage `index` (the source is 0):
  /// `Publishers.Filter<Publishers.Debounce<Publishers.Sequence<[Int], Never>, S>>`.
  public func fullType(ofStage index: Int) -> PublisherType {
    PublisherType.expanded(stages.prefix(index + 1).map(\.publisherType))
  }

  /// The full Combine type of the output stage.
  public var fullType: PublisherType { fullType(ofStage: stages.count - 1) }
}

/// A program after type checking: the types of every shown pipeline (in the
/// order they are subscribed, as `RunResult.pipelines`), of every binding,
/// and the warnings that do not stop the run.
public struct TypedProgram: Hashable, Sendable {
  /// The bare pipelines, in program order.
  public var shown: [TypedPipeline]
  /// The pipelines bound with `let` in this program, by name.
  public var bindings: [String: TypedPipeline]
  /// What Swift would compile but warn about (`assertNoFailure` on a `Never` pipeline).
  public var warnings: [Diagnostic]
  /// The all-digit `marbles` literals whose use needs Strings: the run
  /// builds their digits as Strings (see `MarbleLiteral`).
  public var stringMarbles: Set<MarbleLiteral>
  /// The types `eraseToAnyPublisher`, `setFailureType`, `assertNoFailure`
  /// and `replaceNil` make, by the stage's range, for their diagram notes.
  public var typeOnlyStages: [SourceRange: StageType] = [:]

  public init(
    shown: [TypedPipeline] = [], bindings: [String: TypedPipeline] = [:], warnings: [Diagnostic] = [],
    stringMarbles: Set<MarbleLiteral> = []
  ) {
    self.shown = shown
    self.bindings = bindings
    self.warnings = warnings
    self.stringMarbles = stringMarbles
  }
}

/// The type errors of a program, each at its position; nothing ran.
public struct TypeCheckFailure: Error, Hashable {
  public var diagnostics: [Diagnostic]

  public init(diagnostics: [Diagnostic]) {
    self.diagnostics = diagnostics
  }
}
