import Foundation
import StreamLabServer
import Testing

/// Only the playground's own page may change anything, and only a Host that
/// names the server is answered (DNS rebinding): `WebAPI` given the headers
/// a browser would send from another site.
@Suite struct SameOriginPolicyTests {
  let api = WebAPI(
    lessonsFolder: URL(fileURLWithPath: "/nonexistent"), progressFile: nil, allowedHosts: ["Teacher.local"])
  let loopback = ServerAddress(ip: "127.0.0.1", port: 8080)
  let program = Data(#"{"program": "just 1"}"#.utf8)

  private func run(_ headers: [String: String], server: ServerAddress? = nil) async -> WebResponse {
    await api.respond(
      to: WebRequest(method: "POST", path: "/api/run", headers: headers, body: program, server: server ?? loopback))
  }

  private func message(_ response: WebResponse) throws -> String {
    let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    return try #require((object["error"] as? [String: Any])?["message"] as? String)
  }

  @Test func thePagesOwnPostIsAnswered() async throws {
    let response = await run(
      ["Host": "127.0.0.1:8080", "Origin": "http://127.0.0.1:8080", "Content-Type": "application/json; charset=utf-8"])
    #expect(response.status == 200)
  }

  @Test func aPostFromAnotherOriginIs403() async throws {
    let response = await run(
      ["Host": "127.0.0.1:8080", "Origin": "http://evil.example", "Content-Type": "application/json"])
    #expect(response.status == 403)
    #expect(try message(response).hasSuffix("this request came from http://evil.example"))
  }

  @Test func aPostFromTheSameHostOnAnotherPortIs403() async throws {
    let response = await run(
      ["Host": "localhost:8080", "Origin": "http://localhost:3000", "Content-Type": "application/json"])
    #expect(response.status == 403)
  }

  @Test func aNoCorsTextPlainPostIs415() async throws {
    let response = await run([
      "Host": "127.0.0.1:8080", "Origin": "http://127.0.0.1:8080", "Content-Type": "text/plain",
    ])
    #expect(response.status == 415)
    #expect(try message(response) == "POST /api/run takes Content-Type: application/json, not text/plain")
  }

  @Test func aPostWithoutOriginIsAnsweredOnlyWhenTheBrowserSaysSameOrigin() async throws {
    let bare = await run(["Host": "127.0.0.1:8080", "Content-Type": "application/json"])
    #expect(bare.status == 403)
    #expect(try message(bare).contains("needs an Origin header naming this server (http://127.0.0.1:8080)"))
    let sameOrigin = await run(
      ["Host": "127.0.0.1:8080", "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json"])
    #expect(sameOrigin.status == 200)
    let crossSite = await run(
      ["Host": "127.0.0.1:8080", "Sec-Fetch-Site": "cross-site", "Content-Type": "application/json"])
    #expect(crossSite.status == 403)
  }

  @Test(arguments: ["evil.example:8080", "evil.example", "127.0.0.1:8081", "127.0.0.1", "10.0.0.5:8080", "127.0.0.1:x"])
  func aHostThatDoesNotNameTheServerIs421(host: String) async throws {
    let response = await api.respond(
      to: WebRequest(method: "GET", path: "/api/lessons", headers: ["Host": host], server: loopback))
    #expect(response.status == 421)
    #expect(try message(response).contains("start it with --allow-host NAME"))
  }

  @Test(arguments: [
    ("127.0.0.1:8080", ServerAddress(ip: "127.0.0.1", port: 8080)),
    ("localhost:8080", ServerAddress(ip: "127.0.0.1", port: 8080)),
    ("[::1]:8080", ServerAddress(ip: "::1", port: 8080)),
    ("LOCALHOST:8080", ServerAddress(ip: "::1", port: 8080)),
    ("10.0.0.5:8080", ServerAddress(ip: "10.0.0.5", port: 8080)),
    ("teacher.local:8080", ServerAddress(ip: "10.0.0.5", port: 8080)),
    ("10.0.0.5", ServerAddress(ip: "10.0.0.5", port: 80)),
  ])
  func aHostNamingTheServerIsAnswered(host: String, server: ServerAddress) async throws {
    let response = await api.respond(
      to: WebRequest(method: "GET", path: "/", headers: ["Host": host], server: server))
    #expect(response.status == 200)
  }

  @Test func localhostIsNoNameOfAServerReachedFromOutside() async throws {
    let response = await api.respond(
      to: WebRequest(
        method: "GET", path: "/", headers: ["Host": "localhost:8080"], server: ServerAddress(ip: "10.0.0.5", port: 8080)
      ))
    #expect(response.status == 421)
  }

  @Test func aRequestWithoutHostOrWithTwoIs400() async throws {
    let none = await api.respond(to: WebRequest(method: "GET", path: "/", headers: [:], server: loopback))
    #expect(none.status == 400)
    let two = await api.respond(
      to: WebRequest(method: "GET", path: "/", headers: ["Host": "127.0.0.1:8080, evil.example"], server: loopback))
    #expect(two.status == 400)
  }
}
