import Lessons
import StreamCore
import StreamLang

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The prompt of `streamlab run`: answers and the lesson's own commands
/// (`:hint`, `:skip`, …) go to the `LessonSession`; the playground's commands
/// that make sense beside an exercise (`:help`, `:help NAME`, `:swift`,
/// `:trace`, `:events`, `:json`) go to a `ReplSession`, the REPL's own
/// handling, whose last run is the program the last answer was checked as.
///
/// It lives here and not in Lessons because Lessons may not import StreamLab
/// (DESIGN.md's module table); this way there is one meta-command handler and
/// no copy of it.
public struct LessonPrompt {
  public private(set) var session: LessonSession
  private var playground: ReplSession
  /// The program the last answer was checked as, until a command needs its
  /// run: running it again after every answer would double each check's
  /// cost, and after a Ctrl-C would start the stopped run once more.
  private var uncheckedRun: String?

  /// - Parameters:
  ///   - settings: the width, colour and horizon the shell uses, so the
  ///     playground's output matches the lesson's diagrams.
  ///   - isInterrupted, clearInterrupt: the Ctrl-C flag, as `ReplSession` takes it.
  public init(
    session: LessonSession, settings: ReplSettings, isInterrupted: @escaping () -> Bool = { false },
    clearInterrupt: @escaping () -> Void = {}
  ) {
    self.session = session
    self.playground = ReplSession(settings: settings, isInterrupted: isInterrupted, clearInterrupt: clearInterrupt)
  }

  /// Every command the prompt accepts, with its colon: the lesson's own, then the playground's.
  /// `lesson verify` checks that a lesson's prose names only these.
  public static var commandNames: [String] {
    let lessonNames = LessonSessionCommand.allCases.map(\.name)
    return lessonNames + MetaCommand.lessonPromptEntries.map(\.name).filter { !lessonNames.contains($0) }
  }

  /// What Tab could complete at the end of `text`: an answer completes like
  /// playground input, a `:` word among this prompt's commands.
  public static func completions(before text: String) -> CompletionCandidates {
    Completer(
      sources: Keywords.sources.map(\.name), operators: Keywords.operators.map(\.name), boundNames: [],
      fileNames: [], commandNames: commandNames
    ).candidates(before: text)
  }

  public mutating func start() -> SessionOutput {
    session.start()
  }

  /// The terminal was resized: the lesson's text and diagrams, and the
  /// playground's commands, use `width` from now on.
  public mutating func resize(width: Int, feedback: CheckFeedback) {
    session.resize(width: width, feedback: feedback)
    playground.settings.width = width
  }

  /// Why an answer typed so far is still open (a trailing `|`, an open
  /// bracket), as in the playground (`ReplSession.continuation(of:)`), or
  /// nil when it can be checked. A command is always one line.
  public static func continuation(of text: String) -> String? {
    text.trimmingWhitespace().hasPrefix(":") ? nil : ReplSession.continuation(of: text)
  }

  /// See `LessonSession.progressSaved(failure:)`.
  public mutating func progressSaved(failure: ProgressStore.SaveError?) {
    session.progressSaved(failure: failure)
  }

  /// Handles one line typed at the prompt.
  public mutating func handle(_ line: String) -> SessionOutput {
    let input = line.trimmingWhitespace()
    guard input.hasPrefix(":"), LessonSessionCommand.parse(input) == nil else {
      let output = session.handle(line)
      if let program = output.checkedProgram { uncheckedRun = program }
      return output
    }
    let name = String(input.prefix { !$0.isWhitespace })
    // Refused by name first, so `:svg` alone is not told which argument it lacks.
    if MetaCommand.names.contains(name), !Self.commandNames.contains(name) { return reply(Self.playgroundOnly(name)) }
    switch MetaCommand.parse(input) {
    case .success(.help(nil)):
      return reply(help)
    case .success(.help(let topic?)):
      let name = topic.hasPrefix(":") ? topic : ":" + topic
      if let command = LessonSessionCommand.allCases.first(where: { $0.name == name }) {
        return reply("\(command.name) — \(command.summary)")
      }
      return reply(playground.perform(.help(topic: topic)).text)
    case .success(.quit):
      return session.perform(.quit)
    case .success(let command) where command.isAvailableAtLessonPrompt:
      if let program = uncheckedRun {
        uncheckedRun = nil
        playground.rememberRun(of: program)
      }
      return reply(playground.perform(command).text)
    case .success:
      return reply(Self.playgroundOnly(name))
    case .failure(.unknown(let name, _)):
      // Suggest among this prompt's commands, not the playground's.
      let suggestion = Suggestion.closest(to: name, among: Self.commandNames)
      return reply(MetaCommandError.unknown(name, suggestion: suggestion).description)
    case .failure(let error):
      return reply(error.description)
    }
  }

  private static func playgroundOnly(_ name: String) -> String {
    "`\(name)` works in the playground (`streamlab`), not at a lesson's prompt; `:help` lists what works here"
  }

  /// The lesson's commands, then the playground's that work here.
  private var help: String {
    let playgroundEntries = MetaCommand.lessonPromptEntries.filter { entry in
      !LessonSessionCommand.allCases.contains { $0.name == entry.name }
    }
    let playgroundLines = HelpText.commandLines(playgroundEntries, width: playground.settings.width)
    return
      (["Type a pipeline to answer. Commands:"] + LessonSessionCommand.helpLines
      + ["About your last answer, and help:"] + playgroundLines
      + ["`:help debounce` explains one operator and shows it running."]).joined(separator: "\n")
  }

  private func reply(_ text: String) -> SessionOutput {
    SessionOutput(text: text, prompt: session.prompt)
  }
}
