import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A blocking HTTP/1.1 client over a loopback socket, for tests that need
/// what a library client would not send: a huge body, a lying
/// `Content-Length`, bytes that are not JSON. Every request closes its
/// connection, and reads give up after 60 seconds so a server bug fails the
/// test instead of hanging it. The blocking socket calls run on a Dispatch
/// thread: the in-process server needs Swift concurrency's few threads.
struct HTTPTestClient {
  let port: Int

  struct Response {
    var status: Int
    var headers: [String: String]
    var body: Data
    var text: String { String(decoding: body, as: UTF8.self) }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// `Host` as the page's own requests send it.
  var host: String { "127.0.0.1:\(port)" }

  func get(_ path: String, method: String = "GET") async throws -> Response {
    try await send(Data("\(method) \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n".utf8))
  }

  func post(_ path: String, json: String) async throws -> Response {
    try await post(path, body: Data(json.utf8))
  }

  func post(_ path: String, body: Data) async throws -> Response {
    var request = Data(
      ("POST \(path) HTTP/1.1\r\nHost: \(host)\r\nOrigin: http://\(host)\r\nConnection: close\r\n"
        + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n").utf8)
    request.append(body)
    return try await send(request)
  }

  /// Writes `request` as it is and reads the response until the server closes.
  func send(_ request: Data) async throws -> Response {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(with: Result { try exchange(request) })
      }
    }
  }

  private func exchange(_ request: Data) throws -> Response {
    let socket: Int32
    do {
      socket = try RawConnection.connectedSocket(port: port, timeout: 60)
    } catch {
      throw Failure(description: "\(error)")
    }
    defer { close(socket) }
    try request.withUnsafeBytes { buffer in
      var sent = 0
      while sent < buffer.count {
        let count = Glibc.send(socket, buffer.baseAddress! + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
        // The server may answer and close before reading a refused body.
        if count <= 0 { break }
        sent += count
      }
    }
    var received = Data()
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = recv(socket, &chunk, chunk.count, 0)
      if count == 0 { break }
      guard count > 0 else {
        if received.isEmpty { throw Failure(description: "no response (errno \(errno))") }
        break
      }
      received.append(contentsOf: chunk[0..<count])
    }
    return try Self.parse(received)
  }

  private static func parse(_ data: Data) throws -> Response {
    guard let end = data.range(of: Data("\r\n\r\n".utf8)) else {
      throw Failure(description: "no complete response head in \(data.count) bytes")
    }
    let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
    let statusParts = head[0].split(separator: " ")
    guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
      throw Failure(description: "bad status line \(head[0])")
    }
    var headers: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    var body = Data(data[end.upperBound...])
    if let length = headers["content-length"].flatMap(Int.init), body.count > length { body = body.prefix(length) }
    return Response(status: status, headers: headers, body: body)
  }
}
