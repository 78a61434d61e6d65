/// What Combine declares for one operator or source of the language: the
/// declaration(s) as Apple writes them, and what it does to the publisher's
/// `<Output, Failure>` in one line. `:help NAME` shows both.
///
/// One table keyed by `OperatorName` and `SourceName` with exhaustive switches
/// (`CombineSignature+Operators.swift`, `+Sources.swift`), so a new keyword
/// does not compile until it has its declaration. The declarations were
/// checked against OpenCombine 0.14.0's source and Apple's documentation;
/// the type checker (`TypeInference+Operators.swift`) cites the same ones.
public struct CombineSignature: Equatable, Sendable {
  /// One line per overload, or a `//` comment that says when the next one
  /// applies (the iOS 14 overloads that adapt `Never`).
  public var declarations: [String]
  /// `<T, F>` → `<[T], F>`: the upstream's Output and Failure, then this stage's.
  public var effect: String
}

extension CombineSignature {
  /// The signature a keyword stands for; nil for a statement (`let`,
  /// `connect`), which is streamlab's and has no Combine counterpart.
  public static func of(_ identity: KeywordIdentity) -> CombineSignature? {
    switch identity {
    case .operator(let name): return of(name)
    case .source(let name): return of(name)
    case .statement: return nil
    }
  }
}
