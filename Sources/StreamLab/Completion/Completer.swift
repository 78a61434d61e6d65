/// The words that fit at the end of a partial input, by where the cursor is:
/// a source or bound name where a pipeline starts, an operator after `|`, a
/// bound name where a stream argument goes, a meta-command after `:`.
struct Completer {
  var sources: [String]
  var operators: [String]
  var boundNames: [String]
  var fileNames: [String]
  /// The `:` commands the prompt accepts; the lesson prompt's differ from the playground's.
  var commandNames: [String] = MetaCommand.names

  func candidates(before text: String) -> CompletionCandidates {
    if let meta = metaCommandCandidates(before: text) { return meta }
    guard !OpenInput(text).isInsideString else { return CompletionCandidates(word: "", candidates: []) }
    let word = String(text.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
    let head = text.dropLast(word.count)
    return CompletionCandidates(word: word, candidates: words(after: head))
  }

  private func words(after head: Substring) -> [String] {
    var rest = head
    var crossedNewline = false
    while let last = rest.last, last.isWhitespace {
      if last == "\n" { crossedNewline = true }
      rest.removeLast()
    }
    guard let previous = rest.last else { return sources + boundNames + ["let"] }
    let beforePrevious = rest.dropLast().last
    switch previous {
    case "|" where beforePrevious != "|":
      return operators
    case ";":
      return sources + boundNames + ["let"]
    case "{":
      return sources + boundNames
    case "=" where !"=<>!".contains(beforePrevious ?? " "):
      return sources + boundNames
    case _ where crossedNewline && !"|,([".contains(previous):
      return sources + boundNames + ["let"]
    default:
      break
    }
    // Inside an argument or an expression only names make sense: a stream
    // argument (`merge a`) or a value; `let` is followed by a new name.
    let previousWord = String(rest.reversed().prefix { $0.isLetter || $0.isNumber }.reversed())
    return previousWord == "let" ? [] : boundNames
  }

  /// Meta-command names while the first word starts with `:`, then their
  /// arguments: topics after `:help`, file names after `:load` and `:svg`.
  private func metaCommandCandidates(before text: String) -> CompletionCandidates? {
    let trimmed = text.drop { $0.isWhitespace }
    guard trimmed.first == ":" else { return nil }
    guard let space = trimmed.firstIndex(where: \.isWhitespace) else {
      return CompletionCandidates(word: String(trimmed), candidates: commandNames)
    }
    let command = trimmed[..<space]
    let argument = String(trimmed[space...].drop { $0.isWhitespace })
    switch command {
    case ":help": return CompletionCandidates(word: argument, candidates: sources + operators)
    case ":load", ":svg": return CompletionCandidates(word: argument, candidates: fileNames)
    default: return CompletionCandidates(word: argument, candidates: [])
    }
  }
}
