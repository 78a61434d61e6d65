import StreamCore

/// A lesson's givens (`given: let typing = events …`) built on another front
/// end's clock: what a Swift answer run by the Swift interpreter subscribes
/// to by name, as a pipeline-language answer does.
///
/// Each binding is built once per run, as `ProgramRun` builds it, so a cold
/// given starts anew for every subscriber and a subject is one subject for
/// all; subjects, `current`s and futures are built before the answer's
/// first statement, as they exist from the program's start. A shared
/// given's upstream is not drawn: only the answer's own rows are.
public final class GivenStreams {
  /// The givens' names, in the order they are bound.
  public let names: [String]
  private let builder: PipelineBuilder
  private var built: [String: AnyValuePublisher] = [:]

  /// Reads `text` (the givens, one statement per line); nil when it does
  /// more than bind (a subscription or a `connect`), which only a program
  /// in the pipeline language can hold beside the answer.
  public static func bindingsOnly(_ text: String) -> Program? {
    let parsed = Parser.parse(text)
    guard parsed.diagnostics.isEmpty,
      parsed.program.statements.allSatisfy({ if case .binding = $0 { true } else { false } })
    else { return nil }
    return parsed.program
  }

  /// Builds every binding of `program` on `clock`, recording into `recorder`.
  public init(_ program: Program, clock: VirtualClock, recorder: Recorder) throws(Diagnostic) {
    builder = PipelineBuilder(clock: clock, recorder: recorder, boundNames: [String]())
    builder.recordsInnerRows = false
    if let typed = try? TypeChecker.check(program) { builder.stringMarbles = typed.stringMarbles }
    if let error = builder.expressions.compiler.check(program).first { throw error }
    var environment: [String: BoundPipeline] = [:]
    var names: [String] = []
    for statement in program.statements {
      guard case .binding(let name, let pipeline, _) = statement else { continue }
      let bound = BoundPipeline(name: name.text, pipeline: pipeline, text: program.text, environment: environment)
      builder.expressions.compiler.boundNames.formUnion(bound.environment.keys)
      do {
        built[name.text] = try builder.buildBinding(bound)
      } catch let error as Diagnostic {
        throw error
      } catch {
        throw Diagnostic(StreamError(wrapping: error).message, at: pipeline.range)
      }
      environment[name.text] = bound
      names.append(name.text)
    }
    self.names = names
  }

  /// The publisher a given is bound to: the same one at every use.
  public func publisher(named name: String) -> AnyValuePublisher? { built[name] }

  /// Breaks what the built givens hold of each other, once the run is over.
  public func end() {
    builder.endRun()
    built = [:]
  }
}
