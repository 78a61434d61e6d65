import StreamLang
import StreamLangExport
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
    guard isSwift(text, as: language) else { return .pipeline(text) }
    switch SwiftImport.translate(withoutExportPreamble(text), boundNames: boundNames) {
    case .success(var translation):
      translation.swift = text
      return .swift(translation)
    case .failure(let diagnostic): return .refused(diagnostic)
    }
  }

  /// Whether `text` is read as Swift: as asked, or, to detect, by its look.
  public static func isSwift(_ text: String, as language: InputLanguage) -> Bool {
    switch language {
    case .pipeline: return false
    case .swift, .swiftInterpreted: return true
    case .detect: return SwiftImport.looksLikeSwift(text)
    }
  }

  /// `diagnostics` of pipeline-language `text` with the notes every front
  /// door gives: how the language writes a stage spelt as Swift, and where a
  /// `:command` typed as a program works.
  public static func hinted(_ diagnostics: [Diagnostic], in text: String) -> [Diagnostic] {
    PlaygroundCommandHint.annotate(SwiftSpellingHint.annotate(diagnostics, in: text), in: text)
  }

  /// `swift` with every declaration of `--format swift`'s preamble that it
  /// holds verbatim blanked out (offsets kept, so diagnostics still point
  /// into the text as pasted). The reader knows what each one does: the
  /// `Subscriptions` holder, `sink(logging:to:)`, `Script`, … are read where
  /// they are used, as the exporter wrote them.
  static func withoutExportPreamble(_ swift: String) -> String {
    var bytes = Array(swift.utf8)
    var changed = false
    for declaration in SwiftExport.preambleDeclarations {
      let needle = Array(declaration.utf8)
      guard let start = firstIndex(of: needle, in: bytes) else { continue }
      for index in start..<start + needle.count where bytes[index] != UInt8(ascii: "\n") {
        bytes[index] = UInt8(ascii: " ")
      }
      changed = true
    }
    return changed ? String(decoding: bytes, as: UTF8.self) : swift
  }

  private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard let first = needle.first, needle.count <= haystack.count else { return nil }
    var start = 0
    while start + needle.count <= haystack.count {
      if haystack[start] == first, haystack[start..<start + needle.count].elementsEqual(needle) { return start }
      start += 1
    }
    return nil
  }
}
