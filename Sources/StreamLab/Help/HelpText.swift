import Marbles
import StreamCore
import StreamLang

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The text of `:help`: an overview, and a page per source and operator
/// whose diagram comes from running the page's demo.
enum HelpText {
  static func overview(width: Int) -> String {
    let commands = commandLines(MetaCommand.table, width: width)
    return """
      Type a pipeline: a source, then operators joined by `|`. It runs on a virtual clock
      and every stage is drawn on one time axis.

        just 1,2,3 | map x*2 | debounce 300ms
        let clicks = marbles "-a--b|"      (a binding: it runs nothing)
        clicks | merge { interval 150ms | take 2 }

      A line that ends in `|` or leaves a bracket open continues on the next line;
      an empty line ends it. A string ends with its line.

      In a diagram: `|` finished, `#` failed, `!` cancelled, `^` subscribed late,
      `×` a value dropped because nobody had asked for it, `…` still running.

      sources:
      \(columns(Keywords.sources, width: width))
      operators:
      \(columns(Keywords.operators, width: width))
      commands:
      \(commands.joined(separator: "\n"))

      `:help debounce` explains one operator and shows it running; `:help limits` says how big
      a program may be; `:help paste` shows Combine code in Swift being read and run;
      `:help lifetimes` shows who holds a subscription (`let vm = owner`, `store`, `release`).
      """
  }

  /// `  :trace            the last run's subscription log …`: the commands
  /// in a help list, each summary starting in the column after the longest
  /// name (so `:type [full] PROGRAM` is never cut) and wrapped to `width`
  /// under itself.
  static func commandLines(_ entries: [(name: String, argument: String, summary: String)], width: Int) -> [String] {
    let heads = entries.map { "\($0.name) \($0.argument)".trimmingWhitespace() }
    let column = max(18, (heads.map(\.count).max() ?? 0) + 2)
    let indent = String(repeating: " ", count: 2 + column)
    return zip(heads, entries).flatMap { head, entry in
      let summary = entry.summary.wrappedAtSpaces(width: max(width - indent.count, 20))
      let first = "  " + head.paddedWithSpaces(toLength: column) + (summary.first ?? "")
      return [first] + summary.dropFirst().map { indent + $0 }
    }
  }

  /// The page for a source or operator, or nil when `name` is neither.
  static func page(for name: String, presenter: RunPresenter) -> String? {
    let roles: [KeywordRole] = [.operator, .source, .statement]
    guard let keyword = roles.lazy.compactMap({ Keywords.keyword(named: name, role: $0) }).first else { return nil }
    var lines = ["\(keyword.name) — \(keyword.summary)"]
    guard let page = HelpPage.page(named: keyword.name) ?? HelpPage.page(named: keyword.canonical) else {
      return (lines + [keyword.usage]).joined(separator: "\n")
    }
    if keyword.isAlias {
      lines.append("(`\(keyword.name)` is streamlab's short name for Combine's `\(keyword.canonical)`)")
    }
    lines.append(wrapped(page.paragraph, width: presenter.settings.width))
    lines.append("")
    if let signature = CombineSignature.of(keyword.identity) {
      lines += signatureLines(signature, width: presenter.settings.width)
      lines.append("")
    }
    lines.append(keyword.usage.prefix(1).uppercased() + keyword.usage.dropFirst() + ".")
    lines.append("")
    lines.append("Example:")
    lines += page.demo.split(separator: "\n").map { "  " + $0 }
    lines.append("")
    if case .success(let typed) = Interpreter().types(of: page.demo) {
      lines.append("Its types, as Swift infers them (`:type` shows any program's):")
      lines += TypeReport.text(of: typed, full: false).split(separator: "\n").map { "  " + $0 }
      lines.append("")
    }
    lines.append(demoDiagram(page.demo, presenter: presenter))
    return lines.joined(separator: "\n")
  }

  /// `Swift:` and the declarations, each wrapped to `width`, then what the
  /// stage does to `<Output, Failure>`.
  static func signatureLines(_ signature: CombineSignature, width: Int) -> [String] {
    ["Swift:"]
      + signature.declarations.flatMap { SignatureWrapping.lines(of: $0, width: width, indent: "  ") }
      + [wrapped("Types: " + signature.effect, width: width)]
  }

  /// Runs `demo` on a fresh interpreter, so the student's bindings neither
  /// leak into it nor change, and draws what it did.
  static func demoDiagram(_ demo: String, presenter: RunPresenter) -> String {
    var interpreter = Interpreter()
    switch interpreter.run(demo) {
    case .ran(let result, _): return presenter.diagram(of: result)
    case .invalid(let diagnostics): return diagnostics.rendered(in: demo)
    }
  }

  private static func columns(_ keywords: [Keyword], width: Int) -> String {
    CompletionCandidates.columns(keywords.map(\.name), width: width - 2)
      .split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
  }

  /// `text` with its words wrapped to lines of at most `width` characters.
  static func wrapped(_ text: String, width: Int) -> String {
    text.wrappedAtSpaces(width: width).joined(separator: "\n")
  }
}
