import StreamLang

/// Checks each value the Swift puts into a typed subject (`send(1)`, a
/// `CurrentValueSubject`'s first value, `.value = 1`, an `@Published`
/// property's value and assignments) against the Output written for it,
/// and answers a wrong one as Swift would, at the value itself rather than
/// at the subject's declaration.
enum SubjectValueCheck {
  /// One value put into a subject, as short-form text, with where and how the Swift put it.
  struct Value {
    /// How Swift words a mismatch, by the way the value was given.
    enum Wording {
      /// `send(1)`, `CurrentValueSubject<String, Never>(1)`.
      case argument
      /// `@Published var query: String = 1`.
      case specified
      /// `subject.value = 1`, `viewModel.query = 1`.
      case assignment
    }

    var text: String
    var range: SourceRange
    var wording: Wording
  }

  /// The first value (in the Swift's order) whose type is not the Output
  /// written for its subject, or nil.
  static func mismatch(in subjects: [String: ShortProgram.Subject], boundNames: [String]) -> Diagnostic? {
    var found: Diagnostic?
    for subject in subjects.values {
      guard let declared = subject.declaredOutput else { continue }
      for value in subject.values {
        guard found.map({ value.range.start < $0.range.start }) ?? true,
          let actual = type(of: value.text, boundNames: boundNames), disagrees(actual, declared, value.text)
        else { continue }
        found = diagnostic(value, actual: actual, declared: declared)
      }
    }
    return found
  }

  private static func diagnostic(_ value: Value, actual: String, declared: String) -> Diagnostic {
    let message: String
    switch value.wording {
    case .argument: message = "cannot convert value of type '\(actual)' to expected argument type '\(declared)'"
    case .specified: message = "cannot convert value of type '\(actual)' to specified type '\(declared)'"
    case .assignment: message = "cannot assign value of type '\(actual)' to type '\(declared)'"
    }
    return Diagnostic(message, at: value.range, expected: "a value of type `\(declared)`")
  }

  /// The checker's type of a value, when it settles one.
  private static func type(of value: String, boundNames: [String]) -> String? {
    let parsed = Parser.parse("just \(value)", boundNames: boundNames)
    guard parsed.isValid, let typed = try? TypeChecker.check(parsed.program),
      let output = typed.shown.first?.type?.output, AnnotationCheck.isKnown(output)
    else { return nil }
    return output.spelling
  }

  /// Different spellings, except where Swift converts a literal: an integer
  /// literal is a `Double` too, and any value fits an optional or `Any`.
  private static func disagrees(_ actual: String, _ declared: String, _ text: String) -> Bool {
    if actual == declared || declared == "Any" || declared.hasSuffix("?") || declared.hasPrefix("Optional<") {
      return false
    }
    let isIntegerLiteral = text.allSatisfy { $0.isNumber || $0 == "-" || $0 == "_" }
    return !(actual == "Int" && isIntegerLiteral && ["Double", "Float", "CGFloat"].contains(declared))
  }
}
