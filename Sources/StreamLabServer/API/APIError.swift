import Foundation

/// A request the API refuses, as `{"error": {"message": …}}` with a 4xx or
/// 5xx status. A program that does not parse adds the 1-based `line` and
/// `column` of its first error and the caret text `eval` prints.
struct APIError: Error, Equatable {
  var status: Int
  var message: String
  var line: Int?
  var column: Int?
  /// The diagnostics as `streamlab eval` prints them, caret lines included.
  var rendered: String?

  init(status: Int, _ message: String, line: Int? = nil, column: Int? = nil, rendered: String? = nil) {
    self.status = status
    self.message = message
    self.line = line
    self.column = column
    self.rendered = rendered
  }

  var response: WebResponse {
    var fields = [("message", JSONObject.string(message))]
    if let line { fields.append(("line", String(line))) }
    if let column { fields.append(("column", String(column))) }
    if let rendered { fields.append(("rendered", JSONObject.string(rendered))) }
    return .json(JSONObject.text([("error", JSONObject.text(fields))]), status: status)
  }

  static func badRequest(_ message: String) -> APIError { APIError(status: 400, message) }
  static func notFound(_ message: String) -> APIError { APIError(status: 404, message) }
}
