import FlyingFox
import FlyingSocks
import Foundation

/// `streamlab serve`'s HTTP server: FlyingFox's, with every request handed to
/// `WebAPI` once its body has been read within the size limit.
public final class PlaygroundServer: Sendable {
  private let server: HTTPServer

  /// - Parameter host: an IPv4 or IPv6 address, or `localhost`; nothing is
  ///   resolved, so the server listens exactly where the command line says.
  public init(api: WebAPI, host: String, port: UInt16) throws {
    let handler = APIHandler(api: api)
    // FlyingFox answers a handler that overruns its timeout with a bare 500;
    // the API's own wall-clock cap answers first, with a JSON error.
    let timeout = api.limits.wallClockSeconds * 4 + 10
    let host = host == "localhost" ? "127.0.0.1" : host
    if host.contains(":") {
      let address = try Self.address { try sockaddr_in6.inet6(ip6: host, port: port) }
      server = HTTPServer(
        config: HTTPServer.Configuration(address: address, timeout: timeout, logger: .disabled), handler: handler)
    } else {
      let address = try Self.address { try sockaddr_in.inet(ip4: host, port: port) }
      server = HTTPServer(
        config: HTTPServer.Configuration(address: address, timeout: timeout, logger: .disabled), handler: handler)
    }
  }

  /// Serves until the task is cancelled or the socket fails.
  public func run() async throws {
    try await server.run()
  }

  /// The port it listens on, once it does (the one the system chose for port 0).
  public func listeningPort() async throws -> Int {
    try await server.waitUntilListening()
    switch await server.listeningAddress {
    case .ip4(_, let port)?, .ip6(_, let port)?: return Int(port)
    default: throw ServerError("the server is not listening on an IP address")
    }
  }

  public func stop() async {
    await server.stop(timeout: 1)
  }

  private static func address<Address>(_ make: () throws -> Address) throws -> Address {
    do {
      return try make()
    } catch {
      throw ServerError("--host takes an IP address such as 127.0.0.1 or ::1, or localhost")
    }
  }
}

/// Why the server could not start, in words for the command line.
public struct ServerError: Error, CustomStringConvertible {
  public var description: String

  init(_ description: String) {
    self.description = description
  }
}

/// Reads a request's body within the limit, then lets `WebAPI` answer it.
private struct APIHandler: HTTPHandler {
  let api: WebAPI

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    let response: WebResponse
    switch await body(of: request) {
    case .failure(let error):
      response = error.response
    case .success(let body):
      response = await api.respond(to: WebRequest(method: request.method.rawValue, path: request.path, body: body))
    }
    var headers: [HTTPHeader: String] = [.contentType: response.contentType]
    headers[HTTPHeader("Cache-Control")] = "no-store"
    headers[HTTPHeader("X-Content-Type-Options")] = "nosniff"
    return HTTPResponse(
      statusCode: HTTPStatusCode(response.status, phrase: Self.phrase(response.status)),
      headers: headers, body: response.body)
  }

  /// The body, or 413 as soon as it is longer than the limit: a declared
  /// `Content-Length` is refused before a byte of the body is read.
  private func body(of request: HTTPRequest) async -> Result<Data, APIError> {
    let limit = api.limits.maxBodyBytes
    let tooLarge = APIError(status: 413, "the request body is larger than the server's limit of \(limit) bytes")
    if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit { return .failure(tooLarge) }
    var body = Data()
    do {
      for try await chunk in request.bodySequence {
        body.append(chunk)
        if body.count > limit { return .failure(tooLarge) }
      }
    } catch {
      return .failure(APIError.badRequest("the request body could not be read: \(error)"))
    }
    return .success(body)
  }

  private static func phrase(_ status: Int) -> String {
    switch status {
    case 200: return "OK"
    case 400: return "Bad Request"
    case 404: return "Not Found"
    case 405: return "Method Not Allowed"
    case 413: return "Payload Too Large"
    case 503: return "Service Unavailable"
    default: return status < 500 ? "Client Error" : "Server Error"
    }
  }
}
