import StreamCore
import Testing

@testable import Marbles

/// A pasted test's assertions in SVG (issue 32): a row of `✓` and `✗` at the
/// instants they ran, each titled with its sentence, which does not stretch
/// the time axis when assertions are a millisecond apart.
@Suite struct AssertionRowSVGTests {
  static func at(_ milliseconds: Int) -> VirtualTime { VirtualTime.zero.advanced(by: .milliseconds(milliseconds)) }

  static func run(assertions: [AssertionResult]) -> RunResult {
    var result = RunResult(
      pipelines: [ShownPipeline(source: "subject.debounce")],
      rows: [
        Timeline(
          label: "subject.debounce", pipeline: 0, stage: 0, isOutput: true,
          events: [
            TimelineEvent(time: .zero, kind: .subscribed), TimelineEvent(time: at(400), kind: .value(.string("sw"))),
          ])
      ], endTime: at(400))
    result.assertions = assertions
    return result
  }

  static let twoAMillisecondApart = [
    AssertionResult(time: at(399), line: 11, source: "XCTAssertEqual(received, [])", passed: true),
    AssertionResult(
      time: at(400), line: 13, source: "XCTAssertEqual(received, [\"s\"])", passed: false,
      message: "XCTAssertEqual failed: (\"[\"sw\"]\") is not equal to (\"[\"s\"]\") - "),
  ]

  @Test func eachAssertionIsAMarkWithItsSentence() throws {
    let svg = SVGDiagram.render(Self.run(assertions: Self.twoAMillisecondApart))
    #expect(svg.contains("aria-label=\"assertions: 1 passed, 1 failed\""))
    #expect(svg.contains("class=\"assert-pass\"><title>399ms ✓ line 11  XCTAssertEqual(received, [])</title>✓</text>"))
    #expect(
      svg.contains(
        "class=\"assert-fail\"><title>400ms ✗ line 13  XCTAssertEqual failed: (&quot;[&quot;sw&quot;]&quot;) is not equal to (&quot;[&quot;s&quot;]&quot;) - </title>✗</text>"
      ))
    // Not a value of the legend.
    #expect(!svg.contains(">✓</tspan>") && !svg.contains("= ✓"))
  }

  @Test func assertionsAMillisecondApartDoNotStretchTheAxis() throws {
    let without = SVGDiagram.render(Self.run(assertions: []))
    let with = SVGDiagram.render(Self.run(assertions: Self.twoAMillisecondApart))
    func width(_ svg: String) -> String? { svg.firstMatch(of: #/ width="([\d.]+)"/#).map { String($0.1) } }
    #expect(width(with) == width(without))
    // The second stands beside the first, not on it.
    let xs = with.matches(of: #/<text x="([\d.]+)" y="[\d.]+" text-anchor="middle" font-size="18"/#).compactMap {
      Double($0.1)
    }
    #expect(xs.count == 2)
    #expect(xs.count == 2 && xs[1] - xs[0] >= 13)
  }
}
