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

  /// The run as the REPL shows it after each input.
  public func diagram(of result: RunResult) -> String {
    eventList(result)
  }

  public func render(_ result: RunResult, program: Program, as format: OutputFormat) -> Result<
    String, PresentationError
  > {
    switch format {
    case .text: return .success(diagram(of: result))
    case .events: return .success(eventList(result))
    case .json, .svg: return .failure(.unavailable(format, reason: "it arrives with the diagrams"))
    case .swift: return .failure(.unavailable(format, reason: "the Swift exporter has not landed"))
    }
  }

  private func eventList(_ result: RunResult) -> String {
    result.rows.map { row in
      ([row.label] + row.events.filter(\.isMarble).map { "  \($0)" }).joined(separator: "\n")
    }.joined(separator: "\n")
  }
}
