import Foundation
import StreamCore
import StreamLab
import StreamLang

/// `POST /api/move {"program", "row", "event", "t"}` → `{"program": NEW_TEXT}`:
/// the program with event `event` of row `row` (indices into the `--format
/// json` document's `rows` and that row's `events`) moved to `t`
/// milliseconds, by rewriting the `marbles` or `events` literal the row was
/// drawn from. The page runs the new program to redraw.
struct MoveEndpoint: Sendable {
  let gate: RunGate

  struct Body: Decodable {
    var program: String
    var row: Int
    var event: Int
    var t: Double
  }

  static let shape = #"{"program": TEXT, "row": R, "event": E, "t": MILLISECONDS}"#

  /// What the run behind a move gives: the new text, or why not.
  private enum Outcome: Sendable {
    case moved(String)
    case invalid([Diagnostic])
    case refused(String)
  }

  func respond(to body: Data) async throws -> WebResponse {
    let request = try RequestBody.decode(Body.self, from: body, shape: Self.shape)
    guard request.t.isFinite, abs(request.t) <= 1e9 else {
      throw APIError.badRequest("\"t\" must be a time in milliseconds, at most 1e9")
    }
    let time = VirtualTime(nanoseconds: max(0, Int(request.t * 1e6)))
    let outcome = try await gate.run { options -> Outcome in
      var interpreter = Interpreter()
      switch interpreter.run(request.program, options: options) {
      case .invalid(let diagnostics):
        return .invalid(diagnostics)
      case .ran(let result, let program):
        guard result.rows.indices.contains(request.row) else {
          return .refused("the program's diagram has rows 0 to \(result.rows.count - 1), not \(request.row)")
        }
        let row = result.rows[request.row]
        guard let source = MovableSource.rows(of: result, program: program)[request.row] else {
          return .refused(
            "row \(request.row) (\(row.label)) is not drawn from a `marbles \"…\"` or `events …` literal; only those can move"
          )
        }
        switch SourceMove.apply(to: request.program, source: source, row: row, event: request.event, time: time) {
        case .success(let text): return .moved(text)
        case .failure(let failure): return .refused(failure.description)
        }
      }
    }
    switch outcome {
    case .moved(let text): return .json(JSONObject.text([("program", JSONObject.string(text))]))
    case .invalid(let diagnostics): throw RunEndpoint.parseError(diagnostics, in: request.program)
    case .refused(let message): throw APIError.badRequest(message)
    }
  }
}
