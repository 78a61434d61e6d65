import StreamLang
import SwiftImport

/// The first step of the front door: what a person typed, read as the
/// program that runs. Swift is translated into the short form it becomes;
/// the pipeline language is run as it is.
///
/// Every way in reads through here, the lesson checker included (through
/// `SwiftImportAnswers`), so a hint or a detection rule exists once.
public enum ProgramReading {
  /// What reading the text gave.
  public enum Read {
    /// Text in the pipeline language, to run as it is.
    case pipeline(String)
    /// Swift, and the short form it became.
    case swift(SwiftImport.Translation)
    /// Swift that cannot be read: the diagnostic points into it.
    case refused(Diagnostic)
  }

  /// Reads `text` in `language`; `boundNames` are names bound before it,
  /// which pasted Swift may use.
  public static func read(_ text: String, as language: InputLanguage, boundNames: [String] = []) -> Read {
    let isSwift: Bool
    switch language {
    case .pipeline: isSwift = false
    case .swift: isSwift = true
    case .detect: isSwift = SwiftImport.looksLikeSwift(text)
    }
    guard isSwift else { return .pipeline(text) }
    switch SwiftImport.translate(text, boundNames: boundNames) {
    case .success(let translation): return .swift(translation)
    case .failure(let diagnostic): return .refused(diagnostic)
    }
  }

  /// `diagnostics` of pipeline-language `text` with the notes every front
  /// door gives: how the language writes a stage spelt as Swift, and where a
  /// `:command` typed as a program works.
  public static func hinted(_ diagnostics: [Diagnostic], in text: String) -> [Diagnostic] {
    PlaygroundCommandHint.annotate(SwiftSpellingHint.annotate(diagnostics, in: text), in: text)
  }
}
