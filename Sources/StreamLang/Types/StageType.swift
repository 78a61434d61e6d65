/// What one stage of a pipeline publishes, as Swift declares it:
/// `Publisher.Output` and `Publisher.Failure`.
public struct StageType: Hashable, Sendable, CustomStringConvertible {
  public var output: SwiftType
  public var failure: SwiftType

  public init(output: SwiftType, failure: SwiftType) {
    self.output = output
    self.failure = failure
  }

  /// `<Int, Never>`, as a row label shows it.
  public var spelling: String { "<\(output.spelling), \(failure.spelling)>" }

  /// `AnyPublisher<Int, Never>`: the stage after `eraseToAnyPublisher()`.
  public var erasedSpelling: String { "AnyPublisher<\(output.spelling), \(failure.spelling)>" }

  public var description: String { spelling }
}
