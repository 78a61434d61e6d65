/// Whether a line typed at the REPL or in a lesson answer is Swift: it starts
/// like a Swift publisher, a Swift declaration or an import. The language's
/// own sources are lower-case keywords (`just`, `range`), so these cannot clash.
enum SwiftLooks {
  private static let publisherStarts = [
    "Just(", "Just<", "Empty(", "Empty<", "Fail(", "Fail<", "Future", "Deferred", "PassthroughSubject",
    "CurrentValueSubject", "Timer.publish", "Publishers.", "import ", "@Published", "var ", "func ", "class ",
    "struct ", "final class ", "enum ", "extension ", "let cancellable", "URLSession",
    // Swift's tasks (issue 31); the language's own task is lower-case (`task {`).
    "Task {", "Task(", "Task<", "Task.", "AsyncStream", "await ", "try await ", "for await ", "for try await ",
  ]

  static func startsLikeSwift(_ text: String) -> Bool {
    let trimmed = text.drop { $0.isWhitespace }
    if publisherStarts.contains(where: { trimmed.hasPrefix($0) }) { return true }
    // `let subject = PassthroughSubject<…>()`, `let c = Just(1).sink { … }`
    if trimmed.hasPrefix("let "), let equals = trimmed.firstIndex(of: "=") {
      return startsLikeSwift(String(trimmed[trimmed.index(after: equals)...]))
    }
    // `typing.debounce(for: …)`, `$query.map { … }`: a name and a method call.
    // The language's lines start with a keyword or a name and a space or `|`.
    if let first = trimmed.first, first.isLetter || first == "$" || first == "_" {
      let name = trimmed.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
      let rest = trimmed.dropFirst(name.count)
      if rest.hasPrefix("."), let method = rest.dropFirst().first, method.isLetter { return true }
    }
    // `[1, 2, 3].publisher`, `(1...5).publisher`
    if let first = trimmed.first, first == "[" || first == "(" {
      let line = trimmed.prefix { $0 != "\n" }
      return line.contains("].publisher") || line.contains(").publisher")
    }
    return false
  }
}
