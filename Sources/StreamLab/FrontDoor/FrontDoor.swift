import Marbles
import StreamCore
import StreamLang
import SwiftImport
import SwiftRun

/// The one path from what a person typed to everything that is shown.
///
/// `streamlab eval`, the playground, the server's `/api/run` and every fuzz
/// target call `evaluate`, and add nothing of their own but terminal or HTTP
/// framing: reading (Swift or the pipeline language), hints, running,
/// rendering in any format and the exit status all happen here, so a
/// behaviour, or a crash, cannot live in one door only (DESIGN.md, "One
/// front door"). The lesson checker reads answers through `ProgramReading`,
/// this path's first step.
public enum FrontDoor {
  /// Reads, runs and renders `request.text` on a fresh interpreter.
  /// With `stream`, a format written as it goes (events, JSON) goes straight
  /// into it, never held whole, and the answer's document is empty.
  public static func evaluate(_ request: FrontDoorRequest, streamingInto stream: TextOutput? = nil) -> FrontDoorAnswer {
    var interpreter = Interpreter()
    return evaluate(request, on: &interpreter, streamingInto: stream)
  }

  /// Reads, runs and renders `request.text` with `interpreter`'s bindings,
  /// which keeps the ones the text makes (the playground's session).
  public static func evaluate(
    _ request: FrontDoorRequest, on interpreter: inout Interpreter, streamingInto stream: TextOutput? = nil
  ) -> FrontDoorAnswer {
    // Swift is run by the interpreter (DESIGN.md, "Two front ends"). What it
    // refuses may still be the short-form reader's to read: Swift that uses
    // the session's bindings, or what `--format swift` wrote.
    var interpreterRefusal: Diagnostic?
    if ProgramReading.isSwift(request.text, as: request.language) {
      switch SwiftRun.run(request.text, options: request.options) {
      // A paste that subscribed nothing and printed nothing may be the
      // reader's to read (a function whose body is the program, as
      // `--format swift` writes it); only an interpreted run that did
      // something is answered here.
      case .ran(var result, let uses) where result.showsSomething:
        let verdict = ShortFormCheck.verdict(for: request.text, interpreted: result, options: request.options)
        if case .typeErrors(let errors) = verdict { return invalid(errors, in: request.text, request) }
        if let note = MissingImport.note(for: request.text, subscriptions: uses.subscriptionOffsets.count) {
          result.notes.append(note)
        }
        return interpretedAnswer(result, request, verdict: verdict, streamingInto: stream)
      case .tested(let runs):
        return testedAnswer(runs, request)
      case .ran(let result, _):
        if request.language == .swiftInterpreted {
          return interpretedAnswer(result, request, verdict: .none(""), streamingInto: stream)
        }
      case .refused(let diagnostic):
        // The reader's short form has no prints, objects or statement order:
        // drawn for a paste the interpreter refused, it would differ from
        // Swift without a word. It stays only for what it was kept for.
        guard request.language != .swiftInterpreted,
          readerMayAnswer(request.text, refused: diagnostic, boundNames: interpreter.bindingNames)
        else { return invalid([diagnostic], in: request.text, request) }
        interpreterRefusal = diagnostic
      }
    }
    let program: String
    var translation: SwiftImport.Translation?
    switch ProgramReading.read(request.text, as: request.language, boundNames: interpreter.bindingNames) {
    case .refused(let diagnostic):
      // Neither reads it: the interpreter's reason is the one that holds,
      // the reader's only where the interpreter did not look.
      return invalid([interpreterRefusal ?? diagnostic], in: request.text, request)
    case .pipeline(let text):
      program = text
    case .swift(let translated):
      translation = translated
      program = translated.program
    }
    let earlierBindings = interpreter.boundPipelines
    switch interpreter.run(program, options: request.options) {
    case .invalid(let diagnostics):
      guard let translation else {
        return invalid(ProgramReading.hinted(diagnostics, in: program), in: program, request)
      }
      // Errors in the short form pasted Swift became point into the Swift.
      return invalid(diagnostics.map(translation.pointingIntoSwift), in: translation.swift, request)
    case .ran(var result, let parsed):
      if let translation {
        result = SwiftPaste.locatingRuntimeError(result, in: translation)
        if request.format != .text { result = SwiftPaste.annotated(result, with: translation) }
      }
      let outcome = FrontDoorAnswer.Outcome.ran(
        result, program: parsed, earlierBindings: earlierBindings, translation: translation)
      if let sentence = RunPresenter.nothingToRun(result, boundNames: parsed.boundNames) {
        return FrontDoorAnswer(
          outcome: .nothingToRun(boundNames: parsed.boundNames), document: translation.map(SwiftPaste.header) ?? "",
          message: sentence, exitStatus: 2)
      }
      let status: Int32 = if case .runtimeError = result.stop { 1 } else { 0 }
      let presenter = RunPresenter(settings: request.settings)
      if let stream, presenter.write(result, program: parsed, as: request.format, to: stream) {
        return FrontDoorAnswer(outcome: outcome, document: "", message: nil, exitStatus: status)
      }
      let rendered: Result<String, PresentationError>
      if request.format == .text, let drawing = request.drawing {
        rendered = .success(drawing.draw(result) { presenter.diagram(of: $0) } ?? drawingStopped(result))
      } else {
        rendered = presenter.render(result, program: parsed, earlierBindings: earlierBindings, as: request.format)
      }
      switch rendered {
      case .failure(let error):
        return FrontDoorAnswer(outcome: .unavailable(error), document: "", message: error.description, exitStatus: 2)
      case .success(var document):
        if let translation, request.format == .text { document = SwiftPaste.header(of: translation) + "\n" + document }
        return FrontDoorAnswer(outcome: outcome, document: document, message: nil, exitStatus: status)
      }
    }
  }

  /// Whether a paste the interpreter refused is still the short-form
  /// reader's: it uses a name the session bound (the interpreter sees only
  /// the paste), or it holds `--format swift`'s preamble, which the reader
  /// reads as the exporter wrote it, or the interpreter stopped at what it
  /// does not run yet (an operator such as `.print`) in a paste that prints
  /// nothing itself. A name the paste never declares is swiftc's refusal
  /// too, and the short form has no `print(…)`: drawn by the reader, such a
  /// paste would differ from Swift without a word.
  static func readerMayAnswer(_ text: String, refused diagnostic: Diagnostic, boundNames: [String]) -> Bool {
    let utf8 = Array(text.utf8)
    let range = diagnostic.range
    if range.start >= 0, range.start < range.end, range.end <= utf8.count,
      boundNames.contains(String(decoding: utf8[range.start..<range.end], as: UTF8.self))
    {
      return true
    }
    if ProgramReading.withoutExportPreamble(text) != text { return true }
    return !diagnostic.message.hasSuffix("is not declared in the paste") && !callsPrint(text)
  }

  /// Whether the Swift calls `print(…)` (not the `.print(…)` operator).
  static func callsPrint(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    let needle = Array("print(".utf8)
    guard bytes.count >= needle.count else { return false }
    for start in 0...(bytes.count - needle.count) where bytes[start..<start + needle.count].elementsEqual(needle) {
      guard start > 0 else { return true }
      let before = bytes[start - 1]
      let isNamePart =
        (before >= UInt8(ascii: "a") && before <= UInt8(ascii: "z"))
        || (before >= UInt8(ascii: "A") && before <= UInt8(ascii: "Z"))
        || (before >= UInt8(ascii: "0") && before <= UInt8(ascii: "9")) || before == UInt8(ascii: "_")
      if !isNamePart && before != UInt8(ascii: ".") { return true }
    }
    return false
  }

  /// What is shown of a run of the Swift interpreter, with its checked short
  /// form, or the sentence saying why none is shown.
  private static func interpretedAnswer(
    _ result: RunResult, _ request: FrontDoorRequest, verdict: ShortFormCheck.Verdict, streamingInto stream: TextOutput?
  ) -> FrontDoorAnswer {
    let heading = ShortFormCheck.heading(verdict)
    let result = request.format == .text ? result : ShortFormCheck.annotated(result, verdict)
    let program = Program(text: request.text, statements: [])
    let outcome = FrontDoorAnswer.Outcome.ran(result, program: program, earlierBindings: [], translation: nil)
    if !result.showsSomething {
      return FrontDoorAnswer(
        outcome: .nothingToRun(boundNames: []), document: "",
        message: "nothing to draw: the Swift ran but subscribed to no publisher", exitStatus: 2)
    }
    let status: Int32 = if case .runtimeError = result.stop { 1 } else { 0 }
    let presenter = RunPresenter(settings: request.settings)
    if let stream, presenter.write(result, program: program, as: request.format, to: stream) {
      return FrontDoorAnswer(outcome: outcome, document: "", message: nil, exitStatus: status)
    }
    let document: String
    switch request.format {
    case .swift:
      // The checked short form exports as the exporter writes it; without
      // one, the paste is the Swift.
      if case .agrees(_, let shortForm) = verdict,
        case .success(let exported) = presenter.render(result, program: shortForm, as: .swift)
      {
        document = exported
      } else {
        document = request.text
      }
    case .xctest:
      // A test asserts what the checked short form's export does; a paste
      // without one has no `program` the test could call.
      guard case .agrees(_, let shortForm) = verdict else {
        let error = PresentationError.unavailable(
          .xctest,
          reason: "this Swift has no short form in streamlab's language, so there is no exported `program` for a "
            + "test to run; write the test around your own code (`:help xctest` shows how) and paste it to run it")
        return FrontDoorAnswer(outcome: .unavailable(error), document: "", message: error.description, exitStatus: 2)
      }
      switch presenter.render(result, program: shortForm, as: .xctest) {
      case .success(let rendered): document = rendered
      case .failure(let error):
        return FrontDoorAnswer(outcome: .unavailable(error), document: "", message: error.description, exitStatus: 2)
      }
    case .text:
      let diagram =
        request.drawing.map { drawing in drawing.draw(result) { presenter.diagram(of: $0) } ?? drawingStopped(result) }
        ?? presenter.diagram(of: result)
      // The heading's sentence is wrapped at spaces to the drawing's width; the short form's lines are code.
      let wrapped = heading.flatMap { line in
        line.hasPrefix("the Swift, run as it is")
          ? line.wrappedAtSpaces(width: request.settings.width, indent: "  ") : [line]
      }
      document = (wrapped + [diagram]).joined(separator: "\n")
    default:
      switch presenter.render(result, program: program, as: request.format) {
      case .success(let rendered): document = rendered
      case .failure(let error):
        return FrontDoorAnswer(outcome: .unavailable(error), document: "", message: error.description, exitStatus: 2)
      }
    }
    return FrontDoorAnswer(outcome: outcome, document: document, message: nil, exitStatus: status)
  }

  /// Diagnostics rendered at the drawing's width, so a long line's excerpt keeps its caret under its column.
  private static func invalid(_ diagnostics: [Diagnostic], in source: String, _ request: FrontDoorRequest)
    -> FrontDoorAnswer
  {
    FrontDoorAnswer(
      outcome: .invalid(diagnostics, source: source), document: "",
      message: diagnostics.rendered(in: source, fileName: request.fileName, width: request.settings.width),
      exitStatus: 2)
  }

  /// What is shown when Ctrl-C stopped the drawing of `result` twice.
  static func drawingStopped(_ result: RunResult) -> String {
    let events = result.rows.reduce(0) { $0 + $1.events.count }
    return "drawing stopped by Ctrl-C; the run had recorded \(events) events when it ended at \(result.endTime)"
  }
}
