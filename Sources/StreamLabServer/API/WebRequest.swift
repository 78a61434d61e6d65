import Foundation

/// One HTTP request as the API sees it: method, path and a body already read
/// within the size limit. The HTTP library's own types stop at `PlaygroundServer`,
/// so the API is tested without a socket.
public struct WebRequest: Sendable {
  public var method: String
  /// The path without its query string, such as `/api/run`.
  public var path: String
  public var body: Data

  public init(method: String, path: String, body: Data = Data()) {
    self.method = method.uppercased()
    self.path = String(path.prefix { $0 != "?" && $0 != "#" })
    self.body = body
  }
}
