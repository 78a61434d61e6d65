import Lessons
import StreamCore
import StreamLab
import StreamLang
import StreamlabCommandLine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The interactive (or piped) playground: reads inputs, hands them to a
/// `ReplSession`, prints the replies and carries out their effects.
struct Repl {
  var display: DisplayOptions
  var terminal: TerminalFacts

  /// Runs until `:quit`, Ctrl-D or the end of the input; returns the exit
  /// status: 0, or 1 when piped input had a failure.
  func run() -> Int32 {
    var settings = ReplSettings()
    settings.width = display.width ?? terminal.width
    settings.color = display.color.isEnabled(for: terminal)
    if let horizon = display.horizon { settings.horizon = horizon.interval }
    if let scale = display.scale { settings.scale = scale.interval }
    if let maxEvents = display.maxEvents { settings.maxEvents = maxEvents }
    settings.lessonFiles = LessonFiles.list(in: "lessons")

    let interactive = terminal.canEditLines
    var session = ReplSession(
      settings: settings, isInterrupted: { InterruptFlag.isRaised }, clearInterrupt: { InterruptFlag.clear() })
    let reader: LineReading
    var width = DiagramWidth(initial: settings.width, follows: display.width == nil && terminal.widthFollowsWindow)
    if interactive, let editor = makeEditor(session: { session }) {
      InterruptFlag.install()
      WindowSize.install()
      reader = editor
      print(session.welcome)
    } else {
      reader = PlainLineReader()
    }
    let prompts = terminal.speaksUTF8 ? ("» ", "… ") : ("> ", ". ")

    // At a terminal an empty line that arrives with more lines behind it
    // was pasted with them, and does not end a `:paste`.
    var lines = InputLines(
      continuation: ReplSession.continuation(of:),
      emptyLineEnds: { text in
        ReplSession.emptyLineEnds(text) && !(interactive && text.hasPrefix(":paste") && PendingInput.isWaiting)
      },
      endLine: { $0.hasPrefix(":paste") })
    while true {
      switch reader.read(prompt: lines.pending.isEmpty ? prompts.0 : prompts.1, pending: lines.pendingText) {
      case .interrupted:
        print("^C")
        lines.reset()
      case .unreadable(let message):
        show(session.fail(message))
        lines.reset()
      case .endOfInput:
        // Piped input may end inside an unfinished input: run it, so its
        // error is reported instead of silently dropped.
        if !lines.pending.isEmpty { _ = perform(session.submit(lines.pendingText), in: &session) }
        if interactive { print() }
        return interactive || !session.hasFailed ? 0 : 1
      case .line(let line):
        let input: String
        switch lines.add(line) {
        case .continues(let reason):
          if interactive, let reason { print(reason) }
          continue
        case .complete(let complete):
          input = complete
        }
        guard !input.trimmingWhitespace().isEmpty else { continue }
        if let columns = width.change() {
          session.settings.width = columns
          (reader as? LineEditor)?.width = columns
        }
        reader.remember(input)
        let effect = KeyEcho.suppressed { perform(session.submit(input), in: &session) }
        // After a Ctrl-C the prompt comes back first: another thread may
        // still be freeing what the stopped input made (`DeferredRelease`),
        // and handing memory back now would wait on it. The next input hands it back.
        if !InterruptFlag.isRaised { FreedMemory.returnToSystem() }
        if effect == .quit { return interactive || !session.hasFailed ? 0 : 1 }
      }
    }
  }

  /// The line editor, completing from the session as it is at each Tab press.
  private func makeEditor(session: @escaping () -> ReplSession) -> LineEditor? {
    LineEditor(
      historyURL: terminal.stateDirectory.appendingPathComponent("history"),
      width: display.width ?? terminal.width,
      completer: { session().completions(before: $0) }
    )
  }

  /// Prints a reply and carries out its effect; returns the effect when it
  /// ends the loop.
  private func perform(_ reply: ReplReply, in session: inout ReplSession) -> ReplEffect? {
    switch reply.effect {
    case .quit?:
      show(reply)
      return .quit
    case .readFile(let path)?:
      let url = URL(
        fileURLWithPath: PathText.expandingTilde(path, home: FileManager.default.homeDirectoryForCurrentUser.path))
      guard let data = try? Data(contentsOf: url) else {
        show(session.fail("cannot read \(path): \(UnreadableFile.reason(url.path))"))
        return nil
      }
      switch InputText.decode(data, from: path) {
      case .success(let text): return perform(session.load(text, from: path), in: &session)
      case .failure(let error):
        show(session.fail(error.description))
        return nil
      }
    case .writeFile(let path, let contents)?:
      let url = URL(
        fileURLWithPath: PathText.expandingTilde(path, home: FileManager.default.homeDirectoryForCurrentUser.path))
      do {
        try Data(contents.utf8).write(to: url, options: .atomic)
        show(reply)
      } catch {
        show(session.fail("cannot write \(path): \(ErrorText.describe(error))"))
      }
      return nil
    case nil:
      show(reply)
      return nil
    }
  }

  private func show(_ reply: ReplReply) {
    guard !reply.text.isEmpty else { return }
    if reply.isError {
      fflush(stdout)
      var standardError = StandardStream.error
      print(reply.text, to: &standardError)
    } else {
      print(reply.text)
    }
    fflush(stdout)
  }
}
