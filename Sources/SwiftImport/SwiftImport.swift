import StreamLang

/// Pasted Combine code, read and lowered into streamlab's language.
///
/// The Swift is parsed by a reader of its own (`SwiftParser`, for the subset
/// Combine code is written in) and lowered (`SwiftLowering`) into the text
/// of a program in streamlab's language, the short form, which the one
/// parser, builder and interpreter then run: the short form is what students
/// see beside the diagram, and every row is labelled with its stages.
public enum SwiftImport {
  /// The Swift and the program it became.
  public struct Translation: Hashable {
    /// The pasted Swift.
    public var swift: String
    /// The program in streamlab's language, one statement per line.
    public var program: String
    /// What the reading decided that the student should know (a sink that
    /// was not stored is cancelled at once).
    public var notes: [String]
    /// Where each part of `program` came from in `swift`.
    public var sourceMap = SwiftSourceMap()

    /// Where in `swift` the stage a runtime error names came from:
    /// "the Swift at 1:27, `map { 10 / $0 }`"; nil for a stage the Swift did not write.
    public func swiftPlace(ofStage stage: String) -> String? {
      guard let range = sourceMap.swiftRange(ofStage: stage) else { return nil }
      let location = SourceLocation(of: range, in: swift)
      let text = range.text(in: swift).split(separator: "\n", omittingEmptySubsequences: false)
      let shown = text.count > 1 ? text[0] + " …" : text.first ?? ""
      return "the Swift at \(location.line):\(location.column), `\(shown)`"
    }

    /// `diagnostic`, found in `program`, pointing into `swift` instead.
    public func pointingIntoSwift(_ diagnostic: Diagnostic) -> Diagnostic {
      sourceMap.pointingIntoSwift(diagnostic, in: program)
    }

    /// `diagnostics`, found in `program`, shown with carets in the Swift the student pasted.
    public func renderedInSwift(_ diagnostics: [Diagnostic], fileName: String? = nil) -> String {
      diagnostics.map(pointingIntoSwift).rendered(in: swift, fileName: fileName)
    }
  }

  /// Reads `swift`; a diagnostic points into `swift` when it cannot be read
  /// or uses what streamlab cannot run. `boundNames` are publishers bound
  /// before it in streamlab's language (a lesson's givens, the REPL's
  /// bindings), which the Swift may use by name.
  public static func translate(_ swift: String, boundNames: [String] = []) -> Result<Translation, Diagnostic> {
    let statements: [SwiftStatement]
    switch SwiftParser.parse(swift) {
    case .success(let parsed): statements = parsed
    case .failure(let diagnostic): return .failure(diagnostic)
    }
    return SwiftLowering.lower(statements, text: swift, boundNames: boundNames).flatMap { program, sourceMap in
      let text = program.text
      if let mismatch = SubjectValueCheck.mismatch(in: program.subjects, boundNames: boundNames) {
        return .failure(mismatch)
      }
      let failureNames: [SourceRange: String]
      switch FailureNames.read(statements, in: swift) {
      case .success(let names): failureNames = names
      case .failure(let mismatch): return .failure(mismatch)
      }
      if let mismatch = AnnotationCheck.mismatch(
        program.annotations, in: text, boundNames: boundNames, failureNames: failureNames)
      {
        return .failure(mismatch)
      }
      // Each helper's body is checked beside the program, so it may use the program's names.
      for body in program.helperBodies {
        if let mismatch = AnnotationCheck.mismatch(
          [body.annotated], in: text + "\n" + body.binding, boundNames: boundNames, failureNames: failureNames)
        {
          return .failure(mismatch)
        }
      }
      return .success(Translation(swift: swift, program: text, notes: program.notes, sourceMap: sourceMap))
    }
  }

  /// True when `text` starts the way Swift publisher code does (`Just(`,
  /// `[1, 2].publisher`, `PassthroughSubject`, `import Combine`, …), so the
  /// REPL reads it as Swift rather than as streamlab's language.
  public static func looksLikeSwift(_ text: String) -> Bool {
    SwiftLooks.startsLikeSwift(text)
  }
}
