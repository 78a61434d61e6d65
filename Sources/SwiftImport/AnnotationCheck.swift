import StreamLang

/// Checks the types written in the paste (`let p: AnyPublisher<Int, Never> = …`,
/// `PassthroughSubject<String, Never>()`) against the types the checker gives
/// the program they were lowered to, and answers a disagreement as Swift
/// would: "cannot convert value of type … to specified type …", at the value.
enum AnnotationCheck {
  /// A binding of the lowered program and the type the Swift wrote for it.
  struct Annotated {
    /// The binding's name in the short form.
    var name: String
    var annotation: TypeAnnotation
    /// The value the type was written for, in the Swift.
    var range: SourceRange
    /// The helper whose returned publisher this is, checked against its `-> Type`, which Swift words differently.
    var returnedBy: String? = nil
  }

  /// The first annotation the checker disagrees with, or nil. A program the
  /// checker refuses is left to the run, which reports its own errors; a
  /// type the checker leaves open (a subject nothing is sent to) agrees with any annotation.
  /// `failureNames` holds the Failure types Swift fixes for the annotated
  /// values by name (`FailureNames`), which the checker knows only as Error.
  static func mismatch(
    _ annotated: [Annotated], in program: String, boundNames: [String], failureNames: [SourceRange: String] = [:]
  ) -> Diagnostic? {
    guard !annotated.isEmpty else { return nil }
    let parsed = Parser.parse(program, boundNames: boundNames)
    guard parsed.isValid, let typed = try? TypeChecker.check(parsed.program) else { return nil }
    for item in annotated {
      guard var type = typed.bindings[item.name]?.type else { continue }
      // `[…].publisher.replaceNil(with: 0)` is Publishers.Sequence's own
      // overload, whose Output stays `Int?`, unless the annotation asks for
      // `Int`: then swiftc picks Publisher's generic one.
      if case .optional(let wrapped) = type.output, wrapped.spelling == item.annotation.output.description,
        endsInReplaceNil(item.name, parsed.program)
      {
        type.output = wrapped
      }
      let failureName = failureNames[item.range]
      guard disagrees(item.annotation, with: type, for: item.annotation.name, failureName: failureName) else {
        continue
      }
      let output = isKnown(type.output) ? type.output.spelling : item.annotation.output.description
      return diagnostic(item, output: output, failure: failureName ?? type.failure.spelling)
    }
    return nil
  }

  /// Swift's words for a value of `<output, failure>` where the annotation wants another type.
  private static func endsInReplaceNil(_ name: String, _ program: Program) -> Bool {
    program.statements.contains { statement in
      guard case .binding(let bound, let pipeline, _) = statement, bound.text == name else { return false }
      let last = pipeline.operators.last { if case .eraseToAnyPublisher = $0.kind { false } else { true } }
      if case .replaceNil? = last?.kind { return true }
      return false
    }
  }

  private static func diagnostic(_ item: Annotated, output: String, failure: String) -> Diagnostic {
    let annotation = item.annotation
    // `some Publisher<Int, Never>` is met by any publisher of those types, so only they are named.
    if annotation.name == "Publisher", let function = item.returnedBy {
      let (actual, written) =
        output != annotation.output.description
        ? (output, annotation.output.description) : (failure, annotation.failure.description)
      return Diagnostic(
        "return type of global function '\(function)' requires the types '\(actual)' and '\(written)' be equivalent",
        at: item.range,
        expected: "a publisher of `<\(annotation.output), \(annotation.failure)>`")
    }
    let actual = "\(annotation.name)<\(output), \(failure)>"
    let written = "\(annotation.name)<\(annotation.output), \(annotation.failure)>"
    let message =
      item.returnedBy != nil
      ? "cannot convert return expression of type '\(actual)' to return type '\(written)'"
      : "cannot convert value of type '\(actual)' to specified type '\(written)'"
    return Diagnostic(message, at: item.range, expected: "`\(actual)`, or a value of type `\(written)`")
  }

  /// Output by its spelling; Failure by the name Swift fixes for it
  /// (`failureName`), else only as `Never` or not, since any error type
  /// (`Error`, `ProgramError`, `SearchError`) is the checker's `Error`: a
  /// `Future<Int, Error>` that only succeeds is `Never` to the checker.
  /// A subject may be declared to fail and never do so.
  /// A subject's Output is checked value by value (`SubjectValueCheck`), which
  /// knows the literals Swift converts (`send(1)` to a `Double` subject).
  private static func disagrees(
    _ annotation: TypeAnnotation, with type: StageType, for name: String, failureName: String?
  ) -> Bool {
    let isSubject = TypeAnnotation.subjectTypes.contains(name)
    if !isSubject, isKnown(type.output), annotation.output.description != "Any",
      annotation.output.description != type.output.spelling
    {
      return true
    }
    if let failureName { return failureName != FailureNames.normalised(annotation.failure.description) }
    let writtenNever = annotation.failure.description == "Never"
    switch type.failure {
    case .never: return !writtenNever && !isSubject
    case .variable, .placeholder: return false
    default: return writtenNever
    }
  }

  /// A type the checker settled: no variable, placeholder or stride in it,
  /// and not `Never`, which a lowered `Fail<Int, Error>` (`fail "x"`) has lost the Output to.
  static func isKnown(_ type: StreamLang.SwiftType) -> Bool {
    switch type {
    case .variable, .placeholder, .duration, .publisher, .never: return false
    case .array(let element), .optional(let element): return isKnown(element)
    case .tuple(let elements): return elements.allSatisfy(isKnown)
    default: return true
    }
  }
}
