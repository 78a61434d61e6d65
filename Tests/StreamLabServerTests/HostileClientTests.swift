import Foundation
import StreamLabServer
import Testing

/// The real server on loopback, sent what a hostile client in a classroom
/// sends: each gets its 4xx or a closed connection, and a normal run is
/// still answered. The timeouts are shortened to a few seconds so every case
/// ends quickly (not to one: on a loaded machine Hummingbird's own answer to a
/// request NIO cannot parse may take longer to be written than that, and the
/// idle timeout would close the connection first); each socket read gives
/// up after 60 s, so a server that never answers fails the test instead of
/// hanging it. (`scripts/hostile-clients`
/// times the same cases with 2,000 idle connections under `ulimit -n 1024`.)
@Suite struct HostileClientTests {
  static var limits: ServerLimits {
    var limits = ServerLimits()
    limits.idleTimeoutSeconds = 3
    limits.requestTimeoutSeconds = 2
    limits.maxConnections = 64
    return limits
  }

  private func withServer(limits: ServerLimits = limits, _ body: (Int) async throws -> Void) async throws {
    let api = WebAPI(limits: limits, lessonsFolder: URL(fileURLWithPath: "/nonexistent"), progressFile: nil)
    let server = try PlaygroundServer(api: api, host: "127.0.0.1", port: 0)
    let serving = Task { try await server.run() }
    defer { serving.cancel() }
    let port = try await server.listeningPort()
    try await body(port)
    await server.stop()
  }

  /// Sends `text` on a new connection and reads until the server closes.
  private func exchange(_ text: String, port: Int) async throws -> (status: Int?, data: Data, closed: Bool) {
    let connection = try RawConnection(port: port)
    await connection.send(text)
    let (data, closed) = await connection.readAll()
    return (RawConnection.status(of: data), data, closed)
  }

  private func head(port: Int, _ lines: String...) -> String {
    "POST /api/run HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n"
      + "Content-Type: application/json\r\n" + lines.map { $0 + "\r\n" }.joined() + "\r\n"
  }

  @Test func aRequestLineOver8KBIs414AndClosed() async throws {
    try await withServer { port in
      let target = "/" + String(repeating: "a", count: 9_000)
      let answer = try await exchange("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n", port: port)
      #expect(answer.status == 414)
      #expect(answer.closed)
      let text = String(decoding: answer.data, as: UTF8.self)
      #expect(text.contains("the request line is longer than the server's limit of 8192 bytes"))
      #expect(text.contains("Content-Security-Policy: default-src 'self'; frame-ancestors 'none'\r\n"))
    }
  }

  @Test func halfAMegabyteRequestLineIs414AtItsFirst8KB() async throws {
    try await withServer { port in
      let connection = try RawConnection(port: port)
      // The server stops reading at the limit, so not all of it may be sent.
      await connection.send("GET /" + String(repeating: "a", count: 512 << 10))
      let (data, closed) = await connection.readAll()
      #expect(RawConnection.status(of: data) == 414)
      #expect(closed)
    }
  }

  @Test func headersOver64KBAre431() async throws {
    try await withServer { port in
      let oneHeader = try await exchange(
        "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Big: \(String(repeating: "b", count: 70_000))\r\n\r\n",
        port: port)
      #expect(oneHeader.status == 431)
      #expect(oneHeader.closed)
      let many = (0..<1_000).map { "X-Header-\($0): \(String(repeating: "c", count: 70))\r\n" }.joined()
      let manyHeaders = try await exchange("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(many)\r\n", port: port)
      #expect(manyHeaders.status == 431)
    }
  }

  @Test func aDeclaredBodyOverTheLimitIs413WithoutWaitingForIt() async throws {
    try await withServer { port in
      // 1.5 MiB declared, nothing sent: the answer comes from the header alone.
      let answer = try await exchange(head(port: port, "Content-Length: 1572864"), port: port)
      #expect(answer.status == 413)
      #expect(answer.closed)
    }
  }

  @Test(arguments: [
    ["Content-Length: 5", "Content-Length: 6"], ["Content-Length: -1"], ["Content-Length: 1e3"],
    ["Content-Length: 5", "Transfer-Encoding: chunked"],
  ])
  func aBadOrConflictingContentLengthIs400(lines: [String]) async throws {
    try await withServer { port in
      let text =
        "POST /api/run HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n" + lines.map { $0 + "\r\n" }.joined() + "\r\nhello"
      let answer = try await exchange(text, port: port)
      #expect(answer.status == 400)
      #expect(answer.closed)
    }
  }

  @Test func aBodyThatStallsIsClosed() async throws {
    try await withServer { port in
      let connection = try RawConnection(port: port)
      await connection.send(head(port: port, "Content-Length: 100") + "{")
      // Nothing more within the idle timeout: closed as an idle connection.
      let (_, closed) = await connection.readAll()
      #expect(closed)
    }
  }

  @Test func aBodySentTooSlowlyIs408AndClosed() async throws {
    // A byte every 0.2 s keeps the connection from being idle; the request
    // timeout still ends it.
    var limits = Self.limits
    limits.idleTimeoutSeconds = 30
    try await withServer(limits: limits) { port in
      let connection = try RawConnection(port: port)
      await connection.send(head(port: port, "Content-Length: 100"))
      for _ in 0..<20 {
        guard await connection.send("x") else { break }
        try await Task.sleep(for: .milliseconds(200))
      }
      let (data, closed) = await connection.readAll()
      #expect(RawConnection.status(of: data) == 408)
      #expect(closed)
    }
  }

  @Test(arguments: ["", "GET / HTTP/1.1\r\nHost: 127.0", "GET / HTTP/1.1\r\n"])
  func anIdleOrUnfinishedConnectionIsClosed(sent: String) async throws {
    try await withServer { port in
      let connection = try RawConnection(port: port)
      await connection.send(sent)
      let (data, closed) = await connection.readAll()
      #expect(data.isEmpty)
      #expect(closed)
    }
  }

  @Test func aKeepAliveConnectionIsClosedOnceIdle() async throws {
    try await withServer { port in
      let connection = try RawConnection(port: port)
      await connection.send("GET /page.css HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
      let (data, closed) = await connection.readAll()
      #expect(RawConnection.status(of: data) == 200)
      #expect(closed)
    }
  }

  @Test func aCrossOriginPostIs403AndABadHostIs421() async throws {
    try await withServer { port in
      let body = #"{"program": "just 1"}"#
      let crossOrigin = try await exchange(
        "POST /api/run HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://evil.example\r\nConnection: close\r\n"
          + "Content-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)", port: port)
      #expect(crossOrigin.status == 403)
      let rebound = try await exchange(
        "GET /api/lessons HTTP/1.1\r\nHost: evil.example:\(port)\r\nConnection: close\r\n\r\n", port: port)
      #expect(rebound.status == 421)
    }
  }

  @Test func headIsAnsweredWithTheHeadersOfGetAndNoBody() async throws {
    try await withServer { port in
      let client = HTTPTestClient(port: port)
      let get = try await client.get("/")
      let head = try await client.get("/", method: "HEAD")
      #expect(head.status == 200)
      #expect(head.body.isEmpty)
      #expect(head.headers["content-length"] == String(get.body.count))
      #expect(head.headers["content-type"] == get.headers["content-type"])
      #expect(get.headers["x-content-type-options"] == "nosniff")
      #expect(get.headers["content-security-policy"] == "default-src 'self'; frame-ancestors 'none'")
    }
  }

  @Test func aRunIsAnsweredWithMoreIdleConnectionsOpenThanTheServerKeeps() async throws {
    try await withServer { port in
      // 150 idle connections against a limit of 64: the longest idle are
      // closed to make room, and the run's connection is taken in.
      let idle = try (0..<150).map { _ in try RawConnection(port: port) }
      let slow = try (0..<10).map { _ in try RawConnection(port: port) }
      for connection in slow { await connection.send(head(port: port, "Content-Length: 100") + "{") }
      let response = try await HTTPTestClient(port: port).post("/api/run", json: #"{"program": "just 1 | map x*2"}"#)
      #expect(response.status == 200)
      #expect(response.text.contains("map x*2"))
      withExtendedLifetime(idle + slow) {}
    }
  }
}
