/// A pipeline bound to a name with `let`, together with the bindings it could
/// see when it was bound.
///
/// Keeping that snapshot makes rebinding behave like Swift's shadowing:
/// `let a = just 1` then `let a = a | map x + 1` refers to the old `a`, and a
/// binding can never refer to itself.
public final class BoundPipeline {
  public let name: String
  public let pipeline: Pipeline
  /// The program text the pipeline's source ranges point into.
  public let text: String
  let environment: [String: BoundPipeline]

  public init(name: String, pipeline: Pipeline, text: String, environment: [String: BoundPipeline]) {
    self.name = name
    self.pipeline = pipeline
    self.text = text
    self.environment = environment
  }

  /// The binding as the student typed it: `let a = marbles "-a-b|"`.
  public var source: String { "let \(name) = " + pipeline.range.text(in: text) }
}
