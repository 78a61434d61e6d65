import StreamCore
import StreamLang
import SwiftImport

/// Everything a front door shows or writes for one input: the document for
/// standard output (or the page), the message for standard error (or the
/// error response), and the exit status; plus what happened, for the
/// playground's `:trace` and the server's line and column.
public struct FrontDoorAnswer {
  public enum Outcome {
    /// It does not read, parse or type-check: the diagnostics point into
    /// `source`, the text the person typed (the Swift, for pasted Swift).
    case invalid([Diagnostic], source: String)
    /// It read and parsed but subscribes no pipeline; `boundNames` are what its `let`s bound.
    case nothingToRun(boundNames: [String])
    /// It ran, but cannot be shown in the format asked for.
    case unavailable(PresentationError)
    /// It ran. `earlierBindings` are the bindings it could use (its Swift
    /// export declares them); `translation` the Swift it was read from.
    case ran(
      RunResult, program: Program, earlierBindings: [BoundPipeline], translation: SwiftImport.Translation?)
  }

  public var outcome: Outcome
  /// What standard output shows; empty when the document was streamed, or when there is none.
  public var document: String
  /// What standard error shows: the rendered diagnostics, or the sentence
  /// saying why nothing ran; nil when there is nothing to say there.
  public var message: String?
  /// 0 ran, 1 a runtime error stopped the run, 2 nothing ran (DESIGN.md's exit codes).
  public var exitStatus: Int32

  /// Why the run ended, when it ran.
  public var stop: RunStop? {
    if case .ran(let result, _, _, _) = outcome { return result.stop }
    return nil
  }
}
