import Foundation
import StreamCore
import StreamLabServer
import Testing

/// `POST /api/move` with the times, frames, sizes and indices a page or a
/// script could send: each gets a correct move or a 400 JSON error, never a
/// trap or a hang.
@Suite struct HostileMoveTests {
  let api = WebAPI(lessonsFolder: URL(fileURLWithPath: "/nonexistent"), progressFile: nil)

  private func post(_ path: String, _ body: Data) async throws -> (status: Int, object: [String: Any]) {
    let response = await api.respond(to: WebRequest(method: "POST", path: path, body: body))
    return (response.status, try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any]))
  }

  private func move(_ program: String, row: Int = 0, event: Int, t: Double) async throws
    -> (status: Int, object: [String: Any])
  {
    let body: [String: Any] = ["program": program, "row": row, "event": event, "t": t]
    return try await post("/api/move", try JSONSerialization.data(withJSONObject: body))
  }

  private func message(_ object: [String: Any]) -> String? {
    (object["error"] as? [String: Any])?["message"] as? String
  }

  @Test(arguments: [9_223_372_036_854.775807, 1e9 + 1, -1e12, Double.greatestFiniteMagnitude])
  func aTimeBeyondABillionMillisecondsIs400(t: Double) async throws {
    let (status, object) = try await move("marbles \"-a|\"", event: 1, t: t)
    #expect(status == 400)
    #expect(message(object) == "\"t\" must be a time in milliseconds, at most 1e9")
  }

  @Test(arguments: ["1e400", "-1e400", "NaN", "Infinity", "\"200\"", "null"])
  func aTimeThatIsNotAFiniteNumberIs400(t: String) async throws {
    let body = #"{"program": "marbles \"-a|\"", "row": 0, "event": 1, "t": "# + t + "}"
    let (status, object) = try await post("/api/move", Data(body.utf8))
    #expect(status == 400)
    #expect(message(object)?.isEmpty == false)
  }

  @Test func aNegativeTimeMovesTheMarbleToTheSubscription() async throws {
    let (status, object) = try await move("marbles \"-a|\"", event: 1, t: -5)
    #expect(status == 200)
    #expect(object["program"] as? String == "marbles \"a-|\"")
  }

  @Test func aCompletionMovedToABillionMillisecondsOfAnEventsLiteralIsWrittenInMilliseconds() async throws {
    let (status, object) = try await move(#"events 0ms:"i", 900ms:|"#, event: 2, t: 1e9)
    #expect(status == 200)
    #expect(object["program"] as? String == #"events 0ms:"i", 1000000000ms:|"#)
  }

  @Test func aTimeIsRoundedToTheNanosecondNotTruncated() async throws {
    // 0.000249 ms is 248.99999… ns as a Double: truncated, the completion
    // would land on frame 248 of 1ns.
    let (status, object) = try await move("marbles \"-a|\" frame 1ns", event: 2, t: 0.000249)
    #expect(status == 200)
    #expect(object["program"] as? String == "marbles \"-a" + String(repeating: "-", count: 247) + "|\" frame 1ns")
  }

  @Test func aCompletionOnA1nsFrameMovesFiveThousandFrames() async throws {
    let (status, object) = try await move("marbles \"-a|\" frame 1ns", event: 2, t: 0.005)
    #expect(status == 200)
    #expect(object["program"] as? String == "marbles \"-a" + String(repeating: "-", count: 4_998) + "|\" frame 1ns")
  }

  @Test func aMoveOnA1nsFramePastTenThousandFramesIs400() async throws {
    let (status, object) = try await move("marbles \"-a|\" frame 1ns", event: 2, t: 1)
    #expect(status == 400)
    #expect(
      message(object)
        == "moving it there would make the marble string 1000000 frames long; "
        + "streamlab lays out at most 10000: use `events` for long gaps")
  }

  @Test func aMarbleOfATenThousandMarbleSourceMovesIntoTheMiddle() async throws {
    // 10,000 values on 10,000 frames of 0.5ms, completing at frame 10,000:
    // the first value, dragged to 2500.2ms, snaps to frame 5,000 and shares
    // it with the value already there, moved one first.
    let program = "marbles \"" + String(repeating: "a", count: 10_000) + "|\" frame 500us"
    let (status, object) = try await move(program, event: 1, t: 2_500.2)
    #expect(status == 200)
    let values = String(repeating: "a", count: 4_999)
    #expect(object["program"] as? String == "marbles \"-" + values + "(aa)" + values + "|\" frame 500us")
  }

  @Test(arguments: [(-1, 1), (0, -1), (1, 1), (Int.max, 1), (0, Int.max), (0, 0)])
  func aRowOrEventOutOfRangeOrNotMovableIs400(row: Int, event: Int) async throws {
    let (status, object) = try await move("marbles \"-a|\" | map x", row: row, event: event, t: 200)
    #expect(status == 400)
    #expect(message(object)?.isEmpty == false)
  }

  /// Random moves on several sources, seeded so a failure repeats: each is a
  /// 400 with a message, or a 200 whose program runs.
  @Test func randomMovesAreMadeOrRefusedAndAMadeMoveRuns() async throws {
    let programs = [
      "marbles \"-a-b|\"",
      "let a = marbles \"-a--b-|\" frame 1ns\na | map x",
      #"events 0ms:"i", 100ms:"ip", 450ms:"iph", 900ms:| | debounce 300ms"#,
      "let a = marbles \"-a|\" | map x\na",
      "marbles \"-a-#\" | catch { just 1 }",
      "marbles \"(ab)-c|\" frame 7ms",
    ]
    let times: [Double] = [0, -0.0, 1e9, -1e9, 1e-9, 0.5, 99.9, 100, 150, 1_000_000, 9.2e12]
    var random = SplitMix64(seed: 18)
    for _ in 0..<150 {
      let program = programs[Int(random.next() % UInt64(programs.count))]
      let row = Int(random.next() % 5) - 1
      let event = Int(random.next() % 7) - 1
      let t =
        random.next() % 2 == 0
        ? times[Int(random.next() % UInt64(times.count))] : Double(Int(random.next() % 20_000)) / 10 - 1_000
      let (status, object) = try await move(program, row: row, event: event, t: t)
      if status == 200 {
        let moved = try #require(object["program"] as? String)
        let run = await api.respond(
          to: WebRequest(
            method: "POST", path: "/api/run",
            body: try JSONSerialization.data(withJSONObject: ["program": moved])))
        #expect(run.status == 200, "moving row \(row) event \(event) of \(program) to \(t) gave \(moved)")
      } else {
        #expect(status == 400, "row \(row) event \(event) of \(program) to \(t)")
        #expect(message(object)?.isEmpty == false)
      }
    }
  }
}
