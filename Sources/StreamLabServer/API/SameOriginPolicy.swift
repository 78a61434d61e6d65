import Foundation

/// Which requests the server answers: those that name it in `Host`, and,
/// when they change something (any method but GET and HEAD), those that come
/// from its own page as JSON.
///
/// A `Host` naming another site is how DNS rebinding reads a classroom's
/// answers: the attacker's name is made to point at the server, and only the
/// Host header still says which site the browser thinks it talks to. An IP
/// address in Host cannot be rebound, so the address the connection arrived
/// at is always a good name. A cross-site form or `fetch(…, {mode:
/// "no-cors"})` can POST `text/plain` with any Origin but its own, and no
/// page can make a browser send `application/json` cross-site without the
/// server's consent (CORS preflight, which this server never grants).
struct SameOriginPolicy: Sendable {
  /// Names the server is reached by besides its addresses (`--allow-host`),
  /// lowercased.
  let allowedNames: Set<String>

  init(allowedNames: [String] = []) {
    self.allowedNames = Set(allowedNames.map { $0.lowercased() })
  }

  /// Throws the refusal for a request that does not come from the server's own page.
  func check(_ request: WebRequest) throws {
    let host = try checkedHost(request)
    guard request.method != "GET", request.method != "HEAD" else { return }
    let origin = request.headers["origin"]
    if let origin {
      guard origin.lowercased() == "http://" + host.lowercased() else {
        throw APIError(
          status: 403,
          "\(request.method) \(request.path) is answered only for the playground's own page; "
            + "this request came from \(origin)")
      }
    } else if request.headers["sec-fetch-site"] != "same-origin" {
      throw APIError(
        status: 403,
        "\(request.method) \(request.path) needs an Origin header naming this server (http://\(host)), "
          + "as a browser sends from the playground's page")
    }
    let type = request.headers["content-type"].map(Self.mediaType) ?? ""
    guard type == "application/json" else {
      throw APIError(
        status: 415,
        "\(request.method) \(request.path) takes Content-Type: application/json, not "
          + (type.isEmpty ? "a body without a type" : type))
    }
  }

  /// The Host header, when it names this server; 400 without one, 421 for another name.
  private func checkedHost(_ request: WebRequest) throws -> String {
    guard let host = request.headers["host"], !host.isEmpty, !host.contains(",") else {
      throw APIError.badRequest("the request needs one Host header naming this server")
    }
    let (name, port) = Self.split(host)
    let server = request.server
    let namesServer =
      name == Self.bracketed(server.ip)
      || (name == "localhost" && server.isLoopback)
      || allowedNames.contains(name)
    guard namesServer, (port ?? 80) == server.port else {
      throw APIError(
        status: 421,
        "this server does not answer for \(host); open it at http://\(Self.bracketed(server.ip)):\(server.port)/ "
          + "or start it with --allow-host NAME for each name students use")
    }
    return host
  }

  /// `example.org:8080` as ("example.org", 8080); `[::1]:8080` as ("[::1]", 8080).
  /// A port that is not a number makes the name unmatched.
  static func split(_ host: String) -> (name: String, port: Int?) {
    let lowered = host.lowercased()
    guard let colon = lowered.lastIndex(of: ":"), !lowered[colon...].contains("]") else { return (lowered, nil) }
    let name = String(lowered[..<colon])
    guard let port = Int(lowered[lowered.index(after: colon)...]), (1...65_535).contains(port) else {
      return ("", nil)
    }
    if name.contains(":"), !name.hasPrefix("[") { return ("", nil) }
    return (name, port)
  }

  /// An IPv6 address as Host writes it, in brackets.
  static func bracketed(_ ip: String) -> String { ip.contains(":") ? "[\(ip)]" : ip }

  /// `application/json` for `Application/JSON; charset=utf-8`.
  static func mediaType(_ contentType: String) -> String {
    String(contentType.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces).lowercased()
  }
}
