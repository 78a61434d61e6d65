import Foundation
import StreamCore

/// One HTTP response of the API or the page: a status, a content type, the
/// bytes, and any header the answer needs besides (a cookie). Every response
/// also carries `SecurityHeaders`, added where it is written.
public struct WebResponse: Sendable, Equatable {
  public var status: Int
  public var contentType: String
  public var body: Data
  /// More headers by name, such as `Set-Cookie`.
  public var headers: [String: String] = [:]

  public init(status: Int, contentType: String, body: Data, headers: [String: String] = [:]) {
    self.status = status
    self.contentType = contentType
    self.body = body
    self.headers = headers
  }

  /// A JSON document, already written as text.
  static func json(_ text: String, status: Int = 200) -> WebResponse {
    WebResponse(status: status, contentType: "application/json; charset=utf-8", body: Data(text.utf8))
  }

  /// The body as text, for tests and logs.
  public var text: String { String(decoding: body, as: UTF8.self) }
}

/// Writes the API's small JSON objects by hand, keys in the order given, so
/// that a document `TimelineJSON` wrote can be nested as it is.
enum JSONObject {
  /// `{"a": 1, "b": "x"}` from keys and values that are already JSON text.
  static func text(_ fields: [(String, String)]) -> String {
    "{" + fields.map { "\(string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
  }

  /// A JSON string literal.
  static func string(_ value: String) -> String { TextEscaping.jsonStringLiteral(value) }

  /// A JSON array of strings.
  static func strings(_ values: [String]) -> String { "[" + values.map(string).joined(separator: ", ") + "]" }
}
