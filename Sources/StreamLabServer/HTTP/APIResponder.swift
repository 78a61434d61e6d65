import Foundation
import HTTPTypes
import HummingbirdCore
import NIOCore

/// Turns one Hummingbird request into a `WebRequest` (its body read within
/// the limit, the address it arrived at), and `WebAPI`'s answer into the
/// response, with `SecurityHeaders` and, for HEAD, without the body.
struct APIResponder {
  let api: WebAPI

  func respond(to request: Request, writer: consuming ResponseWriter, channel: any Channel) async throws {
    let response: WebResponse
    switch await body(of: request) {
    case .failure(let error):
      response = error.response
    case .success(let body):
      response = await api.respond(
        to: WebRequest(
          method: request.method.rawValue, path: request.head.path ?? "/", headers: Self.headers(of: request),
          body: body, server: Self.server(of: channel)))
    }
    var fields = HTTPFields()
    fields[.contentType] = response.contentType
    fields[.contentLength] = String(response.body.count)
    for (name, value) in SecurityHeaders.fields + response.headers.map({ ($0.key, $0.value) }) {
      if let name = HTTPField.Name(name) { fields[name] = value }
    }
    let head = HTTPResponse(status: HTTPResponse.Status(code: response.status), headerFields: fields)
    if request.method == .head {
      try await writer.writeResponse(head)
    } else {
      try await writer.write(response: head, body: ResponseBody(byteBuffer: ByteBuffer(bytes: response.body)))
    }
  }

  /// The body, or 413 as soon as it is longer than the limit (a chunked body
  /// declares no length; a declared one was refused by `RequestAdmission`).
  private func body(of request: Request) async -> Result<Data, APIError> {
    let limit = api.limits.maxBodyBytes
    var body = Data()
    do {
      for try await chunk in request.body {
        body.append(contentsOf: chunk.readableBytesView)
        if body.count > limit {
          return .failure(
            APIError(status: 413, "the request body is larger than the server's limit of \(limit) bytes"))
        }
      }
    } catch {
      return .failure(APIError.badRequest("the request body could not be read: \(error)"))
    }
    return .success(body)
  }

  /// Header values by lowercased name, a repeated name's values joined by
  /// ", " (cookies, which HTTPTypes splits one to a field, by "; ").
  private static func headers(of request: Request) -> [String: String] {
    var headers: [String: String] = [:]
    for field in request.headers {
      let name = field.name.canonicalName
      let separator = field.name == .cookie ? "; " : ", "
      headers[name] = headers[name].map { $0 + separator + field.value } ?? field.value
    }
    // HTTPTypes moves Host into the request's authority.
    if let authority = request.head.authority {
      headers["host"] = headers["host"].map { $0 + ", " + authority } ?? authority
    }
    return headers
  }

  /// The server's own address on this connection: an IPv4 address the
  /// client reached through an IPv6 socket (`::ffff:10.0.0.5`) as plain IPv4.
  private static func server(of channel: any Channel) -> ServerAddress {
    let local = channel.localAddress
    var ip = local?.ipAddress ?? "127.0.0.1"
    if ip.hasPrefix("::ffff:"), ip.contains(".") { ip = String(ip.dropFirst("::ffff:".count)) }
    return ServerAddress(ip: ip, port: local?.port ?? 0)
  }
}
