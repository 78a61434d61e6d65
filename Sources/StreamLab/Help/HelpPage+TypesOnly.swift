extension HelpPage {
  /// Operators that change only the Swift type: each is drawn as a row that
  /// passes its values through, with a note saying what it changes in Swift.
  static let typesOnly: [HelpPage] = [
    HelpPage(
      name: "eraseToAnyPublisher",
      paragraph: """
        Passes every event through unchanged. In Swift it hides the chain of operators \
        behind `AnyPublisher<Output, Failure>`, which is how a function returns a publisher \
        without spelling out `Publishers.Map<Publishers.Filter<…>>`. streamlab has no types to \
        hide, so the row is the same as the one above it.
        """,
      demo: "just 1,2,3 | map x * 2 | eraseToAnyPublisher"),
    HelpPage(
      name: "setFailureType",
      paragraph: """
        Passes every event through unchanged. In Swift, `setFailureType(to: Error.self)` gives a \
        publisher that cannot fail (`Failure == Never`, like `Just`) a failure type, so it can be \
        merged, zipped or flat-mapped with one that can: Combine needs both sides to fail the \
        same way. Only the bare keyword is streamlab's: there is one failure type here.
        """,
      demo: "just 1 | setFailureType | merge { marbles \"-2-#\" }"),
    HelpPage(
      name: "assertNoFailure",
      paragraph: """
        Passes values and a finished completion through; in Swift its `Failure` becomes `Never`. \
        A failure that reaches it is a fatal error: Combine calls \
        `fatalError("prefix: error", file: file, line: line)` and the process stops. Here the run \
        stops instead, naming the stage and the time, with Combine's message: \
        `fail "boom" | assertNoFailure "check"` stops with `Fatal error: check: boom`. \
        `catch` or `replaceError` handle a failure without stopping.
        """,
      demo: "events 0ms:1, 100ms:2, 200ms:| | assertNoFailure \"check\""),
    HelpPage(
      name: "replaceNil",
      paragraph: """
        Replaces each `nil` with the value and passes the others through. In Swift it is only for \
        optional outputs, and makes `Int?` into `Int`; on a sequence (`just 1, nil`, \
        `[…].publisher`, and its `map`), swiftc picks `Publishers.Sequence`'s own `replaceNil`, \
        whose Output stays `Int?`. `compactMap` drops the `nil`s instead.
        """,
      demo: "just \"1\", \"x\", \"3\" | map Int(x) | replaceNil 0"),
  ]
}
