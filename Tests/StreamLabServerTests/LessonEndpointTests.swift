import Foundation
import Lessons
import StreamLabServer
import Testing

/// `GET /api/lessons`, `GET /api/lessons/ID` and `POST /api/check` on a
/// lesson folder and progress file of the test's own.
@Suite struct LessonEndpointTests {
  static let lesson = """
    lesson: 1
    title: One value

    A publisher can send one value and finish.

    > just 1,2

    exercise: Ready
    task: Write a publisher that sends the single value "ready" and finishes.
    hint: Combine has a publisher named after "just one value".
    hint: Type: just "ready"
    solution: just "ready"
    answer:

    """

  /// Runs `body` with an API over a folder holding `lesson01.txt` and a
  /// progress file in the same temporary folder, removed afterwards.
  private func withAPI(
    limits: ServerLimits = ServerLimits(), _ body: (WebAPI, TemporaryFolder) async throws -> Void
  ) async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(Self.lesson, to: "lesson01.txt")
    try folder.write("not a lesson", to: "notes.txt")
    let api = WebAPI(
      limits: limits, lessonsFolder: folder.url, progressFile: folder.url.appendingPathComponent("progress.json"))
    try await body(api, folder)
  }

  private func json(_ response: WebResponse) throws -> Any {
    try JSONSerialization.jsonObject(with: response.body)
  }

  private func check(_ api: WebAPI, answer: String, exercise: Int = 1, hintsShown: Int? = nil) async throws
    -> [String: Any]
  {
    var request: [String: Any] = ["lesson": "lesson01", "exercise": exercise, "answer": answer]
    if let hintsShown { request["hintsShown"] = hintsShown }
    let response = await api.respond(
      to: WebRequest(
        method: "POST", path: "/api/check", body: try JSONSerialization.data(withJSONObject: request)))
    #expect(response.status == 200)
    return try #require(try json(response) as? [String: Any])
  }

  @Test func lessonsListsTheLessonFilesOfTheFolder() async throws {
    try await withAPI { api, _ in
      let response = await api.respond(to: WebRequest(method: "GET", path: "/api/lessons"))
      #expect(response.status == 200)
      let list = try #require(try json(response) as? [[String: Any]])
      #expect(list.count == 1)
      #expect(list.first?["id"] as? String == "lesson01")
      #expect(list.first?["title"] as? String == "One value")
      #expect(list.first?["exercises"] as? Int == 1)
      #expect(list.first?["passed"] as? Int == 0)
    }
  }

  @Test func aLessonHasItsProseDemosAndExercisesButNotItsSolutions() async throws {
    try await withAPI { api, _ in
      let response = await api.respond(to: WebRequest(method: "GET", path: "/api/lessons/lesson01"))
      #expect(response.status == 200)
      let lesson = try #require(try json(response) as? [String: Any])
      #expect(lesson["title"] as? String == "One value")
      let items = try #require(lesson["items"] as? [[String: String]])
      #expect(items == [["prose": "A publisher can send one value and finish."], ["demo": "just 1,2"]])
      let exercise = try #require((lesson["exercises"] as? [[String: Any]])?.first)
      #expect(exercise["title"] as? String == "Ready")
      #expect(exercise["task"] as? String == "Write a publisher that sends the single value \"ready\" and finishes.")
      // The second hint is only `Type: <the solution>`, so the page never gets it.
      #expect(exercise["hintCount"] as? Int == 1)
      #expect(exercise["hints"] == nil)
      #expect(exercise["passed"] as? Bool == false)
      #expect(!response.text.contains("solution"))
    }
  }

  @Test func aRightAnswerPassesAndIsRecordedInTheProgressStore() async throws {
    try await withAPI { api, folder in
      let result = try await check(api, answer: "just \"ready\"")
      #expect(result["passed"] as? Bool == true)
      #expect(result["message"] as? String == "passed")
      #expect(result["hint"] is NSNull)
      let store = ProgressStore(url: folder.url.appendingPathComponent("progress.json"))
      let key = folder.url.appendingPathComponent("lesson01.txt").standardizedFileURL.path
      #expect(store.load().progress.hasPassed(lesson: key, exercise: "Ready"))
      let list = await api.respond(to: WebRequest(method: "GET", path: "/api/lessons"))
      #expect((try json(list) as? [[String: Any]])?.first?["passed"] as? Int == 1)
    }
  }

  @Test func aWrongAnswerFailsWithExpectedActualAndTheNextHint() async throws {
    try await withAPI { api, folder in
      let result = try await check(api, answer: "just \"steady\"", hintsShown: 0)
      #expect(result["passed"] as? Bool == false)
      #expect((result["message"] as? String)?.contains("\"steady\"") == true)
      #expect(result["hint"] as? String == "Combine has a publisher named after \"just one value\".")
      let expected = try #require(result["expected"] as? [String: Any])
      let expectedEvents = try #require((expected["rows"] as? [[String: Any]])?.first?["events"] as? [[String: Any]])
      #expect(expectedEvents.compactMap { $0["value"] as? String } == ["ready"])
      let actual = try #require(result["actual"] as? [String: Any])
      let actualEvents = try #require((actual["rows"] as? [[String: Any]])?.first?["events"] as? [[String: Any]])
      #expect(actualEvents.compactMap { $0["value"] as? String } == ["steady"])
      #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("progress.json").path))
    }
  }

  @Test func anAnswerThatDoesNotParseFailsWithItsLineAndColumn() async throws {
    try await withAPI { api, _ in
      let result = try await check(api, answer: "jsut \"ready\"")
      #expect(result["passed"] as? Bool == false)
      #expect((result["message"] as? String)?.hasPrefix("the answer does not parse") == true)
      #expect(result["line"] as? Int == 1)
      #expect(result["column"] as? Int == 1)
      #expect(result["actual"] is NSNull)
    }
  }

  @Test(arguments: [
    "..%2F..%2Fetc%2Fpasswd", "../lesson01", "..", "lesson01.txt", "%2Fetc%2Fpasswd", "lesson01%00",
  ])
  func aLessonNameThatIsNotAPlainNameIsRefused(name: String) async throws {
    try await withAPI { api, _ in
      let response = await api.respond(to: WebRequest(method: "GET", path: "/api/lessons/" + name))
      #expect(response.status == 400)
      let error = try #require((try json(response) as? [String: Any])?["error"] as? [String: Any])
      #expect((error["message"] as? String)?.contains("is not a lesson name") == true)
    }
  }

  @Test func aPathTraversalInTheLessonPathIsRefused() async throws {
    try await withAPI { api, _ in
      let response = await api.respond(to: WebRequest(method: "GET", path: "/api/lessons/../../etc/passwd"))
      #expect(response.status == 400)
      #expect(!response.text.contains("root:"))
      let check = await api.respond(
        to: WebRequest(
          method: "POST", path: "/api/check",
          body: Data(#"{"lesson": "../../etc/passwd", "exercise": 1, "answer": "just 1"}"#.utf8)))
      #expect(check.status == 400)
    }
  }

  @Test func anUnknownLessonOrExerciseIs404() async throws {
    try await withAPI { api, _ in
      let lesson = await api.respond(to: WebRequest(method: "GET", path: "/api/lessons/lesson99"))
      #expect(lesson.status == 404)
      let notes = await api.respond(to: WebRequest(method: "GET", path: "/api/lessons/notes"))
      #expect(notes.status == 404)
      let exercise = await api.respond(
        to: WebRequest(
          method: "POST", path: "/api/check",
          body: Data(#"{"lesson": "lesson01", "exercise": 7, "answer": "just 1"}"#.utf8)))
      #expect(exercise.status == 404)
      #expect(exercise.text.contains("exercises 1 to 1, not 7"))
    }
  }

  @Test(arguments: [
    "lesson\u{00F3}01", String(repeating: "a", count: 101), "lesson01;ls", "lesson01%2F..", ".", "~",
    "lesson01\u{0000}", " lesson01",
  ])
  func aCheckOfALessonNameThatIsNotAPlainNameIs400(name: String) async throws {
    try await withAPI { api, _ in
      let body = try JSONSerialization.data(withJSONObject: ["lesson": name, "exercise": 1, "answer": "just 1"])
      let response = await api.respond(to: WebRequest(method: "POST", path: "/api/check", body: body))
      #expect(response.status == 400)
      let error = try #require((try json(response) as? [String: Any])?["error"] as? [String: Any])
      #expect((error["message"] as? String)?.contains("is not a lesson name") == true)
    }
  }

  @Test(arguments: [
    (#"{"lesson": "lesson01", "answer": "just 1"}"#, "the request body lacks \"exercise\""),
    (#"{"lesson": "lesson01", "exercise": "1", "answer": "just 1"}"#, "\"exercise\" has the wrong type"),
    (#"{"lesson": ["lesson01"], "exercise": 1, "answer": "just 1"}"#, "\"lesson\" has the wrong type"),
    (#"{"lesson": "lesson01", "exercise": 1e30, "answer": "just 1"}"#, "send {"),
    (#"[1, 2, 3]"#, "the request body must be a JSON object; send {"),
    (#""lesson01""#, "the request body must be a JSON object; send {"),
    (#"{"lesson": "lesson01", "exercise": 1, "answer": "just 1""#, "the request body is not valid JSON"),
  ])
  func aCheckBodyOfTheWrongShapeIs400SayingWhatToSend(body: String, message: String) async throws {
    try await withAPI { api, _ in
      let response = await api.respond(to: WebRequest(method: "POST", path: "/api/check", body: Data(body.utf8)))
      #expect(response.status == 400)
      let error = try #require((try json(response) as? [String: Any])?["error"] as? [String: Any])
      #expect((error["message"] as? String)?.contains(message) == true)
    }
  }

  @Test(arguments: [0, -1, Int.max, Int.min])
  func anExerciseNumberOutOfRangeIs404(exercise: Int) async throws {
    try await withAPI { api, _ in
      let body = try JSONSerialization.data(
        withJSONObject: ["lesson": "lesson01", "exercise": exercise, "answer": "just 1"])
      let response = await api.respond(to: WebRequest(method: "POST", path: "/api/check", body: body))
      #expect(response.status == 404)
      #expect(response.text.contains("exercises 1 to 1, not \(exercise)"))
    }
  }

  @Test(arguments: [-1, 1, 2, Int.max, Int.min])
  func aHintCountOutOfRangeGivesNoHint(hintsShown: Int) async throws {
    try await withAPI { api, _ in
      let result = try await check(api, answer: "just 1", hintsShown: hintsShown)
      #expect(result["passed"] as? Bool == false)
      #expect(result["hint"] is NSNull)
    }
  }

  @Test(arguments: [
    "interval 1ns", ":load /etc/passwd",
    String(repeating: "just 1", count: 1) + String(repeating: " | map x", count: 9_999),
    "just \"ready\" | delay 1000000h",
  ])
  func aHostileAnswerFailsCleanlyAndReadsNoFile(answer: String) async throws {
    // A small event budget and no wall-clock cap: `interval 1ns` stops at the
    // budget whatever the machine's load, as `eval` stops it.
    var limits = ServerLimits()
    limits.maxEvents = 2_000
    limits.wallClockSeconds = 300
    try await withAPI(limits: limits) { api, folder in
      let result = try await check(api, answer: answer)
      #expect(result["passed"] as? Bool == false)
      #expect((result["message"] as? String)?.isEmpty == false)
      #expect(!(result["message"] as? String ?? "").contains("root:"))
      #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("progress.json").path))
    }
  }
}
