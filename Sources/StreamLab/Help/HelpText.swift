import Foundation

/// The text of `:help`: an overview, and a page per source and operator.
enum HelpText {
  static func overview(width: Int) -> String {
    let commands = MetaCommand.table.map { entry in
      let head = "\(entry.name) \(entry.argument)".trimmingCharacters(in: .whitespaces)
      return "  " + head.padding(toLength: 18, withPad: " ", startingAt: 0) + entry.summary
    }
    return """
      Type a pipeline: a source, then operators joined by `|`. It runs on a virtual clock
      and every stage is drawn on one time axis.

        just 1,2,3 | map x*2 | debounce 300ms
        let clicks = marbles "-a--b|"      (a binding: it runs nothing)
        clicks | merge { interval 150ms | take 2 }

      A line that ends in `|` or leaves a bracket or quote open continues on the next line.

      sources:
      \(CompletionCandidates.columns(Vocabulary.sources, width: width - 2).indentedLines)
      operators:
      \(CompletionCandidates.columns(Vocabulary.operators, width: width - 2).indentedLines)
      commands:
      \(commands.joined(separator: "\n"))

      `:help debounce` explains one operator and shows it running.
      """
  }

  static func page(for name: String, presenter: RunPresenter) -> String? {
    nil
  }
}

extension String {
  fileprivate var indentedLines: String {
    split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
  }
}
