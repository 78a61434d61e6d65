import Foundation
import Testing

@testable import StreamLabServer

/// The real server on a loopback port the system chooses, spoken to over a
/// socket: what the HTTP layer adds to `WebAPI` (the page's files, the body
/// limit, concurrency, JSON errors for whatever arrives).
@Suite struct PlaygroundServerTests {
  /// Starts a server on 127.0.0.1, port 0, runs `body` with a client for
  /// it, and stops it.
  private func withServer(
    limits: ServerLimits = ServerLimits(), _ body: (HTTPTestClient) async throws -> Void
  ) async throws {
    let api = WebAPI(limits: limits, lessonsFolder: URL(fileURLWithPath: "/nonexistent"), progressFile: nil)
    let server = try PlaygroundServer(api: api, host: "127.0.0.1", port: 0)
    let serving = Task { try await server.run() }
    defer { serving.cancel() }
    let port = try await server.listeningPort()
    try await body(HTTPTestClient(port: port))
    await server.stop()
  }

  private func errorMessage(_ response: HTTPTestClient.Response) throws -> String {
    let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    return try #require((object["error"] as? [String: Any])?["message"] as? String)
  }

  @Test(arguments: [
    ("/", "text/html"), ("/index.html", "text/html"), ("/page.css", "text/css"), ("/page.js", "text/javascript"),
  ])
  func thePageFilesAreServedWithTheirContentTypes(path: String, type: String) async throws {
    try await withServer { client in
      let response = try await client.get(path)
      #expect(response.status == 200)
      #expect(response.headers["content-type"]?.hasPrefix(type) == true)
      #expect(!response.body.isEmpty)
    }
  }

  @Test(arguments: ["127.0.0.1", "0.0.0.0", "::1", "::", "localhost"])
  func anIPAddressOrLocalhostIsAHostToListenOn(host: String) throws {
    try PlaygroundServer.check(host: host)
  }

  @Test(arguments: ["10.0.0.300", "example.com", "", "127.0.0.1:80", "::g"])
  func anythingElseIsRefusedWithWhatToWrite(host: String) throws {
    let error = #expect(throws: ServerError.self) { try PlaygroundServer.check(host: host) }
    #expect(error?.description == "--host takes an IP address such as 127.0.0.1 or ::1, or localhost")
  }

  @Test func runOverHTTPAnswersTheDocument() async throws {
    try await withServer { client in
      let response = try await client.post("/api/run", json: #"{"program": "just 1 | map x*2"}"#)
      #expect(response.status == 200)
      #expect(response.headers["content-type"]?.hasPrefix("application/json") == true)
      let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
      let rows = try #require(object["rows"] as? [[String: Any]])
      #expect(rows.map { $0["label"] as? String } == ["just 1", "map x*2"])
    }
  }

  @Test func anUnknownPathIsA404JSONError() async throws {
    try await withServer { client in
      let response = try await client.get("/etc/passwd")
      #expect(response.status == 404)
      #expect(try errorMessage(response) == "no page or endpoint at /etc/passwd")
    }
  }

  @Test func aGetOfAPostEndpointIs405() async throws {
    try await withServer { client in
      let response = try await client.get("/api/run")
      #expect(response.status == 405)
      #expect(try errorMessage(response) == "/api/run takes POST, not GET")
    }
  }

  @Test func aBodyOverTheLimitIs413BeforeItIsRead() async throws {
    var limits = ServerLimits()
    limits.maxBodyBytes = 1_000
    try await withServer(limits: limits) { client in
      let program = String(repeating: "just 1\n", count: 1_000)
      let response = try await client.post("/api/run", json: #"{"program": "\#(program)"}"#)
      #expect(response.status == 413)
      #expect(try errorMessage(response) == "the request body is larger than the server's limit of 1000 bytes")
    }
  }

  @Test func aHugeBodyIs413() async throws {
    try await withServer { client in
      let response = try await client.post("/api/run", body: Data(repeating: UInt8(ascii: "x"), count: 8 << 20))
      #expect(response.status == 413)
    }
  }

  @Test func aChunkedBodyOverTheLimitIs413() async throws {
    var limits = ServerLimits()
    limits.maxBodyBytes = 1_000
    try await withServer(limits: limits) { client in
      let chunk = String(repeating: "x", count: 600)
      let head = "POST /api/run HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n"
      let chunks = "258\r\n\(chunk)\r\n258\r\n\(chunk)\r\n0\r\n\r\n"
      let response = try await client.send(Data((head + chunks).utf8))
      #expect(response.status == 413)
    }
  }

  @Test func bytesThatAreNotJSONAre400() async throws {
    try await withServer { client in
      let response = try await client.post("/api/run", body: Data([0xFF, 0xFE, 0x00, 0x7B]))
      #expect(response.status == 400)
      #expect(try errorMessage(response).hasPrefix("the request body is not valid JSON"))
    }
  }

  @Test func concurrentRequestsAreAllAnsweredAlike() async throws {
    try await withServer { client in
      let program = #"{"program": "interval 10ms | take 20 | scan 0, acc + x"}"#
      let responses = try await withThrowingTaskGroup(of: HTTPTestClient.Response.self) { group in
        for _ in 0..<16 {
          group.addTask { try await client.post("/api/run", json: program) }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(responses.count == 16)
      #expect(responses.allSatisfy { $0.status == 200 })
      #expect(Set(responses.map(\.body)).count == 1)
    }
  }

  /// Stopping is graceful: the listening socket closes, a connection that
  /// has sent nothing is closed at once, and a request whose body is still
  /// arriving is read to its end and answered before its connection closes.
  @Test func stoppingAnswersTheRequestInProgressAndClosesTheSilentConnections() async throws {
    // Timeouts past the reads' minute: only the stop can close these connections.
    var limits = ServerLimits()
    limits.idleTimeoutSeconds = 600
    limits.requestTimeoutSeconds = 600
    let api = WebAPI(limits: limits, lessonsFolder: URL(fileURLWithPath: "/nonexistent"), progressFile: nil)
    let server = try PlaygroundServer(api: api, host: "127.0.0.1", port: 0)
    let serving = Task { try await server.run() }
    let port = try await server.listeningPort()
    let silent = try RawConnection(port: port)
    let speaking = try RawConnection(port: port)
    let body = #"{"program": "just 1 | map x*2"}"#
    let half = body.utf8.count / 2
    await speaking.send(
      "POST /api/run HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n"
        + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body.prefix(half))
    // The head has been read once its connection is busy; polled, for at most a minute.
    for _ in 0..<600 where server.connections.busyCount == 0 { try await Task.sleep(for: .milliseconds(100)) }
    #expect(server.connections.busyCount == 1)

    let stopping = Task { await server.stop() }
    let (silence, silentClosed) = await silent.readAll()
    #expect(silence.isEmpty)
    #expect(silentClosed)
    #expect(throws: RawConnection.Failure.self) { try RawConnection(port: port) }
    await speaking.send(String(body.dropFirst(half)))
    let (answer, answeredAndClosed) = await speaking.readAll()
    #expect(RawConnection.status(of: answer) == 200)
    #expect(String(decoding: answer, as: UTF8.self).contains("map x*2"))
    #expect(answeredAndClosed)
    await stopping.value
    try await serving.value
  }
}
