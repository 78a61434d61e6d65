import Foundation
import Lessons
import StreamLabServer
import Testing

/// Classroom mode: each browser's progress is its own, named by a random id
/// in an HttpOnly, SameSite=Strict cookie, kept in a file of its own and
/// limited in size; hints go to the page one at a time, never the solution.
@Suite struct ClassroomProgressTests {
  static let lesson = """
    lesson: 1
    title: One value

    exercise: Ready
    task: Write a publisher that sends the single value "ready" and finishes.
    hint: Combine has a publisher named after "just one value".
    hint: Almost there. Type: just "ready"
    hint: Type: just "ready"
    solution: just "ready"
    answer:

    """

  /// An API in classroom mode over a temporary folder: `lesson01.txt`, the
  /// terminal's `progress.json` and the `students` folder; removed afterwards.
  private func withClassroom(
    limits: ServerLimits = ServerLimits(), keepSolutions: Bool = false,
    _ body: (WebAPI, TemporaryFolder) async throws -> Void
  ) async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(Self.lesson, to: "lesson01.txt")
    let api = WebAPI(
      limits: limits, lessonsFolder: folder.url, progressFile: folder.url.appendingPathComponent("progress.json"),
      studentsFolder: folder.url.appendingPathComponent("students"), keepSolutions: keepSolutions)
    try await body(api, folder)
  }

  private func request(_ method: String, _ path: String, cookie: String? = nil, body: String = "") -> WebRequest {
    var headers = ["Host": "10.0.0.5:8080"]
    if method == "POST" {
      headers["Origin"] = "http://10.0.0.5:8080"
      headers["Content-Type"] = "application/json"
    }
    if let cookie { headers["Cookie"] = cookie }
    return WebRequest(
      method: method, path: path, headers: headers, body: Data(body.utf8),
      server: ServerAddress(ip: "10.0.0.5", port: 8080))
  }

  /// `streamlab_student=ID` from a response's Set-Cookie.
  private func cookie(of response: WebResponse) throws -> String {
    let header = try #require(response.headers["Set-Cookie"])
    return try #require(header.split(separator: ";").first.map(String.init))
  }

  private func check(_ api: WebAPI, answer: String, cookie: String) async -> WebResponse {
    let body = try! JSONSerialization.data(withJSONObject: ["lesson": "lesson01", "exercise": 1, "answer": answer])
    return await api.respond(
      to: request("POST", "/api/check", cookie: cookie, body: String(decoding: body, as: UTF8.self)))
  }

  private func passedCount(_ api: WebAPI, cookie: String) async throws -> Int? {
    let list = await api.respond(to: request("GET", "/api/lessons", cookie: cookie))
    return (try JSONSerialization.jsonObject(with: list.body) as? [[String: Any]])?.first?["passed"] as? Int
  }

  @Test func aBrowserWithoutAStudentIdIsGivenOneInAStrictHttpOnlyCookie() async throws {
    try await withClassroom { api, _ in
      let page = await api.respond(to: request("GET", "/"))
      let header = try #require(page.headers["Set-Cookie"])
      #expect(header.hasPrefix("streamlab_student="))
      #expect(header.contains("; HttpOnly"))
      #expect(header.contains("; SameSite=Strict"))
      let id = try cookie(of: page).dropFirst("streamlab_student=".count)
      #expect(id.count == 32)
      let again = await api.respond(to: request("GET", "/", cookie: try cookie(of: page)))
      #expect(again.headers["Set-Cookie"] == nil)
    }
  }

  @Test func onePassIsOnlyThatStudentsAndIsKeptInAFileOfItsOwn() async throws {
    try await withClassroom { api, folder in
      let alice = try cookie(of: await api.respond(to: request("GET", "/")))
      let bob = try cookie(of: await api.respond(to: request("GET", "/")))
      #expect(alice != bob)
      let passed = await check(api, answer: "just \"ready\"", cookie: alice)
      #expect(passed.status == 200)
      #expect(try await passedCount(api, cookie: alice) == 1)
      #expect(try await passedCount(api, cookie: bob) == 0)
      let file = folder.url.appendingPathComponent("students/\(alice.dropFirst("streamlab_student=".count)).json")
      let key = folder.url.appendingPathComponent("lesson01.txt").standardizedFileURL.path
      #expect(ProgressStore(url: file).load().progress.hasPassed(lesson: key, exercise: "Ready"))
      #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("progress.json").path))
    }
  }

  @Test(arguments: ["streamlab_student=../../progress", "streamlab_student=ABC", "other=1"])
  func aCookieThatIsNoStudentIdIsReplaced(cookie: String) async throws {
    try await withClassroom { api, _ in
      let response = await api.respond(to: request("GET", "/api/lessons", cookie: cookie))
      #expect(response.status == 200)
      #expect(response.headers["Set-Cookie"]?.hasPrefix("streamlab_student=") == true)
    }
  }

  @Test func anAnswerOverTheLimitIs413BeforeItIsChecked() async throws {
    var limits = ServerLimits()
    limits.maxStoredAnswerBytes = 100
    try await withClassroom(limits: limits) { api, folder in
      let alice = try cookie(of: await api.respond(to: request("GET", "/")))
      let answer = "just \"ready\"" + String(repeating: " ", count: 100)
      let response = await check(api, answer: answer, cookie: alice)
      #expect(response.status == 413)
      #expect(response.text.contains("the answer is 112 bytes; this classroom server keeps answers of up to 100 bytes"))
      #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("students").path))
    }
  }

  @Test func progressOverTheStudentsLimitIs413AndNotRecorded() async throws {
    var limits = ServerLimits()
    limits.maxStudentProgressBytes = 50
    try await withClassroom(limits: limits) { api, _ in
      let alice = try cookie(of: await api.respond(to: request("GET", "/")))
      let response = await check(api, answer: "just \"ready\"", cookie: alice)
      #expect(response.status == 413)
      #expect(response.text.contains("passed, but not recorded"))
      #expect(try await passedCount(api, cookie: alice) == 0)
    }
  }

  @Test func hintsComeOneAtATimeWithoutTheSolution() async throws {
    try await withClassroom { api, _ in
      let lesson = await api.respond(to: request("GET", "/api/lessons/lesson01"))
      #expect(lesson.status == 200)
      #expect(!lesson.text.contains("Type:"))
      #expect(!lesson.text.contains("just one value"))
      let exercise = (try JSONSerialization.jsonObject(with: lesson.body) as? [String: Any]).flatMap {
        ($0["exercises"] as? [[String: Any]])?.first
      }
      #expect(exercise?["hintCount"] as? Int == 2)
      let first = await api.respond(to: request("GET", "/api/lessons/lesson01/hints/1/1"))
      #expect(
        first.text == #"{"hint": "Combine has a publisher named after \"just one value\".", "number": 1, "count": 2}"#)
      let second = await api.respond(to: request("GET", "/api/lessons/lesson01/hints/1/2"))
      #expect(second.text == #"{"hint": "Almost there.", "number": 2, "count": 2}"#)
      let third = await api.respond(to: request("GET", "/api/lessons/lesson01/hints/1/3"))
      #expect(third.status == 404)
      #expect(!third.text.contains("Type:"))
    }
  }

  @Test func keepSolutionsSendsTheSolutionHintsToo() async throws {
    try await withClassroom(keepSolutions: true) { api, _ in
      let third = await api.respond(to: request("GET", "/api/lessons/lesson01/hints/1/3"))
      #expect(third.status == 200)
      #expect(third.text.contains(#""hint": "Type: just \"ready\"""#))
    }
  }

  @Test(arguments: [
    "/api/lessons/lesson01/hints/x/1", "/api/lessons/lesson01/hints/1/0", "/api/lessons/lesson01/hints/9/1",
  ])
  func aHintThatIsNotThereIsRefused(path: String) async throws {
    try await withClassroom { api, _ in
      let response = await api.respond(to: request("GET", path))
      #expect([400, 404].contains(response.status))
    }
  }
}
