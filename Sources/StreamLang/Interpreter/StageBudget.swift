/// Counts the stages a program builds against `ProgramLimits.stagesPerProgram`
/// before any of them is built, so a program too big for the stack is refused
/// with a message instead of overflowing it.
///
/// A bound pipeline counts its own stages each time it is used, as the
/// builder builds it again for every use: `let b = a | merge a` doubles `a`.
/// Its count is remembered, so a chain of such bindings costs no more to
/// count than to read.
struct StageBudget {
  let limit: Int
  private(set) var used = 0
  /// The stage count of each bound pipeline already counted, by identity.
  private var boundCounts: [ObjectIdentifier: Int] = [:]

  init(limit: Int = ProgramLimits.stagesPerProgram) {
    self.limit = limit
  }

  /// True once a charge went over the limit.
  var isSpent: Bool { used > limit }

  /// Adds the stages `pipeline` builds, or throws a diagnostic at the stage
  /// where the program goes over the limit.
  mutating func charge(_ pipeline: Pipeline, environment: [String: BoundPipeline]) throws {
    for stage in stages(of: pipeline, environment: environment) {
      used = min(used + stage.count, limit + 1)
      if used > limit { throw Self.overLimit(limit, at: stage.range) }
    }
  }

  /// Checks that the pipeline of a `let` stays within the limit wherever it
  /// is used, or throws a diagnostic at the stage where it goes over (and
  /// the budget is spent: what follows would only repeat it).
  ///
  /// A `let` adds nothing to the program's count: the run builds a binding
  /// where it is used, and each use counts its stages. Counting every `let`
  /// as all the stages it stands for refused a chain of 200 bindings that
  /// each add one `map` (the sum grows with the square of the chain), though
  /// its use builds only as many stages as the chain has bindings.
  mutating func checkBinding(_ pipeline: Pipeline, environment: [String: BoundPipeline]) throws {
    var total = 0
    for stage in stages(of: pipeline, environment: environment) {
      total = capped(total + stage.count)
      if total > limit {
        used = limit + 1
        throw Self.overLimit(limit, at: stage.range)
      }
    }
  }

  /// Each stage of `pipeline` with the stages building it takes: a bound
  /// name or an operator with pipelines inside stands for more than one.
  private mutating func stages(of pipeline: Pipeline, environment: [String: BoundPipeline]) -> [(
    count: Int, range: SourceRange
  )] {
    [(count: sourceCount(pipeline.source, environment: environment), range: pipeline.source.range)]
      + pipeline.operators.map {
        (count: 1 + nestedCount($0.nestedPipelines, environment: environment), range: $0.range)
      }
  }

  static func overLimit(_ limit: Int, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      "this program builds more than \(limit.withThousandsSeparators) stages, the most one program may build",
      at: range,
      note: "every source and operator counts, nested ones too, and a bound pipeline each time it is used; "
        + "`:help limits` lists every limit")
  }

  /// The stages of one pipeline, capped just above the limit.
  private mutating func count(_ pipeline: Pipeline, environment: [String: BoundPipeline]) -> Int {
    var total = sourceCount(pipeline.source, environment: environment)
    for stage in pipeline.operators where total <= limit {
      total = capped(total + 1 + nestedCount(stage.nestedPipelines, environment: environment))
    }
    return total
  }

  private mutating func nestedCount(_ pipelines: [Pipeline], environment: [String: BoundPipeline]) -> Int {
    var total = 0
    for pipeline in pipelines where total <= limit {
      total = capped(total + count(pipeline, environment: environment))
    }
    return total
  }

  /// A bound name stands for its pipeline's stages; any other source is one
  /// stage plus the pipelines inside it.
  private mutating func sourceCount(_ source: SourceStage, environment: [String: BoundPipeline]) -> Int {
    if case .name(let name) = source.kind, let bound = environment[name.text] {
      let key = ObjectIdentifier(bound)
      if let known = boundCounts[key] { return known }
      let stages = count(bound.pipeline, environment: bound.environment)
      boundCounts[key] = stages
      return stages
    }
    return capped(1 + nestedCount(source.nestedPipelines, environment: environment))
  }

  private func capped(_ count: Int) -> Int { min(count, limit + 1) }
}
