import StreamLang

/// Resolves the names teachers write in `require:` and `forbid:`, and the
/// keywords students type, to Combine's names through the language's keyword
/// table: `take` is `prefix`. Sources count too (`require: events`).
enum OperatorNames {
  static func canonical(_ name: String) -> String {
    keyword(name)?.canonical ?? name
  }

  /// Why `name` is neither an operator nor a source, or nil when it is one.
  static func problem(with name: String) -> String? {
    guard keyword(name) == nil else { return nil }
    let names = (Keywords.operators + Keywords.sources).map(\.name)
    if let suggestion = Suggestion.closest(to: name, among: names) {
      return "unknown operator `\(name)`; did you mean `\(suggestion)`?"
    }
    return "unknown operator `\(name)`; expected an operator or source name such as `debounce` or `events`"
  }

  private static func keyword(_ name: String) -> Keyword? {
    Keywords.keyword(named: name, role: .operator) ?? Keywords.keyword(named: name, role: .source)
      ?? holderKeywords.first { $0.name == name }
  }

  /// `require: sink` and `require: store`: the holder clauses of issue 30,
  /// and `require: task` and `require: sleep` (issue 31), which
  /// `OperatorCollector` reports under these names.
  private static let holderKeywords = [
    StatementName.sink.keyword, StatementName.store.keyword, StatementName.task.keyword, StatementName.sleep.keyword,
  ]
}
