import Foundation
import StreamLabServer
import Testing

/// Issue 33 in the browser's API: `/api/run` with `"causes": true` puts each
/// mark's cause id and causes into the page's picture, `"why": ID` answers
/// what `:why` says of that event, `"stateAt": MS` what `:at` says of the
/// stages. Worked by hand from Combine's `debounce` ("publishes elements
/// only after a specified time interval elapses between events"): "iph" at
/// 200ms is followed by 300ms of quiet and sent at 500ms; "i" and "ip" were
/// replaced.
@Suite struct CausesEndpointTests {
  let api = WebAPI(lessonsFolder: URL(fileURLWithPath: "/nonexistent"), progressFile: nil)
  static let typing = """
    let typing = events 0ms:"i", 100ms:"ip", 200ms:"iph", 700ms:"ipho", 1200ms:|
    typing | debounce 300ms
    """

  private func post(_ body: [String: Any]) async throws -> (Int, [String: Any]) {
    let data = try JSONSerialization.data(withJSONObject: body)
    let response = await api.respond(to: WebRequest(method: "POST", path: "/api/run", body: data))
    let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    return (response.status, object)
  }

  /// `(row, t, what) -> (id, causes)` of every mark the picture gives an id.
  private func marks(_ svg: String) throws -> [String: (id: Int, causes: [Int])] {
    let pattern = try NSRegularExpression(
      pattern:
        #"data-row="(\d+)"[^>]*data-t="(\d+)" data-kind="\w+" data-id="(\d+)" data-causes="([\d ]*)" data-what="([^"]*)""#
    )
    var found: [String: (Int, [Int])] = [:]
    for match in pattern.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)) {
      let part = { (index: Int) in String(svg[Range(match.range(at: index), in: svg)!]) }
      let what = part(5).replacingOccurrences(of: "&quot;", with: "\"")
      found["\(part(1)) \(part(2)) \(what)"] = (Int(part(3))!, part(4).split(separator: " ").compactMap { Int($0) })
    }
    return found
  }

  @Test func aPictureWithCausesGivesTheSurvivorItsInputAsCause() async throws {
    let (status, object) = try await post(["program": Self.typing, "page": true, "causes": true])
    #expect(status == 200)
    let marks = try marks(try #require(object["svg"] as? String))
    let survivor = try #require(marks[#"1 500 "iph""#])
    let input = try #require(marks[#"0 200 "iph""#])
    #expect(survivor.causes == [input.id])
    #expect(marks[#"0 0 "i""#]?.causes == [])

    // Without "causes" the picture carries none: tracking them costs time.
    let (_, plain) = try await post(["program": Self.typing, "page": true])
    #expect(!(try #require(plain["svg"] as? String)).contains("data-id="))
  }

  @Test func whyAnswersWhatTheTerminalSaysAndNamesWhatWasPassedOver() async throws {
    let (_, picture) = try await post(["program": Self.typing, "page": true, "causes": true])
    let marks = try marks(try #require(picture["svg"] as? String))
    let survivor = try #require(marks[#"1 500 "iph""#])
    let (status, object) = try await post(["program": Self.typing, "why": survivor.id])
    #expect(status == 200)
    #expect(
      object["lines"] as? [String] == [
        #"why `debounce 300ms` "iph" at 500ms:"#,
        #"  made from `typing` "iph" at 200ms"#,
        #"  and not from what came before it and made nothing here: `typing` "i" at 0ms, `typing` "ip" at 100ms"#,
      ])
    let passedOver = try #require(object["passedOver"] as? [Int])
    #expect(Set(passedOver) == [try #require(marks[#"0 0 "i""#]).id, try #require(marks[#"0 100 "ip""#]).id])

    let (missing, error) = try await post(["program": Self.typing, "why": 9999])
    #expect(missing == 400)
    #expect((error["error"] as? [String: Any])?["message"] as? String == "the run has no event with id 9999")
  }

  @Test func stateAtSaysWhatEachStageHoldsAtThatInstant() async throws {
    let (status, object) = try await post(["program": Self.typing, "stateAt": 200])
    #expect(status == 200)
    #expect(object["time"] as? String == "200ms")
    #expect(
      object["lines"] as? [String] == [
        "`typing`: asked for unlimited",
        #"`debounce 300ms`: asked for unlimited; will send value "iph" at 500ms, for the value "iph" it got at 200ms"#,
      ])
    let (late, after) = try await post(["program": Self.typing, "stateAt": 1300])
    #expect(late == 200)
    #expect((after["lines"] as? [String])?.last == "`debounce 300ms`: ended at 1200ms (finished)")
  }

  @Test(arguments: [
    (["stateAt": -1] as [String: Any], #""stateAt" must be a time in ms between 0 and 86400000"#),
    (["stateAt": 1e300], #""stateAt" must be a time in ms between 0 and 86400000"#),
  ])
  func aTimeOutOfRangeIsRefused(extra: [String: Any], message: String) async throws {
    let (status, object) = try await post(extra.merging(["program": "just 1"]) { a, _ in a })
    #expect(status == 400)
    #expect((object["error"] as? [String: Any])?["message"] as? String == message)
  }

  @Test func aProgramThatDoesNotParseIsAParseErrorForWhyAndStateAlike() async throws {
    for extra in [["why": 0], ["stateAt": 0]] as [[String: Any]] {
      let (status, object) = try await post(extra.merging(["program": "just 1 |"]) { a, _ in a })
      #expect(status == 400)
      #expect((object["error"] as? [String: Any])?["column"] as? Int == 9)
    }
  }
}
