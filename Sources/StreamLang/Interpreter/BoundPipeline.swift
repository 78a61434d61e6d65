/// A pipeline bound to a name with `let`, together with the bindings it can
/// refer to, as they were when it was bound.
///
/// Keeping those makes rebinding behave like Swift's shadowing:
/// `let a = just 1` then `let a = a | map x + 1` refers to the old `a`, and a
/// binding can never refer to itself.
public final class BoundPipeline {
  public let name: String
  public let pipeline: Pipeline
  /// The program text the pipeline's source ranges point into.
  public let text: String
  /// The earlier bindings whose names the pipeline's text mentions, as a
  /// closure keeps only what it captures. Keeping every binding in scope
  /// instead made each of N bindings hold a copy of the N before it: 10,000
  /// `let`s took 2.3 GB and time growing with the square (issue 26).
  let environment: [String: BoundPipeline]

  public init(name: String, pipeline: Pipeline, text: String, environment: [String: BoundPipeline]) {
    self.name = name
    self.pipeline = pipeline
    self.text = text
    self.environment = Self.captured(by: pipeline, in: text, from: environment)
  }

  /// The binding as the student typed it: `let a = marbles "-a-b|"`.
  public var source: String { "let \(name) = " + pipeline.range.text(in: text) }

  /// The bindings of `environment` named anywhere in `pipeline`'s text: as a
  /// source, a stream argument, inside a nested pipeline or an expression.
  /// Every identifier of the text is looked up, so no way of referring to a
  /// binding is missed; an identifier that is no binding costs one lookup.
  private static func captured(
    by pipeline: Pipeline, in text: String, from environment: [String: BoundPipeline]
  ) -> [String: BoundPipeline] {
    guard !environment.isEmpty else { return [:] }
    var captured: [String: BoundPipeline] = [:]
    for token in Lexer(pipeline.range.text(in: text)).tokens {
      if let name = token.kind.identifier, captured[name] == nil, let bound = environment[name] {
        captured[name] = bound
      }
    }
    return captured
  }
}
