import StreamLang

/// A type written on a pasted publisher or subject (`AnyPublisher<Int, Never>`,
/// `PassthroughSubject<String, Never>`): read as its `Output` and `Failure`,
/// and checked for the shape Combine gives those types.
struct TypeAnnotation: Hashable {
  /// The generic type written: `AnyPublisher`, `PassthroughSubject`, …
  var name: String
  var output: SwiftType
  /// `Never`, or an error type.
  var failure: SwiftType

  /// The publisher types whose two generic arguments are `Output` and
  /// `Failure`; `Publisher` is `some Publisher<Int, Never>` (the reader drops `some`).
  static let publisherTypes: Set<String> = [
    "AnyPublisher", "PassthroughSubject", "CurrentValueSubject", "Future", "Fail", "Empty", "Published.Publisher",
    "Publisher",
  ]

  /// The subjects, which may be declared with a Failure they never send.
  static let subjectTypes: Set<String> = ["PassthroughSubject", "CurrentValueSubject", "Published.Publisher"]

  /// The annotation of `type`, or of the generic arguments written on the
  /// value's own constructor (`PassthroughSubject<Int, Never>()`).
  static func read(_ type: SwiftType?, of value: SwiftExpr?) -> TypeAnnotation? {
    if case .named(let name, let arguments)? = type, publisherTypes.contains(name), arguments.count == 2 {
      return TypeAnnotation(name: name, output: arguments[0], failure: arguments[1])
    }
    if let value, case .call(let callee, _) = value.kind, case .specialized(let generic, let arguments) = callee.kind,
      case .identifier(let name) = generic.kind, publisherTypes.contains(name), arguments.count == 2
    {
      return TypeAnnotation(name: name, output: arguments[0], failure: arguments[1])
    }
    return nil
  }

  /// Refuses an annotation Combine would not compile: a publisher type
  /// with other than two generic arguments.
  static func check(_ type: SwiftType?, of value: SwiftExpr, in lowering: SwiftLowering) throws {
    guard case .named(let name, let arguments)? = type, publisherTypes.contains(name), !arguments.isEmpty,
      arguments.count != 2
    else { return }
    throw lowering.failure(
      "`\(name)` takes two generic arguments, its Output and its Failure", at: value.range,
      expected: "`\(name)<Int, Never>`")
  }
}
