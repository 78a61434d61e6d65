import StreamCore
import StreamLang

/// Shows finished runs in streamlab's output formats with one session's (or
/// one command line's) width, colour and scale. `streamlab eval` and the
/// REPL both draw through it, so they always agree.
public struct RunPresenter {
  public var settings: ReplSettings

  public init(settings: ReplSettings) {
    self.settings = settings
  }

  /// The run as the REPL shows it after each input. Until the marble
  /// diagrams land this is the plain event list, row by row.
  public func diagram(of result: RunResult) -> String {
    let rows = result.rows.map { row in
      ([(row.isOutput ? "> " : "  ") + row.label] + row.marbleEvents.map { "    \($0)" }).joined(separator: "\n")
    }
    return (rows + result.notes.map { "note: \($0)" } + [TraceLog.stopLine(result)].compactMap { $0 })
      .joined(separator: "\n")
  }

  /// - Parameter earlierBindings: the session's bindings the program may
  ///   use, which its Swift export declares first.
  public func render(
    _ result: RunResult, program: Program, earlierBindings: [BoundPipeline] = [], as format: OutputFormat
  ) -> Result<String, PresentationError> {
    switch format {
    case .text: return .success(diagram(of: result))
    case .events: return .success(diagram(of: result))
    case .json, .svg: return .failure(.unavailable(format, reason: "it arrives with the marble diagrams"))
    // A program Swift cannot express with the same behaviour exports as a
    // comment that says why, never as code that would teach otherwise.
    case .swift: return .success(SwiftExporter.export(program, bindings: earlierBindings).source)
    }
  }
}
