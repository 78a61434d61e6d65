import Foundation
import StreamLab
import StreamLabServer
import Testing

/// `POST /api/run`, answered by `WebAPI` without a socket.
@Suite struct RunEndpointTests {
  let api = WebAPI(lessonsFolder: URL(fileURLWithPath: "/nonexistent"), progressFile: nil)

  private func run(_ body: String, api: WebAPI? = nil) async -> WebResponse {
    await (api ?? self.api).respond(to: WebRequest(method: "POST", path: "/api/run", body: Data(body.utf8)))
  }

  private func errorObject(_ response: WebResponse) throws -> [String: Any] {
    let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    return try #require(object["error"] as? [String: Any])
  }

  @Test func runAnswersTheJSONDocumentEvalPrints() async throws {
    let response = await run(#"{"program": "just 1,2 | map x*10"}"#)
    #expect(response.status == 200)
    #expect(response.contentType.hasPrefix("application/json"))
    #expect(
      response.text == """
        {"streamlab": 1,
         "rows": [
          {"label": "just 1,2", "pipeline": 0, "stage": 0, "output": "Int", "failure": "Never", "events": [{"t": 0, "kind": "subscribed"}, {"t": 0, "kind": "value", "value": 1}, {"t": 0, "kind": "value", "value": 2}, {"t": 0, "kind": "finished"}]},
          {"label": "map x*10", "pipeline": 0, "stage": 1, "output": "Int", "failure": "Never", "events": [{"t": 0, "kind": "subscribed"}, {"t": 0, "kind": "value", "value": 10}, {"t": 0, "kind": "value", "value": 20}, {"t": 0, "kind": "finished"}]}
         ],
         "notes": []}

        """)
  }

  @Test func runOfAMultiLineProgramIsWhatEvaluationRendersForEval() async throws {
    let program = "let a = marbles \"-a--b|\"\na | map x + \"!\" | debounce 150ms"
    let json = try JSONSerialization.data(withJSONObject: ["program": program])
    let response = await api.respond(to: WebRequest(method: "POST", path: "/api/run", body: json))
    let answer = FrontDoor.evaluate(FrontDoorRequest(program, format: .json))
    guard case .ran = answer.outcome else {
      Issue.record("the program should run")
      return
    }
    #expect(response.status == 200)
    #expect(response.text == answer.document + "\n")
  }

  /// Issue 26: hints were given by `eval` and the playground only.
  @Test func aParseErrorCarriesTheHintsEveryFrontDoorGives() async throws {
    let response = await run(#"{"program": "just 1 | replaceError(with: 0)"}"#)
    #expect(response.status == 400)
    let rendered = try #require(try errorObject(response)["rendered"] as? String)
    #expect(rendered.contains("this is Swift's spelling: streamlab writes this `replaceError 0`"), "\(rendered)")
  }

  @Test func aLeadingPipeIsA400WithItsPlace() async throws {
    let response = await run(#"{"program": "| map x * 10"}"#)
    #expect(response.status == 400)
    let error = try errorObject(response)
    #expect(error["line"] as? Int == 1)
    #expect(error["column"] as? Int == 1)
  }

  @Test func runWithAFormatWrapsWhatEvalPrintsInThatFormat() async throws {
    let response = await run(#"{"program": "just 1,2 | map x*10", "format": "events"}"#)
    #expect(response.status == 200)
    let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: String])
    #expect(object["format"] == "events")
    #expect(
      object["text"] == """
        just 1,2
          t=0ms  subscribed
          t=0ms  value 1
          t=0ms  value 2
          t=0ms  finished
        map x*10 (output)
          t=0ms  subscribed
          t=0ms  value 10
          t=0ms  value 20
          t=0ms  finished

        """)
  }

  @Test(arguments: [("text", "> take 3"), ("svg", "<svg"), ("swift", ".prefix(3)")])
  func everyOtherFormatAnswersWhatEvalPrints(format: String, fragment: String) async throws {
    let response = await run(#"{"program": "interval 100ms | take 3", "format": "\#(format)"}"#)
    #expect(response.status == 200)
    let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: String])
    #expect(object["format"] == format)
    let text = try #require(object["text"])
    #expect(text.contains(fragment))
    #expect(text.hasSuffix("\n"))
  }

  @Test func aProgramThatDoesNotParseIs400WithMessageLineAndColumn() async throws {
    let response = await run(#"{"program": "just 1\njust 2 | debounse 300ms"}"#)
    #expect(response.status == 400)
    let error = try errorObject(response)
    #expect(error["message"] as? String == "unknown operator `debounse`; did you mean `debounce`?")
    #expect(error["line"] as? Int == 2)
    #expect(error["column"] as? Int == 10)
    #expect((error["rendered"] as? String)?.contains("         ^~~~~~~~") == true)
  }

  @Test func aMissingArgumentSaysWhatWasExpected() async throws {
    let response = await run(#"{"program": "just 1 | debounce"}"#)
    #expect(response.status == 400)
    let error = try errorObject(response)
    #expect(error["message"] as? String == "debounce needs a time, like `debounce 300ms`")
    #expect(error["line"] as? Int == 1)
    #expect(error["column"] as? Int == 18)
  }

  @Test func aRuntimeErrorIsA200DocumentThatCarriesIt() async throws {
    let response = await run(#"{"program": "just 0 | map 10 / x"}"#)
    #expect(response.status == 200)
    let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    let notes = try #require(object["notes"] as? [String])
    #expect(notes.last?.hasPrefix("stopped by a runtime error in `map 10 / x` at 0ms") == true)
  }

  @Test func aProgramWithNothingToRunIs400() async throws {
    let response = await run(#"{"program": "let a = just 1"}"#)
    #expect(response.status == 400)
    #expect((try errorObject(response)["message"] as? String)?.hasPrefix("nothing to run") == true)
  }

  @Test(arguments: [
    "not json", "{\"program\": 12}", "{\"programme\": \"just 1\"}", "[1,2]", "", "{\"program\": \"just 1\"",
  ])
  func aBodyThatIsNotTheRunRequestIs400(body: String) async throws {
    let response = await run(body)
    #expect(response.status == 400)
    #expect((try errorObject(response)["message"] as? String)?.contains(#"{"program": TEXT}"#) == true)
  }

  @Test func anUnknownFormatIs400NamingTheFormats() async throws {
    let response = await run(#"{"program": "just 1", "format": "png"}"#)
    #expect(response.status == 400)
    #expect(
      try errorObject(response)["message"] as? String
        == "unknown format \"png\"; use one of text, events, json, svg, swift, xctest")
  }

  @Test func loadIsNotAProgramSoNoFileIsRead() async throws {
    let response = await run(#"{"program": ":load /etc/passwd"}"#)
    #expect(response.status == 400)
    let message = try #require(try errorObject(response)["message"] as? String)
    #expect(!message.contains("root:"))
    #expect(try errorObject(response)["line"] as? Int == 1)
  }

  @Test func aRunThatCannotFinishIsStoppedByTheWallClockCapWith503() async throws {
    var limits = ServerLimits()
    limits.wallClockSeconds = 0.3
    limits.maxEvents = Int.max
    limits.horizon = .milliseconds(Int.max / 2_000_000)
    let api = WebAPI(limits: limits, lessonsFolder: URL(fileURLWithPath: "/nonexistent"), progressFile: nil)
    let response = await run(#"{"program": "interval 1ns"}"#, api: api)
    #expect(response.status == 503)
    #expect((try errorObject(response)["message"] as? String)?.contains("wall-clock") == true)
  }

  @Test func interval1nsStopsAtTheEventBudgetLikeEval() async throws {
    var limits = ServerLimits()
    limits.maxEvents = 2_000
    limits.wallClockSeconds = 120
    let api = WebAPI(limits: limits, lessonsFolder: URL(fileURLWithPath: "/nonexistent"), progressFile: nil)
    let response = await run(#"{"program": "interval 1ns"}"#, api: api)
    #expect(response.status == 200)
    let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    let notes = try #require(object["notes"] as? [String])
    #expect(notes.last?.hasPrefix("stopped after 2000 events (the event budget)") == true)
  }

  @Test func aTenThousandStagePipelineRuns() async throws {
    var limits = ServerLimits()
    limits.wallClockSeconds = 300
    let api = WebAPI(limits: limits, lessonsFolder: URL(fileURLWithPath: "/nonexistent"), progressFile: nil)
    let program = "just 1" + String(repeating: " | map x + 1", count: 9_999)
    let response = await run(#"{"program": "\#(program)"}"#, api: api)
    #expect(response.status == 200)
    let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    let rows = try #require(object["rows"] as? [[String: Any]])
    #expect(rows.count == 10_000)
    let last = try #require(rows.last?["events"] as? [[String: Any]])
    #expect(last.compactMap { $0["value"] as? Int } == [10_000])
  }

  @Test func aPipelineOverTheStageLimitIs400NamingTheLimit() async throws {
    let program = "just 1" + String(repeating: " | map x", count: 20_000)
    let response = await run(#"{"program": "\#(program)"}"#)
    #expect(response.status == 400)
    let error = try errorObject(response)
    #expect(
      error["message"] as? String == "this program builds more than 20,000 stages, the most one program may build")
    #expect(error["column"] as? Int == 160_002)
  }
}

/// `POST /api/move`, answered by `WebAPI` without a socket.
@Suite struct MoveEndpointTests {
  let api = WebAPI(lessonsFolder: URL(fileURLWithPath: "/nonexistent"), progressFile: nil)

  private func move(_ body: [String: Any]) async throws -> (status: Int, object: [String: Any]) {
    let response = await api.respond(
      to: WebRequest(method: "POST", path: "/api/move", body: try JSONSerialization.data(withJSONObject: body)))
    return (response.status, try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any]))
  }

  @Test func aDraggedMarbleRewritesTheMarbleString() async throws {
    let program = "let a = marbles \"-a--b|\"\na | map x + \"!\""
    let (status, object) = try await move(["program": program, "row": 0, "event": 1, "t": 280])
    #expect(status == 200)
    #expect(object["program"] as? String == "let a = marbles \"---ab|\"\na | map x + \"!\"")
  }

  @Test func aDraggedEventsValueRewritesItsTime() async throws {
    let program = #"events 0ms:"i", 100ms:"ip", 450ms:"iph", 900ms:| | debounce 300ms"#
    let (status, object) = try await move(["program": program, "row": 0, "event": 2, "t": 520.4])
    #expect(status == 200)
    #expect(object["program"] as? String == #"events 0ms:"i", 450ms:"iph", 520ms:"ip", 900ms:| | debounce 300ms"#)
  }

  @Test func anOperatorRowCannotMove() async throws {
    let program = #"events 0ms:"i", 900ms:| | debounce 300ms"#
    let (status, object) = try await move(["program": program, "row": 1, "event": 1, "t": 200])
    #expect(status == 400)
    #expect(
      (object["error"] as? [String: Any])?["message"] as? String
        == "row 1 (debounce 300ms) is not drawn from a `marbles \"…\"` or `events …` literal; only those can move")
  }

  @Test func aRowOrTimeOutOfRangeIs400() async throws {
    #expect(try await move(["program": "marbles \"-a|\"", "row": 5, "event": 1, "t": 200]).status == 400)
    #expect(try await move(["program": "marbles \"-a|\"", "row": 0, "event": 9, "t": 200]).status == 400)
    #expect(try await move(["program": "marbles \"-a|\"", "row": 0, "event": 1, "t": 1e300]).status == 400)
    #expect(try await move(["program": "marbles \"-a|\"", "row": 0, "event": 1]).status == 400)
  }

  @Test func aProgramThatDoesNotParseIs400WithItsPlace() async throws {
    let (status, object) = try await move(["program": "marbles \"-a|\" | mapp x", "row": 0, "event": 1, "t": 200])
    #expect(status == 400)
    #expect((object["error"] as? [String: Any])?["column"] as? Int == 17)
  }
}
