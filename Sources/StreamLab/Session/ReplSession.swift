import StreamCore
import StreamLang
import SwiftImport
import SwiftRun

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One student's playground session: the bindings made so far, the last run,
/// the settings, and whether any input failed.
///
/// It is a pure state machine: `submit` takes one complete input (a program
/// or a meta-command) and returns the text to show. It never touches the
/// terminal or the file system; work only the shell can do comes back as a
/// `ReplEffect`.
public struct ReplSession {
  public var settings: ReplSettings
  /// True once any input failed: a parse error, a runtime error, or a
  /// meta-command that could not be carried out. Piped mode exits 1 then.
  public private(set) var hasFailed = false

  private var interpreter = Interpreter()
  private var lastRun: LastRun?
  /// Why the last program left no run for `:trace` and the other views of
  /// "the last run": showing an older run instead would pass it off as this one.
  private var noRun = NoRun.nothingTyped

  private enum NoRun {
    case nothingTyped
    case didNotParse
    case ranNothing
    case cleared
  }
  private let isInterrupted: () -> Bool
  private let clearInterrupt: () -> Void

  /// The program that ran last and what it did.
  private struct LastRun {
    var text: String
    /// How the text was read (`:paste` is Swift), so `:at` reads it again the same way.
    var language: InputLanguage = .detect
    var program: Program
    var result: RunResult
    /// The bindings the program could use, for its Swift export.
    var earlierBindings: [BoundPipeline]
  }

  /// - Parameters:
  ///   - isInterrupted: polled while a program builds, runs and is drawn;
  ///     true stops it (the shell wires Ctrl-C to it).
  ///   - clearInterrupt: lowers that flag once a run has stopped for it, so
  ///     the next Ctrl-C can stop the drawing too.
  public init(
    settings: ReplSettings = ReplSettings(), isInterrupted: @escaping () -> Bool = { false },
    clearInterrupt: @escaping () -> Void = {}
  ) {
    self.settings = settings
    self.isInterrupted = isInterrupted
    self.clearInterrupt = clearInterrupt
  }

  /// The line shown when an interactive session starts (never when piped).
  public var welcome: String {
    "Type a pipeline to run it. `:help` for help, `:lessons` for the lessons in \(settings.lessonsDirectory)"
  }

  /// When `text` is unfinished (an open bracket, or a trailing `|`) and the
  /// shell should read another line before submitting it, the line it shows
  /// above the continuation prompt to say why; nil when it can be submitted.
  /// An empty line submits it anyway, so a student is never stuck at `…`.
  public static func continuation(of text: String) -> String? {
    // `:paste` reads Swift, where a line that looks complete (`Just(1)`) is
    // often continued by the next (`.map { $0 * 2 }`): only an empty line ends it.
    if text.hasPrefix(":paste") {
      return emptyLineEnds(text)
        ? "reading Swift; an empty line runs it"
        : "reading Swift until it is a whole program; a line with only `.` runs it now"
    }
    return OpenInput(text).continuationReason.map { "\($0); an empty line ends the input" }
  }

  /// Whether an empty line ends `text`, an input still being read. It does,
  /// except in a `:paste` whose Swift is not yet a complete program (a
  /// bracket open, or only declarations so far): real code has blank lines
  /// between and inside its types and functions, and a paste that stopped at
  /// the first would run half a program. A line holding only `.` ends a
  /// paste whatever it holds (`pasteEnd`).
  public static func emptyLineEnds(_ text: String) -> Bool {
    guard text.hasPrefix(":paste") else { return true }
    let swift = String(text.dropFirst(":paste".count))
    // Nothing pasted yet: an empty line ends it, and is told what `:paste` reads.
    if swift.allSatisfy(\.isWhitespace) { return true }
    let open = OpenInput(swift)
    guard open.brackets.isEmpty || open.isUnbalanced else { return false }
    // Complete when its run subscribes or prints something, or when it
    // goes wrong before its end (so the error is shown); a paste that so
    // far only declares (a type, a subject, a function) waits for the rest.
    if case .failure(let diagnostic) = SwiftSource.parse(swift) {
      return diagnostic.range.start < swift.utf8.count
    }
    // What the interpreter refuses or runs without a subscription may be the
    // reader's (a bare `Just(1)` it draws, what `--format swift` writes): the
    // reader decides then, as the front door falls back to it.
    // A paste the interpreter ran waits while the reader cannot read it.
    var refusedAt: Int?
    switch SwiftRun.run(swift, options: RunOptions(maxEvents: 10_000)) {
    case .ran(let result, _):
      if result.showsSomething { return true }
    case .tested:
      return true
    case .refused(let diagnostic):
      refusedAt = diagnostic.range.start
    }
    switch ProgramReading.read(swift, as: .swift) {
    case .refused(let reading):
      guard let refusedAt else { return false }
      return min(refusedAt, reading.range.start) < swift.utf8.count
    case .pipeline: return true
    case .swift(let translation):
      return Parser.parse(translation.program).program.statements.contains { statement in
        if case .subscription = statement { return true }
        return false
      }
    }
  }

  /// The line that ends a `:paste` whatever its brackets say.
  public static let pasteEnd = "."

  /// The names bound with `let` so far.
  public var boundNames: [String] { interpreter.bindingNames }

  /// What Tab could complete at the end of `text` (the input before the cursor).
  public func completions(before text: String) -> CompletionCandidates {
    Completer(
      sources: Keywords.sources.map(\.name), operators: Keywords.operators.map(\.name), boundNames: boundNames,
      fileNames: settings.lessonFiles
    ).candidates(before: text)
  }

  /// Runs one complete input: a program, or a line starting with `:`.
  public mutating func submit(_ input: String) -> ReplReply {
    let trimmed = input.trimmingWhitespaceAndNewlines()
    if trimmed.isEmpty { return ReplReply(text: "") }
    if trimmed.hasPrefix(":") {
      switch MetaCommand.parse(trimmed) {
      case .success(let command): return perform(command)
      case .failure(let error): return failure(error.description)
      }
    }
    return run(input, as: .detect, fileName: nil)
  }

  /// Runs the contents of a file the shell read for `:load`, as one program.
  public mutating func load(_ contents: String, from path: String) -> ReplReply {
    run(contents, as: .detect, fileName: path)
  }

  /// Runs `text` on fresh bindings as the last run, showing nothing: the
  /// lesson prompt hands it the program an answer was checked as, so
  /// `:swift`, `:trace` and `:events` there show the run the student just made.
  public mutating func rememberRun(of text: String) {
    lastRun = nil
    interpreter.removeAllBindings()
    let earlierBindings = interpreter.boundPipelines
    // Not the front door: nothing is shown, so nothing is drawn.
    guard case .ran(let result, let program) = interpreter.run(text, options: runOptions),
      !result.pipelines.isEmpty
    else { return }
    lastRun = LastRun(text: text, program: program, result: result, earlierBindings: earlierBindings)
  }

  /// Records a failure the shell met while carrying out an effect (a file
  /// that could not be read or written) and words it for the student.
  public mutating func fail(_ message: String) -> ReplReply {
    failure(message)
  }

  private mutating func failure(_ message: String) -> ReplReply {
    hasFailed = true
    return ReplReply(text: message, isError: true)
  }

  // MARK: Programs

  private var runOptions: RunOptions {
    var options = RunOptions()
    options.horizon = VirtualTime.zero.advanced(by: settings.horizon)
    options.maxEvents = settings.maxEvents
    options.isInterrupted = isInterrupted
    return options
  }

  /// Runs `text` through the front door with the session's bindings and
  /// draws its diagram as the reply.
  private mutating func run(_ text: String, as language: InputLanguage, fileName: String?) -> ReplReply {
    let drawing = InterruptibleDrawing(isInterrupted: isInterrupted, clearInterrupt: clearInterrupt)
    let request = FrontDoorRequest(
      text, language: language, fileName: fileName, format: .text, settings: settings, options: runOptions,
      drawing: drawing)
    let answer = FrontDoor.evaluate(request, on: &interpreter)
    switch answer.outcome {
    case .invalid:
      lastRun = nil
      noRun = .didNotParse
      return failure(answer.message ?? "the input does not parse")
    case .unavailable:
      lastRun = nil
      noRun = .ranNothing
      return failure(answer.message ?? "the run cannot be shown")
    case .nothingToRun(let bound):
      lastRun = nil
      noRun = .ranNothing
      // Typed, a blank or comment-only input is silent, as in a shell; a
      // loaded file with nothing in it is worth a word.
      let said: String
      if bound.isEmpty, let fileName {
        said = "nothing to run: \(fileName) holds no pipeline and no `let`"
      } else {
        said = bound.isEmpty ? "" : "bound " + bound.joined(separator: ", ")
      }
      return ReplReply(text: [answer.document, said].filter { !$0.isEmpty }.joined(separator: "\n"))
    case .ran(let result, let program, let earlierBindings, _):
      lastRun = LastRun(
        text: text, language: language, program: program, result: result, earlierBindings: earlierBindings)
      // The diagram of a run a runtime error stopped is still the answer
      // (its last line says what went wrong), so it is not an error text;
      // but the input failed, which piped mode reports with status 1.
      if case .runtimeError = result.stop { hasFailed = true }
      return ReplReply(text: answer.document)
    }
  }

  private var presenter: RunPresenter { RunPresenter(settings: settings) }

  /// `:at TIME`: the last program run again up to TIME (runs are
  /// deterministic, so it is the same run cut there), through the front
  /// door as it ran the first time, and what its objects were then. A copy
  /// of the interpreter runs it, so no binding changes.
  private mutating func state(of lastRun: LastRun, at time: VirtualTime) -> ReplReply {
    var options = runOptions
    options.horizon = min(time, options.horizon)
    guard let cut = rerun(lastRun, options: options) else {
      return failure("the last program does not run again; run it once more first")
    }
    // The stages are read from the whole run, its clock's waiting work noted at
    // the instant: what that work goes on to send is known only after it.
    var whole = runOptions
    whole.tracksCauses = true
    whole.snapshotAt = options.horizon
    let stages =
      rerun(lastRun, options: whole).map { StateReport.lines(presenter.shown($0), at: options.horizon) } ?? []
    return ReplReply(
      text: LifetimeReport.text(cut, at: options.horizon, width: settings.width, stages: stages))
  }

  /// The last program run again with `options` (the run is deterministic,
  /// so it is the same run), through the front door as it ran the first
  /// time, on a copy of the interpreter so no binding changes; nil when it does not run.
  private func rerun(_ lastRun: LastRun, options: RunOptions) -> RunResult? {
    // The cheapest document: the run is what is wanted, not its picture.
    let request = FrontDoorRequest(
      lastRun.text, language: lastRun.language, format: .events, settings: settings, options: options)
    var copy = interpreter
    guard case .ran(let result, _, _, _) = FrontDoor.evaluate(request, on: &copy).outcome else { return nil }
    return result
  }

  /// `:why`: the last program run again with its causes recorded.
  private mutating func causes(in lastRun: LastRun, _ question: CauseReport.Question) -> ReplReply {
    var options = runOptions
    options.tracksCauses = true
    guard let result = rerun(lastRun, options: options) else {
      return failure("the last program does not run again; run it once more first")
    }
    switch CauseReport.make(question, in: presenter.shown(result)) {
    case .failure(let error): return failure(error.description)
    case .success(let report):
      return ReplReply(text: (report.lines + [presenter.diagram(of: report.highlighted)]).joined(separator: "\n"))
    }
  }

  /// Draws on a worker thread that Ctrl-C walks away from; nil when it did.
  private func drawing<Output>(_ draw: @escaping () -> Output) -> Output? {
    InterruptibleWork.run(isInterrupted: isInterrupted, draw)
  }

  // MARK: Meta-commands

  /// Runs one meta-command already parsed (the lesson prompt parses its lines itself).
  public mutating func perform(_ command: MetaCommand) -> ReplReply {
    switch command {
    case .help(nil):
      return ReplReply(text: HelpText.overview(width: settings.width))
    case .help(let topic?):
      return help(on: topic)
    case .trace:
      guard let lastRun else { return nothingRanYet(to: "trace") }
      return ReplReply(text: TraceLog(result: presenter.shown(lastRun.result)).text)
    case .events:
      return showLastRun(as: .events)
    case .json:
      return showLastRun(as: .json)
    case .swift:
      return showLastRun(as: .swift)
    case .test:
      if let lastRun, lastRun.program.statements.isEmpty {
        return failure(
          "the last run was Swift with no short form in streamlab's language, so there is no `program` to test; "
            + "`:help xctest` shows how to write the test around your own code and paste it")
      }
      return showLastRun(as: .xctest)
    case .svg(let path):
      var reply = showLastRun(as: .svg)
      if !reply.isError {
        reply = ReplReply(text: "wrote \(path)", effect: .writeFile(path: path, contents: reply.text))
      }
      return reply
    case .bindings:
      let bindings = interpreter.boundPipelines
      if bindings.isEmpty { return ReplReply(text: "no bindings yet; make one with `let clicks = marbles \"-a--b|\"`") }
      return ReplReply(text: bindings.map(\.source).joined(separator: "\n"))
    case .clear:
      let count = boundNames.count
      interpreter.removeAllBindings()
      // The last run holds its program and the bindings it could use (for
      // `:swift`): kept, it would keep every binding `:clear` just forgot.
      if lastRun != nil {
        lastRun = nil
        noRun = .cleared
      }
      return ReplReply(text: "forgot \(count) binding\(count == 1 ? "" : "s")")
    case .horizon(let interval):
      if let interval { settings.horizon = interval }
      return ReplReply(text: "horizon: \(Self.seconds(settings.horizon)) of virtual time")
    case .scale(let interval):
      if let interval { settings.scale = interval }
      return ReplReply(text: "scale: " + (settings.scale.map { "\($0) per column" } ?? "chosen to fit each diagram"))
    case .automaticScale:
      settings.scale = nil
      return ReplReply(text: "scale: chosen to fit each diagram")
    case .inner(let shows):
      if let shows { settings.showsInnerRows = shows }
      return ReplReply(text: "inner rows: " + (settings.showsInnerRows ? "on" : "off"))
    case .load(let path):
      return ReplReply(text: "", effect: .readFile(path: path))
    case .at(let interval):
      guard let lastRun else { return nothingRanYet(to: "look at") }
      return state(of: lastRun, at: VirtualTime.zero.advanced(by: interval))
    case .why(let question):
      guard let lastRun else { return nothingRanYet(to: "explain") }
      return causes(in: lastRun, question)
    case .type(var program, let full):
      // Swift is typed as the interpreter runs it (each stage as swiftc
      // infers it); what the interpreter refuses or runs without
      // subscribing is typed as the short form it reads as, shown first.
      if ProgramReading.isSwift(program, as: .detect), case .ran(let result, let uses) = SwiftRun.run(program),
        !result.pipelines.isEmpty
      {
        return ReplReply(text: InterpretedTypeReport.text(of: result, uses))
      }
      var header = ""
      var pasted: SwiftImport.Translation?
      switch ProgramReading.read(program, as: .detect, boundNames: boundNames) {
      case .refused(let diagnostic): return failure([diagnostic].rendered(in: program))
      case .pipeline: break
      case .swift(let translation):
        pasted = translation
        program = translation.program
        header = SwiftPaste.header(of: translation) + "\n"
      }
      switch interpreter.types(of: program, isInterrupted: isInterrupted) {
      case .success(let typed): return ReplReply(text: header + TypeReport.text(of: typed, full: full))
      case .failure(let failure):
        guard let pasted else {
          return self.failure(ProgramReading.hinted(failure.diagnostics, in: program).rendered(in: program))
        }
        return self.failure(pasted.renderedInSwift(failure.diagnostics))
      }
    case .paste(let swift):
      guard !swift.isEmpty else {
        return failure("`:paste` reads Swift from the lines after it, up to an empty line; paste some Combine code")
      }
      return run(swift, as: .swift, fileName: nil)
    case .lessons:
      return ReplReply(text: lessonList)
    case .quit:
      return ReplReply(text: "", effect: .quit)
    }
  }

  private mutating func showLastRun(as format: OutputFormat) -> ReplReply {
    guard let lastRun else { return nothingRanYet(to: "show") }
    let presenter = self.presenter
    let rendered = drawing {
      presenter.render(
        lastRun.result, program: lastRun.program, earlierBindings: lastRun.earlierBindings, as: format)
    }
    switch rendered {
    case .success(let text)?: return ReplReply(text: text)
    case .failure(let error)?: return failure(error.description)
    case nil: return ReplReply(text: FrontDoor.drawingStopped(lastRun.result))
    }
  }

  /// - Parameter verb: what the command would do with the run (`trace`, `show`).
  private mutating func nothingRanYet(to verb: String) -> ReplReply {
    switch noRun {
    case .nothingTyped:
      return failure("nothing has run yet: type a pipeline first, such as `just 1,2,3 | map x*2`")
    case .didNotParse:
      return failure("there is no run to \(verb): the last program did not parse; fix it and run it again")
    case .ranNothing:
      return failure("there is no run to \(verb): the last program subscribed no pipeline (`let` runs nothing)")
    case .cleared:
      return failure("there is no run to \(verb): `:clear` forgot the last run with the bindings it used")
    }
  }

  private mutating func help(on topic: String) -> ReplReply {
    let asCommand = topic.hasPrefix(":")
    let name = asCommand ? String(topic.dropFirst()) : topic
    if name == "paste" || name == "swift-in" { return ReplReply(text: HelpText.paste(presenter: presenter)) }
    if name == "xctest" || name == "test" { return ReplReply(text: HelpText.xctest(width: settings.width)) }
    let command = MetaCommand.table.first(where: { $0.name == ":" + name }).map { entry in
      "\(entry.name) \(entry.argument)".trimmingWhitespace() + " — " + entry.summary
    }
    // `events` is a source and `:events` a command: the bare word is the
    // source, and its page names the command too.
    if asCommand, let command { return ReplReply(text: command) }
    if name == "limits" { return ReplReply(text: HelpText.limits) }
    if ["lifetimes", "owner", "store", "sink", "release"].contains(name) {
      return ReplReply(text: HelpText.lifetimes(presenter: presenter))
    }
    // `task` and `sleep` are the rest of `values`'s short form (issue 31): one page.
    let topic = ["task", "sleep"].contains(name) ? "values" : name
    if let page = HelpText.page(for: topic, presenter: presenter) {
      guard let command else { return ReplReply(text: page) }
      return ReplReply(text: page + "\n\n(`:\(name)` is also a command: `:help :\(name)` says what it does.)")
    }
    if let command { return ReplReply(text: command) }
    let known = Keywords.sources.map(\.name) + Keywords.operators.map(\.name) + MetaCommand.names
    if let suggestion = Suggestion.closest(to: name, among: known) {
      return failure("no help on `\(name)`; did you mean `\(suggestion)`?")
    }
    return failure("no help on `\(name)`; `:help` lists every source, operator and command")
  }

  private var lessonList: String {
    guard !settings.lessonFiles.isEmpty else {
      return "no lesson files found in \(settings.lessonsDirectory)"
    }
    return (["lessons (start one with `streamlab run FILE`):"] + settings.lessonFiles.map { "  " + $0 })
      .joined(separator: "\n")
  }

  /// `20s`, `1.5s`, `250ms`: horizons read best in seconds once they are long.
  private static func seconds(_ interval: VirtualInterval) -> String {
    guard interval.nanoseconds >= 1_000_000_000 else { return interval.description }
    let seconds = Double(interval.nanoseconds) / 1e9
    return seconds == seconds.rounded() ? "\(Int(seconds))s" : "\(seconds)s"
  }
}
