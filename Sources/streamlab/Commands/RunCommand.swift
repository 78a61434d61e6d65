import ArgumentParser
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

/// `streamlab run LESSON`: the lesson at a terminal, `--check` for CI, and
/// `--answers` to grade a class.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run a lesson file: prose, demos and exercises.",
    discussion: """
      At a terminal, shows the lesson and asks each exercise at a prompt \
      (:hint, :expected, :prose, :skip, :back, :solution after passing, :quit, and \
      :help, :help NAME, :swift, :trace, :events, :json about your last answer). A passing \
      answer is written into the file's answer: line and progress is saved in \
      $XDG_STATE_HOME/streamlab/progress.json; running again resumes at the exercise where you left off.

      With --check, or when standard input is not a terminal, checks the file's \
      answer: lines and prints one line per exercise. With --answers, checks each \
      student's file against this lesson. Exit status: 0 all passed, 1 a check \
      failed, 2 the lesson file has errors.

      Examples:
        streamlab run lessons/lesson04.txt
        streamlab run lessons/lesson04.txt --check
        streamlab run lessons/lesson04.txt --answers submissions/*/lesson04.txt --format junit
      """
  )

  @Argument(help: ArgumentHelp("The lesson file.", valueName: "lesson"), completion: .file(extensions: ["txt"]))
  var lesson: String

  @Flag(help: "Check the file's answer: lines without prompting.")
  var check = false

  @Option(
    parsing: .upToNextOption, help: ArgumentHelp("Students' lesson files to grade.", valueName: "file"),
    completion: .file(extensions: ["txt"]))
  var answers: [String] = []

  @Option(
    help: ArgumentHelp(
      "A file listing students' lesson files to grade, one path per line (- reads the list from standard input): "
        + "for a class too large for one command line (10,000 paths after --answers cost seconds to read).",
      valueName: "list"))
  var answersFrom: String?

  @Option(
    help: "Report format for --check and --answers: text, json, tap, junit or results (Exercism's results.json).")
  var format: ReportFormat = .text

  @OptionGroup var display: DisplayOptions

  func run() throws {
    let terminal = TerminalFacts.current()
    let text = try ToolOutcome.read(lesson)
    let width = display.width ?? terminal.width
    var options = RunOptions()
    if let horizon = display.horizon { options.horizon = VirtualTime.zero.advanced(by: horizon.interval) }
    if let maxEvents = display.maxEvents { options.maxEvents = maxEvents }
    let isInteractive = answers.isEmpty && answersFrom == nil && !check && terminal.inputIsTerminal && format == .text
    if isInteractive && terminal.canEditLines {
      // Ctrl-C stops an answer's run, as in the playground, instead of the lesson.
      InterruptFlag.install()
      options.isInterrupted = { InterruptFlag.isRaised }
    }
    let tools = LessonTools.standard(width: width, options: options)
    var answers = self.answers
    if let list = answersFrom {
      answers += try ToolOutcome.paths(listedIn: list)
    }
    if !answers.isEmpty || answersFrom != nil {
      // Each file is read when its turn comes and the report written as the
      // class is graded: 10,000 submissions never sit in memory at once.
      var output = StandardStream.output
      let listed = answers
      throw tools.grade(
        text, fileName: lesson, students: listed, format: format, read: { Submission(contentsOfFile: listed[$0]) },
        write: { output.write($0) }
      ).finish()
    }
    if check || !terminal.inputIsTerminal || format != .text {
      throw tools.check(text, fileName: lesson, format: format).finish()
    }
    throw ExitCode(try interactive(text: text, tools: tools, terminal: terminal, width: width))
  }

  /// The lesson at a terminal: the session's text out, lines in, effects carried out.
  private func interactive(text: String, tools: LessonTools, terminal: TerminalFacts, width: Int) throws -> Int32 {
    let file: LessonFile
    switch tools.load(text, fileName: lesson) {
    case .failure(let outcome):
      throw outcome.finish()
    case .success(let loaded):
      file = loaded
    }
    let store = ProgressStore(url: terminal.stateDirectory.appendingPathComponent("progress.json"))
    let (progress, warning) = store.load()
    var standardError = StandardStream.error
    if let warning { print(warning, to: &standardError) }
    let url = URL(fileURLWithPath: lesson).standardizedFileURL
    let color = display.color.isEnabled(for: terminal)
    func feedback(width: Int) -> CheckFeedback { .atTerminal(width: width, color: color) }
    let lessonSession = LessonSession(
      lesson: file, lessonKey: url.path, progress: progress, checker: ExerciseChecker(runner: tools.runner),
      feedback: feedback(width: width), width: width)
    var settings = ReplSettings()
    settings.width = width
    settings.color = color
    if let horizon = display.horizon { settings.horizon = horizon.interval }
    if let maxEvents = display.maxEvents { settings.maxEvents = maxEvents }
    var session = LessonPrompt(
      session: lessonSession, settings: settings, isInterrupted: { InterruptFlag.isRaised },
      clearInterrupt: { InterruptFlag.clear() })
    let reader = makeReader(terminal: terminal, width: width)
    var lines = InputLines(continuation: LessonPrompt.continuation(of:))
    var diagramWidth = DiagramWidth(initial: width, follows: display.width == nil && terminal.widthFollowsWindow)
    if reader is LineEditor { WindowSize.install() }
    var output = session.start()
    while true {
      print(output.text)
      for effect in output.effects {
        switch effect {
        case .writeAnswer(_, _, let newText):
          do { try AtomicFile.write(newText, to: url) } catch {
            print(
              "warning: could not write your answer into \(lesson): \(ErrorText.describe(error))", to: &standardError)
          }
        case .saveProgress(let progress):
          do {
            try store.save(progress)
            session.progressSaved(failure: nil)
          } catch {
            print(TextWrapper.wrap("warning: \(error)", width: diagramWidth.current), to: &standardError)
            session.progressSaved(failure: error)
          }
        }
      }
      guard let prompt = output.prompt else { return 0 }
      switch readInput(from: reader, prompt: prompt, lines: &lines) {
      case .line(let input):
        if !input.trimmingWhitespace().isEmpty { reader.remember(input) }
        if let columns = diagramWidth.change() {
          session.resize(width: columns, feedback: feedback(width: columns))
          (reader as? LineEditor)?.width = columns
        }
        output = KeyEcho.suppressed { session.handle(input) }
        // A Ctrl-C that stopped the check's run is said once, by the diagram's
        // closing line ("stopped by Ctrl-C at …"); what the run recorded is judged as it is.
        InterruptFlag.clear()
      case .interrupted:
        output = SessionOutput(text: "", prompt: prompt)
      case .unreadable(let message):
        print(message, to: &standardError)
        output = SessionOutput(text: "", prompt: prompt)
      case .endOfInput:
        output = session.handle(":quit")
      }
    }
  }

  /// One whole input: an answer left open (a trailing `|`, an open bracket)
  /// goes on at a continuation prompt, as in the playground.
  private func readInput(from reader: LineReading, prompt: String, lines: inout InputLines) -> LineRead {
    var shown = prompt
    while true {
      let read = reader.read(prompt: shown, pending: lines.pendingText)
      guard case .line(let line) = read else {
        lines.reset()
        return read
      }
      switch lines.add(line) {
      case .complete(let input):
        return .line(input)
      case .continues(let reason):
        if let reason { print(reason) }
        shown = String(repeating: " ", count: max(0, prompt.count - 2)) + "… "
      }
    }
  }

  /// libedit at a capable terminal, plain lines otherwise. Answers complete
  /// like playground input (sources and operators), `:` words among the
  /// lesson prompt's commands.
  private func makeReader(terminal: TerminalFacts, width: Int) -> LineReading {
    guard terminal.canEditLines else { return PlainLineReader() }
    let editor = LineEditor(
      historyURL: terminal.stateDirectory.appendingPathComponent("history"), width: width,
      completer: { LessonPrompt.completions(before: $0) })
    return editor ?? PlainLineReader()
  }
}

extension ReportFormat: ExpressibleByArgument {}

extension ToolOutcome {
  /// Prints the outcome and gives the exit code to end the command with.
  func finish() -> ExitCode {
    StandardStream.output.write(standardOutput)
    StandardStream.error.write(standardError)
    return ExitCode(exitCode)
  }

  /// The paths listed one per line in `list` (`-`: standard input); blank lines are skipped.
  static func paths(listedIn list: String) throws -> [String] {
    let text: String
    if list == "-" {
      var lines: [String] = []
      while let line = readLine(strippingNewline: true) { lines.append(line) }
      text = lines.joined(separator: "\n")
    } else {
      text = try read(list)
    }
    return text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.allSatisfy(\.isWhitespace) }
  }

  /// The text of a lesson file, or the exit (status 2) that reports why it cannot be read.
  static func read(_ path: String) throws -> String {
    switch LessonFileText.read(path) {
    case .success(let text): return text
    case .failure(let error): throw ToolOutcome(standardError: "streamlab: \(error)\n", exitCode: 2).finish()
    }
  }
}
