import Foundation
import Marbles
import StreamCore
import StreamLab
import StreamLang

/// `POST /api/run {"program": TEXT}`: the document `streamlab eval --format
/// json` prints for TEXT; with `"format"`, `{"format": F, "text": …}` holding
/// what `eval --format F` prints; with `"page": true`, `{"svg": …}`, the
/// picture `eval --format svg` draws as the playground page shows it
/// (`SVGDiagram.render(_:options:playground:)`): with `"predict": true` the
/// output rows drawn empty, with `"pixelsPerMs"` the axis kept at the scale
/// of the picture a marble was dragged in, with `"narrow": true` (a phone)
/// each label above its row, with `"pixelWidth"` the time axis fitted to
/// the width the page shows the picture at, with `"causes": true` every mark
/// with its cause id and the ids it was made from (issue 33). With
/// `"stateAt": MS`, `{"time": MS, "lines": […]}`: what each stage holds at
/// that instant, the lines `:at` prints for the stages. With `"why": ID`,
/// `{"lines": […], "passedOver": [ids]}`: the lines `:why` prints for the
/// event with that cause id, and the ids of the values it passed over. A program that does
/// not parse is a 400 with the first error's message, line and column.
struct RunEndpoint: Sendable {
  let gate: RunGate

  struct Body: Decodable {
    var program: String
    var format: String?
    /// Columns of a text diagram (eval's `--width`); 80 when absent.
    var width: Int?
    /// The picture for the playground page, instead of a document.
    var page: Bool?
    var predict: Bool?
    var pixelsPerMs: Double?
    /// A phone's screen: labels above their rows.
    var narrow: Bool?
    /// The width in px the page shows the picture at (a phone's).
    var pixelWidth: Double?
    /// The picture's marks carry their causes.
    var causes: Bool?
    /// The stages' state at this virtual time in ms, instead of a document.
    var stateAt: Double?
    /// Why the event with this cause id happened, instead of a document.
    var why: Int?
  }

  static let shape =
    #"{"program": TEXT} or {"program": TEXT, "format": "json|text|events|svg|swift"} or {"program": TEXT, "page": true}"#

  func respond(to body: Data) async throws -> WebResponse {
    let request = try RequestBody.decode(Body.self, from: body, shape: Self.shape)
    let format = try Self.format(named: request.format)
    var settings = ReplSettings()
    if let width = request.width {
      guard (10...1_000).contains(width) else { throw APIError.badRequest("\"width\" must be between 10 and 1000") }
      settings.width = width
    }
    let (program, drawing) = (request.program, settings)
    if let id = request.why {
      return try await why(id, in: program, settings: drawing)
    }
    if let stateAt = request.stateAt {
      return try await state(of: program, at: stateAt, settings: drawing)
    }
    if request.page == true {
      return try await picture(of: program, settings: drawing, request: request)
    }
    let answer = try await gate.run { options in
      FrontDoor.evaluate(FrontDoorRequest(program, format: format, settings: drawing, options: options))
    }
    let document = try Self.document(of: answer)
    guard format != .json else { return .json(document) }
    return .json(
      JSONObject.text([("format", JSONObject.string(format.rawValue)), ("text", JSONObject.string(document))]))
  }

  /// `{"svg": …}`: the run drawn for the page, with the rows `--format json`
  /// marks draggable.
  private func picture(of program: String, settings: ReplSettings, request: Body) async throws -> WebResponse {
    let (hidesOutput, scale, narrow) = (request.predict == true, request.pixelsPerMs, request.narrow == true)
    let shownWidth = request.pixelWidth
    if let shownWidth, !(100...10_000).contains(shownWidth) {
      throw APIError.badRequest("\"pixelWidth\" must be between 100 and 10000")
    }
    let causes = request.causes == true
    let drawn = try await gate.run { options -> Result<String, APIError> in
      var options = options
      options.tracksCauses = causes
      // The front door's own document is not used, only its run: `.swift`
      // is the format whose document costs nothing to make (the export of
      // the program, not a drawing of the run), and like `.svg` it keeps a
      // pasted Swift run annotated. Asking for `.svg` drew 100,000 values
      // twice: in a debug build 1.3 s of 2.2.
      let answer = FrontDoor.evaluate(FrontDoorRequest(program, format: .swift, settings: settings, options: options))
      guard case .ran(let result, let parsed, _, _) = answer.outcome else {
        return .failure(Self.notRun(answer))
      }
      let shown = RunPresenter(settings: settings).shown(result)
      let draggable = MovableSource.rows(of: shown, program: parsed).mapValues { DraggableRow(frame: $0.frame) }
      let picture = PlaygroundPicture(
        draggable: draggable, hidesOutput: hidesOutput, pixelsPerMillisecond: scale, narrow: narrow,
        width: shownWidth, showsCauses: causes)
      return .success(SVGDiagram.render(shown, playground: picture))
    }
    return .json(JSONObject.text([("svg", JSONObject.string(try drawn.get()))]))
  }

  /// `{"time": "350ms", "lines": […]}`: the program run whole with its causes
  /// and the clock's waiting work noted at `milliseconds`, and what each
  /// stage held then, as `:at` prints it (`StateReport`).
  private func state(of program: String, at milliseconds: Double, settings: ReplSettings) async throws
    -> WebResponse
  {
    guard milliseconds.isFinite, (0...86_400_000).contains(milliseconds) else {
      throw APIError.badRequest("\"stateAt\" must be a time in ms between 0 and 86400000")
    }
    let time = VirtualTime(nanoseconds: Int((milliseconds * 1e6).rounded()))
    let lines = try await runWithCauses(program, settings: settings, snapshotAt: time).map {
      StateReport.lines($0, at: time)
    }
    return .json(
      JSONObject.text([
        ("time", JSONObject.string(time.description)),
        ("lines", JSONObject.strings(try lines.get().map { String($0.drop { $0 == " " }) })),
      ]))
  }

  /// `{"lines": […], "passedOver": [ids]}`: the program run with its causes,
  /// and `:why`'s lines for the event with cause id `id`.
  private func why(_ id: Int, in program: String, settings: ReplSettings) async throws -> WebResponse {
    let report = try await runWithCauses(program, settings: settings).flatMap { result in
      CauseReport.make(id: id, in: result).mapError { .badRequest($0.description) }
    }.get()
    return .json(
      JSONObject.text([
        ("lines", JSONObject.strings(report.lines)),
        // A page draws at most 400 instants of 6 marks per row: more ids would name nothing drawn.
        ("passedOver", "[" + report.passedOver.prefix(10_000).map(String.init).joined(separator: ", ") + "]"),
      ]))
  }

  /// The program run through the front door with its causes recorded (and
  /// the clock's state noted at `snapshotAt`), as the page's rows show it;
  /// or the error a request gets when it does not run.
  private func runWithCauses(_ program: String, settings: ReplSettings, snapshotAt: VirtualTime? = nil) async throws
    -> Result<RunResult, APIError>
  {
    try await gate.run { options -> Result<RunResult, APIError> in
      var options = options
      options.tracksCauses = true
      options.snapshotAt = snapshotAt
      let answer = FrontDoor.evaluate(FrontDoorRequest(program, format: .events, settings: settings, options: options))
      guard case .ran(let result, _, _, _) = answer.outcome else { return .failure(Self.notRun(answer)) }
      return .success(RunPresenter(settings: settings).shown(result))
    }
  }

  /// The error a request gets for a program that did not run (a parse
  /// error with its line and column, or why nothing ran).
  static func notRun(_ answer: FrontDoorAnswer) -> APIError {
    do {
      _ = try document(of: answer)
      return .badRequest(answer.message ?? "nothing to show")
    } catch {
      return error as? APIError ?? .badRequest("\(error)")
    }
  }

  /// The rendered document, or the error a request gets instead of it.
  static func document(of answer: FrontDoorAnswer) throws -> String {
    switch answer.outcome {
    case .invalid(let diagnostics, let source):
      throw parseError(diagnostics, in: source)
    case .nothingToRun, .unavailable:
      throw APIError.badRequest(answer.message ?? "nothing to show")
    case .ran:
      // eval ends every document with a newline; so does the API.
      return answer.document.hasSuffix("\n") ? answer.document : answer.document + "\n"
    }
  }

  /// The 400 for a program that does not parse: the first error's message
  /// (with what was expected and "did you mean"), its 1-based line and
  /// column, and every error as eval prints them.
  static func parseError(_ diagnostics: [Diagnostic], in program: String) -> APIError {
    guard let first = diagnostics.min(by: { $0.range.start < $1.range.start }) else {
      return APIError.badRequest("the program does not parse")
    }
    let location = SourceLocation(of: first.range, in: program)
    return APIError(
      status: 400, first.description, line: location.line, column: location.column,
      rendered: diagnostics.rendered(in: program))
  }

  static func format(named name: String?) throws -> OutputFormat {
    guard let name else { return .json }
    guard let format = OutputFormat(rawValue: name) else {
      let known = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
      throw APIError.badRequest("unknown format \"\(name)\"; use one of \(known)")
    }
    return format
  }
}
