import StreamCore
import StreamLang
import SwiftImport

/// Pasted Swift as `streamlab eval --swift`, `:paste`, a Swift-looking REPL
/// line and a Swift lesson answer all read it: translated into the short
/// form, whose text is shown with the diagram so students learn it as they go.
public enum SwiftPaste {
  /// The program the Swift became, or its diagnostic rendered with a caret
  /// in the Swift (`fileName` prefixes it, as for programs).
  public static func translate(_ swift: String, fileName: String? = nil) -> Result<
    SwiftImport.Translation, SwiftPasteError
  > {
    SwiftImport.translate(swift).mapError { SwiftPasteError(message: $0.rendered(in: swift, fileName: fileName)) }
  }

  /// The lines shown above a text diagram: the short form, indented, then
  /// what the reading decided that the student should know.
  public static func header(of translation: SwiftImport.Translation) -> String {
    var lines = ["the Swift in streamlab's language:"]
    lines += translation.program.split(separator: "\n").map { "  " + $0 }
    lines += translation.notes.map { "note: " + $0 }
    return lines.joined(separator: "\n")
  }

  /// The run with the short form as its first note, for the formats that
  /// carry notes (JSON's `notes`, the SVG's and event list's last lines).
  public static func annotated(_ result: RunResult, with translation: SwiftImport.Translation) -> RunResult {
    var result = result
    let program = translation.program.split(separator: "\n").joined(separator: "; ")
    result.notes.insert("the Swift in streamlab's language: \(program)", at: 0)
    result.notes.insert(contentsOf: translation.notes, at: 1)
    return result
  }

  /// The run with a note saying which Swift the stage a runtime error
  /// names was pasted as, so the student finds it in what they wrote.
  public static func locatingRuntimeError(_ result: RunResult, in translation: SwiftImport.Translation) -> RunResult {
    guard case .runtimeError(let error) = result.stop, let place = translation.swiftPlace(ofStage: error.stage)
    else { return result }
    var result = result
    result.notes.append("`\(error.stage)` is \(place)")
    return result
  }
}

/// Pasted Swift that cannot be run, with the rendered reason.
public struct SwiftPasteError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}
