import StreamLang

/// The names an expression can see while it is translated: closure
/// parameters (`x`, `acc`, `$0`, named ones) and the program's bound streams.
struct ExportScope {
  /// One visible name: what to write in Swift for it, and its type.
  struct Entry {
    var code: String
    var type: ExportType
    /// For a parameter written `$0`, `$1` in Swift: its position and the
    /// closure (by nesting depth) it belongs to.
    var anonymous: (index: Int, depth: Int)?
  }

  private(set) var entries: [String: Entry] = [:]
  /// How many closures deep the translation is.
  private(set) var depth = 0

  subscript(name: String) -> Entry? { entries[name] }

  /// The scope inside one more closure, with its parameters added.
  func entering(_ parameters: [String: Entry]) -> ExportScope {
    var inner = self
    inner.depth += 1
    inner.entries.merge(parameters) { _, new in new }
    return inner
  }

  mutating func bind(_ name: String, _ entry: Entry) {
    entries[name] = entry
  }
}
