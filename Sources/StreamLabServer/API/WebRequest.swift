import Foundation

/// One HTTP request as the API sees it: method, path, headers and a body
/// already read within the size limit, and the address it arrived at. The
/// HTTP library's own types stop at `PlaygroundServer`, so the API is tested
/// without a socket.
public struct WebRequest: Sendable {
  public var method: String
  /// The path without its query string, such as `/api/run`.
  public var path: String
  /// Header values by lowercased name; a name sent twice holds both values
  /// joined by ", " (`SameOriginPolicy` refuses a doubled Host).
  public var headers: [String: String]
  public var body: Data
  /// Where the connection arrived: the server's own IP address and port.
  public var server: ServerAddress

  public init(method: String, path: String, headers: [String: String], body: Data = Data(), server: ServerAddress) {
    self.method = method.uppercased()
    self.path = String(path.prefix { $0 != "?" && $0 != "#" })
    self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $0 + ", " + $1 })
    self.body = body
    self.server = server
  }

  /// A request as the playground's own page sends it to a server at
  /// 127.0.0.1:8080: Host and Origin name that server, a body is JSON.
  public init(method: String, path: String, body: Data = Data()) {
    let server = ServerAddress(ip: "127.0.0.1", port: 8080)
    var headers = ["Host": "127.0.0.1:8080"]
    if method.uppercased() != "GET" {
      headers["Origin"] = "http://127.0.0.1:8080"
      headers["Content-Type"] = "application/json"
    }
    self.init(method: method, path: path, headers: headers, body: body, server: server)
  }
}

/// The address a connection arrived at: one of the server's own IP
/// addresses (the one the client used when the server listens on all of
/// them) and its port.
public struct ServerAddress: Sendable, Equatable {
  /// An IPv4 or IPv6 address without brackets, such as `127.0.0.1` or `::1`.
  public var ip: String
  public var port: Int

  public init(ip: String, port: Int) {
    self.ip = ip
    self.port = port
  }

  public var isLoopback: Bool { ip.hasPrefix("127.") || ip == "::1" || ip == "::ffff:127.0.0.1" }
}
