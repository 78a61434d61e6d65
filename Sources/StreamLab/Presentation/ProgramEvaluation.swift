import Marbles
import StreamCore
import StreamLang
import SwiftImport

/// What `streamlab eval` makes of one program in one format. The command line
/// and `streamlab serve`'s `POST /api/run` both go through `evaluate`, so a
/// page shows exactly the document the terminal prints.
public enum ProgramEvaluation {
  /// The program does not parse or build: nothing ran.
  case invalid([Diagnostic])
  /// It parsed but subscribes no pipeline; the sentence says what to write.
  case nothingToRun(String)
  /// It ran, but cannot be shown in the format asked for.
  case unavailable(PresentationError)
  /// It ran and was rendered. `stop` says why the run ended: a runtime error
  /// is in the document too, and `.interrupted` means `isInterrupted` cut it short.
  case rendered(String, stop: RunStop)
  /// It ran and its document went into the output `evaluate` was given to
  /// stream into, as it was written.
  case written(stop: RunStop)

  /// Parses, runs and renders `text` on a fresh interpreter with `options`'
  /// horizon, event budget and interruption, drawn with `settings`. When
  /// `text` came from pasted Swift, `translation` puts the short form it
  /// became as the first note of every format but text (whose caller prints
  /// it above the diagram). With `stream`, a format written as it goes
  /// (events, JSON) goes straight into it, never held whole, and the answer
  /// is `.written`; without it, every format comes back `.rendered`, the
  /// same bytes. With `translation`, `.invalid`'s diagnostics point into
  /// `translation.swift`, and are rendered in it.
  public static func evaluate(
    _ text: String, as format: OutputFormat, settings: ReplSettings, options: RunOptions,
    translation: SwiftImport.Translation? = nil, streamingInto stream: TextOutput? = nil
  ) -> ProgramEvaluation {
    var interpreter = Interpreter()
    switch interpreter.run(text, options: options) {
    case .invalid(let diagnostics):
      // Errors in the short form pasted Swift became point into the Swift.
      guard let translation else { return .invalid(diagnostics) }
      return .invalid(diagnostics.map(translation.pointingIntoSwift))
    case .ran(var result, let program):
      if let translation { result = SwiftPaste.locatingRuntimeError(result, in: translation) }
      if let translation, format != .text { result = SwiftPaste.annotated(result, with: translation) }
      if let nothing = RunPresenter.nothingToRun(result, boundNames: program.boundNames) {
        return .nothingToRun(nothing)
      }
      let presenter = RunPresenter(settings: settings)
      if let stream, presenter.write(result, program: program, as: format, to: stream) {
        return .written(stop: result.stop)
      }
      switch presenter.render(result, program: program, as: format) {
      case .failure(let error): return .unavailable(error)
      case .success(let rendered): return .rendered(rendered, stop: result.stop)
      }
    }
  }
}
