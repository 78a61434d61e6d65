import Foundation
import StreamLabServer
import Testing

/// `POST /api/run` with `"page": true`: the picture `--format svg` draws,
/// with the hooks the playground page needs, answered by `WebAPI` without a socket.
@Suite struct PagePictureTests {
  let api = WebAPI(lessonsFolder: URL(fileURLWithPath: "/nonexistent"), progressFile: nil)

  private func picture(_ body: [String: Any]) async throws -> String {
    let response = await api.respond(
      to: WebRequest(method: "POST", path: "/api/run", body: try JSONSerialization.data(withJSONObject: body)))
    #expect(response.status == 200, "\(response.text)")
    let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    return try #require(object["svg"] as? String)
  }

  private func occurrences(of fragment: String, in text: String) -> Int {
    text.components(separatedBy: fragment).count - 1
  }

  @Test func eachMarkNamesItsRowAndTimeAndAMovableOneItsEventInTheJSONDocument() async throws {
    let svg = try await picture(["program": "marbles \"-a-b|\" | map x + \"!\"", "page": true])
    // Event 0 of each row is its subscription at 0ms, which is not drawn.
    #expect(svg.contains(#"class="mark movable" data-row="0" data-event="1" data-t="100" data-kind="value""#))
    #expect(svg.contains(#"class="mark movable" data-row="0" data-event="2" data-t="300" data-kind="value""#))
    #expect(svg.contains(#"class="mark movable" data-row="0" data-event="3" data-t="400" data-kind="finished""#))
    // map's row is not drawn from a literal: its marks cannot move.
    #expect(svg.contains(#"class="mark" data-row="1" data-t="100" data-kind="value""#))
    #expect(svg.contains(#"data-instants="0 100 300 400""#))
    #expect(!svg.contains("<style>") && !svg.contains("style=") && !svg.hasPrefix("<?xml"))
  }

  @Test func eachRowReadsAloudWithItsTimes() async throws {
    let svg = try await picture(["program": "marbles \"-1-2|\"", "page": true])
    #expect(svg.contains(#"aria-label="marbles &quot;-1-2|&quot;: 1 at 100ms; 2 at 300ms; finished at 400ms""#))
  }

  @Test func predictHidesTheOutputsValuesFromTheLegendAndItsMarks() async throws {
    let program = "marbles \"-a-b-|\" | map x + \"!\""
    let shown = try await picture(["program": program, "page": true])
    #expect(shown.contains("a!"))
    let hidden = try await picture(["program": program, "page": true, "predict": true])
    #expect(!hidden.contains("a!") && !hidden.contains("b!"))
    #expect(occurrences(of: #"class="mark" data-row="1""#, in: hidden) == 0)
    #expect(hidden.contains("predict-target"))
  }

  @Test func aKeptScaleDrawsTheAxisAtThatScale() async throws {
    let svg = try await picture(["program": "events 0ms:1, 900ms:|", "page": true, "pixelsPerMs": 2.5])
    #expect(svg.contains(#"data-px-per-ms="2.5""#))
  }

  @Test func aHundredThousandValuesDrawAsOneBundleWithALegendForWhatIsDrawn() async throws {
    let svg = try await picture(["program": "range 0..<100000 | map x*2", "page": true])
    #expect(occurrences(of: "<g class=\"mark", in: svg) <= 20)
    #expect(svg.contains("+99994"))
    #expect(svg.utf8.count < 40_000)
  }

  @Test func aLongHeaderIsInsideThePicture() async throws {
    let long = String(repeating: "x", count: 60)
    let svg = try await picture([
      "program": "let \(long) = just 1\n\(long) | map x + 1 | filter x > 0 | map x * 2 @100ms", "page": true,
    ])
    let viewBox = try #require(svg.components(separatedBy: "viewBox=\"0 0 ").dropFirst().first)
    let width = try #require(Double(viewBox.prefix { $0 != " " }))
    let headers = svg.split(separator: "\n").filter { $0.hasPrefix("<text x=\"16\"") && $0.contains("bold") }.map {
      $0.split(separator: ">")[1].prefix { $0 != "<" }
    }
    let header = try #require(headers.first)
    #expect(header.count > 90)
    #expect(16 + 7.8 * Double(header.count) <= width)
  }
}
