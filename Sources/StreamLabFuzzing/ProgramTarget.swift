import Marbles
import StreamCore
import StreamLab
import StreamLang
import SwiftImport

/// Fuzz target (a): bytes → parse → build → run → every renderer, the path of
/// `streamlab eval` in each `--format`.
public enum ProgramTarget {
  public static func run(_ bytes: [UInt8]) -> FuzzOutcome {
    var text = String(decoding: bytes.prefix(FuzzLimits.maxInputBytes), as: UTF8.self)
    var translation: SwiftImport.Translation?
    // Swift is read as the REPL reads a Swift-looking line (and `eval --swift` reads a paste).
    if SwiftPaste.looksLikeSwift(text) {
      switch SwiftPaste.translate(text, fileName: "fuzz.swift") {
      case .failure(let error):
        _ = error.message
        return .refused(messages: 1)
      case .success(let translated):
        translation = translated
        text = translated.program
      }
    }
    var interpreter = Interpreter()
    switch interpreter.run(text, options: FuzzLimits.runOptions) {
    case .invalid(let diagnostics):
      // Rendering the messages is part of the path: carets, long lines, odd bytes.
      _ = diagnostics.map { $0.rendered(in: text, fileName: "fuzz.txt") }
      // Pasted Swift's are moved into the Swift (`SwiftSourceMap`) and rendered there, as `eval --swift` does.
      if let translation { _ = translation.renderedInSwift(diagnostics) }
      return .refused(messages: diagnostics.count)
    case .ran(var result, let program):
      if let translation { result = SwiftPaste.locatingRuntimeError(result, in: translation) }
      for color in [false, true] {
        var settings = ReplSettings()
        settings.color = color
        let presenter = RunPresenter(settings: settings)
        for format in OutputFormat.allCases where color == false || format == .text {
          _ = presenter.render(result, program: program, earlierBindings: interpreter.boundPipelines, as: format)
        }
      }
      if case .runtimeError(let error) = result.stop { _ = error.description }
      dragEveryMovableEvent(text, result: result, program: program)
      return .ran(stop: "\(result.stop)")
    }
  }

  /// `/api/move`'s path: moves each value and completion of the first
  /// draggable rows to the start, a frame-odd time and far past the end,
  /// and parses each rewritten program.
  private static func dragEveryMovableEvent(_ text: String, result: RunResult, program: Program) {
    for (index, source) in MovableSource.rows(of: result, program: program).sorted(by: { $0.key < $1.key }).prefix(4) {
      let row = result.rows[index]
      for event in row.marbleEvents.indices.prefix(8) {
        for milliseconds in [0, 137, 100_000] {
          let moved = SourceMove.apply(
            to: text, source: source, row: row, event: event, time: .milliseconds(milliseconds))
          if case .success(let newText) = moved { _ = Parser.parse(newText, boundNames: []) }
        }
      }
    }
  }
}
