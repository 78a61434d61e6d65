// `Publishers.Sequence` (`[1, 2, 3].publisher`, `(1...5).publisher`) and
// `Just` declare their own overloads of many operators, and swiftc picks a
// concrete type's method over `Publisher`'s generic one. Most keep the
// Output and Failure the generic operator gives and differ only in the
// publisher they return (`[1, 2].publisher.map { … }` is a
// `Publishers.Sequence<[Int], Never>` again); two change the types a student
// sees: `ignoreOutput()` returns `Empty<Output, Failure>`, so the Output
// stays, and Sequence's `replaceNil(with:)` returns
// `Publishers.Sequence<[Elements.Element], Failure>`, so the Output stays
// optional. (OpenCombine 0.14.0, Publishers.Sequence.swift and Just.swift,
// which follow Apple's declarations.)
extension TypeInference {
  /// The stage `made` as swiftc types it when `upstream` is a
  /// `Publishers.Sequence` or a `Just` with its own overload of the operator;
  /// nil when the generic operator is the one picked.
  func concreteOverload(_ stage: OperatorStage, _ made: Stage, upstream: Stage) -> Stage? {
    guard case .generic(let head, let arguments) = upstream.publisherType else { return nil }
    let element = upstream.type.output
    let failure = upstream.type.failure
    func overload(_ type: PublisherType, output: SwiftType? = nil) -> Stage {
      var stage = made
      stage.publisherType = type
      if let output { stage.type.output = output }
      return stage
    }
    switch head {
    case "Publishers.Sequence" where arguments.count == 2:
      let elements = arguments[0]
      func sequence(_ elements: PublisherType, failure: SwiftType = failure) -> PublisherType {
        .generic("Publishers.Sequence", [elements, .type(failure)])
      }
      switch stage.kind {
      case .map, .compactMap, .scan, .filter, .prefixWhile, .removeDuplicates:
        return overload(sequence(.type(.array(made.type.output))))
      case .dropWhile: return overload(sequence(.generic("DropWhileSequence", [elements])))
      case .dropFirst: return overload(sequence(.generic("DropFirstSequence", [elements])))
      case .prefix: return overload(sequence(.generic("PrefixSequence", [elements])))
      case .setFailureType: return overload(sequence(elements, failure: made.type.failure))
      // func ignoreOutput() -> Empty<Elements.Element, Failure>
      case .ignoreOutput: return overload(.generic("Empty", [.type(element), .type(failure)]), output: element)
      // func replaceNil<T>(with: T) -> Publishers.Sequence<[Elements.Element], Failure> where Elements.Element == T?
      case .replaceNil: return overload(sequence(.type(.array(element))), output: element)
      default: return nil
      }
    case "Just":
      switch stage.kind {
      case .map: return overload(.generic("Just", [.type(made.type.output)]))
      case .removeDuplicates, .removeDuplicatesBy, .replaceError, .replaceEmpty, .retry:
        return overload(.generic("Just", [.type(element)]))
      // func ignoreOutput() -> Empty<Output, Never>
      case .ignoreOutput: return overload(.generic("Empty", [.type(element), .type(.never)]), output: element)
      default: return nil
      }
    default:
      return nil
    }
  }
}
