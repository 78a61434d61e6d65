/// The `<Output, Failure>` an `expect-type:` line asks of an answer's output
/// pipeline, as Swift spells it: `<Int, Never>`, `<[String], Error>`.
public struct ExpectedType: Hashable {
  public var output: String
  public var failure: String

  /// Reads `<Output, Failure>`; spaces do not matter. Nil when it is not that shape.
  public init?(_ text: String) {
    let compact = text.filter { !$0.isWhitespace }
    guard compact.hasPrefix("<"), compact.hasSuffix(">") else { return nil }
    let inside = compact.dropFirst().dropLast()
    // The Failure is the last top-level argument: `<(Int, String), Never>`.
    guard let comma = inside.lastIndex(of: ","), !inside[..<comma].isEmpty else { return nil }
    output = String(inside[..<comma])
    failure = String(inside[inside.index(after: comma)...])
    guard !failure.isEmpty, !failure.contains(")"), !failure.contains("]") else { return nil }
  }

  /// `<Int, Never>`
  public var text: String { "<\(output), \(failure)>" }

  /// True when a stage typed `<output, failure>` has this type.
  func matches(output other: String, failure otherFailure: String) -> Bool {
    output == other.filter { !$0.isWhitespace } && failure == otherFailure
  }
}
