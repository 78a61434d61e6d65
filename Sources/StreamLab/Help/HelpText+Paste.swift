import StreamLang

extension HelpText {
  /// The Swift `:help paste` shows being read: a search field in Combine.
  static let pasteExample = """
    let query = PassthroughSubject<String, Never>()
    let cancellable = query
      .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
      .removeDuplicates()
      .sink { print($0) }
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) { query.send("sw") }
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) { query.send("swift") }
    """

  /// `:help paste`: what Swift streamlab reads and what it becomes, with the
  /// example read and run now, so the page always shows what the reader does.
  static func paste(presenter: RunPresenter) -> String {
    var lines = [
      ":paste — run Combine code written in Swift",
      "",
      wrapped(
        "Type `:paste`, paste Swift, and end it with an empty line. A line that starts like a Swift publisher "
          + "(`Just(`, `[1, 2].publisher`, `(1...5).publisher`, `PassthroughSubject`, `CurrentValueSubject`, "
          + "`Future`, `Deferred`, `Empty(`, `Fail(`, `Timer.publish`) is read as Swift without it; so is "
          + "`streamlab eval --swift` and an `answer:` in Swift.",
        width: presenter.settings.width),
      "",
      wrapped(
        "streamlab reads the publishers, operators (with their labels and trailing closures), subjects and "
          + "their `send`s, `sink`/`assign`/`store(in:)`, `cancel()`, `scheduler.schedule(after:)`, "
          + "`DispatchQueue.main.asyncAfter(deadline:)` and test-scheduler steps (`advance(by:)`), and functions "
          + "that return publishers. Every scheduler is the one virtual clock. It shows the program in its own "
          + "language that the Swift became, then runs that.",
        width: presenter.settings.width),
      "",
      wrapped(
        "Errors point into the Swift: its line and column, the caret under the closure or call the error "
          + "is in, then how streamlab read it; a runtime error names the Swift its stage came from. Types "
          + "written in the paste are checked: `let p: AnyPublisher<…>`, subjects' types and every value sent or "
          + "assigned to them, `@Published var name: T`, and a helper's `-> AnyPublisher<…>` or "
          + "`-> some Publisher<…>`. Failures are compared by name, as Swift does: a `Fail<Int, MyError>` is "
          + "not an `AnyPublisher<Int, Error>`, and publishers that meet in `merge`, `zip`, `combineLatest`, "
          + "`flatMap` or `switchToLatest` must fail with one type (`mapError { $0 as Error }` makes it `Error`).",
        width: presenter.settings.width),
      "",
      "Example:",
    ]
    lines += pasteExample.split(separator: "\n").map { "  " + $0 }
    lines.append("")
    switch SwiftPaste.translate(pasteExample) {
    case .success(let translation):
      lines.append(SwiftPaste.header(of: translation))
      lines.append(demoDiagram(translation.program, presenter: presenter))
    case .failure(let error):
      lines.append(error.message)
    }
    return lines.joined(separator: "\n")
  }
}
