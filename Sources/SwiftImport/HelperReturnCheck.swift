import StreamLang

/// Checks a pasted helper's return annotation (`func search(_ q: String) ->
/// AnyPublisher<[String], Never>`) against what its body returns: the body
/// is lowered once with each parameter standing for a value of its written
/// type, bound under a name of its own, and typed by the checker with the
/// rest of the program, as `AnnotationCheck` does for `let` bindings.
enum HelperReturnCheck {
  /// A helper's body as a binding of the short form, with the type written for it.
  struct Body {
    /// `let NAME = PIPELINE`, added to the program only for checking.
    var binding: String
    var annotated: AnnotationCheck.Annotated
  }

  /// The bodies of `helpers` whose return type streamlab reads and whose
  /// parameters all have a type it can stand a value in for.
  static func bodies(of helpers: [SwiftFunction], lowering: SwiftLowering) -> [Body] {
    helpers.sorted { $0.range.start < $1.range.start }.compactMap { body(of: $0, lowering: lowering) }
  }

  private static func body(of helper: SwiftFunction, lowering: SwiftLowering) -> Body? {
    guard let annotation = TypeAnnotation.read(helper.returnType, of: nil) else { return nil }
    var scope: [String: String] = [:]
    for parameter in helper.parameters {
      guard let type = parameter.type, let sample = sample(of: type) else { return nil }
      scope[parameter.name] = sample
    }
    var inner = lowering
    inner.substitutions.append(scope)
    let closure = SwiftClosure(parameters: [], body: helper.body, range: helper.range)
    guard let (result, locals) = try? inner.closureResult(closure) else { return nil }
    inner.substitutions.append(locals)
    guard let pipeline = (try? inner.pipeline(result)) ?? nil else { return nil }
    let name = "returned_by_\(helper.name)_"
    return Body(
      binding: "let \(name) = \(pipeline)",
      annotated: AnnotationCheck.Annotated(
        name: name, annotation: annotation, range: result.range, returnedBy: helper.name))
  }

  /// A value of `type` in the short form, standing for the argument: the
  /// body's type depends on the parameter's type, not on its value.
  private static func sample(of type: SwiftType) -> String? {
    switch type {
    case .named("String", []): return #""a""#
    case .named("Int", []): return "1"
    case .named("Double", []): return "1.5"
    case .named("Bool", []): return "true"
    case .array(let element): return sample(of: element).map { "[\($0)]" }
    default: return nil
    }
  }
}
