import Foundation
import HTTPTypes
import NIOCore

/// A request the HTTP layer refuses before `WebAPI` sees it (too long a
/// request line or header, too large a declared body, too slow a body): the
/// API's JSON error with `Connection: close`, as a head and a body for the
/// handlers after the HTTP codec, or as the bytes of a whole HTTP/1.1
/// response for the one before it.
struct HTTPRefusal {
  var status: Int
  var message: String

  var body: ByteBuffer { ByteBuffer(bytes: APIError(status: status, message).response.body) }

  var head: HTTPResponse {
    var fields = HTTPFields()
    fields[.contentType] = "application/json; charset=utf-8"
    fields[.contentLength] = String(body.readableBytes)
    fields[.connection] = "close"
    for (name, value) in SecurityHeaders.fields {
      if let name = HTTPField.Name(name) { fields[name] = value }
    }
    return HTTPResponse(
      status: HTTPResponse.Status(code: status, reasonPhrase: Self.reason(status)), headerFields: fields)
  }

  /// The whole response as it goes on the wire.
  var bytes: ByteBuffer {
    var text = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
    for field in head.headerFields { text += "\(field.name.rawName): \(field.value)\r\n" }
    var buffer = ByteBuffer(string: text + "\r\n")
    var body = self.body
    buffer.writeBuffer(&body)
    return buffer
  }

  static func reason(_ status: Int) -> String {
    switch status {
    case 408: return "Request Timeout"
    case 413: return "Content Too Large"
    case 414: return "URI Too Long"
    case 431: return "Request Header Fields Too Large"
    default: return HTTPResponse.Status(code: status).reasonPhrase
    }
  }
}
