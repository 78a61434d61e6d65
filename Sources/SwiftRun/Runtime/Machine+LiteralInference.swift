extension Machine {
  /// Says that an array literal with `nil` in it, published and given
  /// `replaceNil(with:)` in one expression, is typed by swiftc from what
  /// follows it: `[1, nil, 3].publisher.replaceNil(with: 0).collect()`
  /// alone made it `[Int??]` in swiftc's build (printing `[Optional(1),
  /// Optional(0), Optional(3)]`), and the same with `.append(4, 5)` after
  /// it `[Int?]` (`[1, 0, 3, 4, 5]`). streamlab always types it `[Int?]`
  /// (issue 29's cuts: the one cut that differed without a word).
  func noteNilLiteralInference(replacing upstream: PublisherValue) {
    let label = upstream.sourceLabel
    guard upstream.stages.isEmpty, label.hasPrefix("["), label.hasSuffix("].publisher"), label.contains("nil"),
      !label.contains(" as "), notedNilLiterals.insert(label).inserted
    else { return }
    let literal = String(label.dropLast(".publisher".count))
    let characters = Array(literal)
    let hasDecimal = characters.indices.dropFirst().dropLast().contains { index in
      characters[index] == "." && characters[index - 1].isNumber && characters[index + 1].isNumber
    }
    let element = literal.contains("\"") ? "String" : hasDecimal ? "Double" : "Int"
    notes.append(
      "Swift types `\(literal)` from what follows it: swiftc may make its elements doubly Optional here, and "
        + "`replaceNil(with:)` then leaves them Optional (`Optional(1)`), where streamlab makes them Optional once; "
        + "write `(\(literal) as [\(element)?])` to be sure")
  }
}
