import StreamCore
import StreamLang

/// A type as swiftc infers it for a value of the paste: StreamLang's
/// `SwiftType`, the one the pipeline language's checker gives its stages,
/// named apart from the syntax tree's type as written (`WrittenType`).
typealias InferredType = SwiftType

extension StageType {
  /// `<_, _>`: a stage the typer cannot tell.
  static let unknown = StageType(output: .placeholder, failure: .placeholder)
  /// `Timer.publish`'s values.
  static let date = StageType(output: .named("Date"), failure: .never)

  /// The label a row shows; `changesFailure` when the Failure is not the upstream's.
  func label(after upstream: StageType?) -> StageTypeLabel {
    StageTypeLabel(
      output: output.spelling, failure: failure.spelling,
      changesFailure: upstream.map { $0.failure != failure } ?? false)
  }
}

extension SwiftType {
  /// What `T?` holds, or the type itself.
  var unwrappedOptional: SwiftType {
    if case .optional(let wrapped) = self { return wrapped }
    return self
  }

  /// A publisher's Output and Failure, whether erased or named.
  var publisherParts: StageType? {
    switch self {
    case .publisher(let output, let failure), .namedPublisher(_, let output, let failure):
      return StageType(output: output, failure: failure)
    default: return nil
    }
  }

  /// The type without a tuple element's label.
  var unlabelled: SwiftType {
    if case .labelled(_, let element) = self { return element }
    return self
  }
}
