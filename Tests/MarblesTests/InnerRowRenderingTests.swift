import Foundation
import StreamCore
import StreamLang
import Testing

@testable import Marbles

/// Inner rows and shared upstreams in the event list and JSON, and the
/// summary of many inner rows, drawn from real runs.
@Suite struct InnerRowRenderingTests {
  static func run(_ program: String) throws -> RunResult {
    var interpreter = Interpreter()
    guard case .ran(let result, _) = interpreter.run(program) else {
      throw InnerRowPropertyTests.ProgramDidNotRun(program: program)
    }
    return result
  }

  @Test func theEventListNamesEachInnerRowOnEveryLine() throws {
    let result = try Self.run(#"fail "boom" | catch { just 0 }"#)
    #expect(
      EventList.render(result) == """
        fail "boom"
          t=0ms  subscribed
          t=0ms  failed "boom"
        catch { just 0 } (output)
          t=0ms  subscribed
          t=0ms  value 0
          t=0ms  finished
          ↳ # "boom" (inner 1 of `catch { just 0 }`)
            t=0ms  subscribed  [inner 1]
            t=0ms  value 0  [inner 1]
            t=0ms  finished  [inner 1]
        """)
  }

  @Test func jsonGivesInnerRowsTheirParentAndNumberAndSharedRowsTheirBinding() throws {
    let result = try Self.run(
      "let s = interval 100ms | take 1 | share; s; just 1,2 | flatMap { x in { just 10,20 | flatMap { y in { just y } } } }"
    )
    let object = try JSONSerialization.jsonObject(with: Data(TimelineJSON.encode(result).utf8))
    let rows = try #require((object as? [String: Any])?["rows"] as? [[String: Any]])
    let shared = rows.filter { $0["shared"] != nil }
    #expect(shared.map { $0["label"] as? String } == ["interval 100ms", "take 1"])
    #expect(shared.allSatisfy { $0["shared"] as? String == "s" && $0["subscribers"] as? Int == 1 })
    let inner = rows.filter { $0["inner"] != nil }
    #expect(inner.map { $0["label"] as? String } == ["1", "10", "20", "2", "10", "20"])
    #expect(inner.map { $0["parent"] as? Int } == [1, 1, 1, 1, 1, 1])
    #expect(inner.map { $0["inner"] as? Int } == [1, 2, 3, 4, 5, 6])
    #expect(inner.map { $0["nestedIn"] as? Int } == [nil, 1, 1, nil, 4, 4])
    // Existing fields keep their meaning: stage rows add only their types (issue 15).
    let stages = rows.filter { $0["inner"] == nil && $0["shared"] == nil }
    #expect(stages.allSatisfy { Set($0.keys) == ["label", "pipeline", "stage", "output", "failure", "events"] })
    #expect(stages.map { $0["failure"] as? String }.allSatisfy { $0 == "Never" })
  }

  @Test func moreThanEightInnerRowsAreSummarisedInTextButAllKeptInJSON() throws {
    let result = try Self.run("range 1...9 | flatMap { n in { just n } }")
    let text = TextDiagram.render(result)
    let labels = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(labels.contains { $0.hasPrefix("↳ 3 ") })
    #expect(!labels.contains { $0.hasPrefix("↳ 4 ") })
    #expect(labels.contains("… 5 more inner streams"))
    #expect(labels.contains { $0.hasPrefix("↳ 9 ") })
    #expect(TimelineJSON.encode(result).components(separatedBy: #""inner": "#).count - 1 == 9)
    // Eight are drawn as they are.
    let eight = TextDiagram.render(try Self.run("range 1...8 | flatMap { n in { just n } }"))
    #expect(eight.contains("↳ 8 ") && !eight.contains("more inner streams"))
  }

  @Test func withoutInnerRowsTheDiagramIsTheOneBeforeInnerRowsExisted() throws {
    let program = "let s = interval 100ms | take 2 | share; s; s @150ms"
    var options = RunOptions()
    options.recordsInnerRows = false
    var interpreter = Interpreter()
    guard case .ran(let unrecorded, _) = interpreter.run(program, options: options) else {
      Issue.record("did not run")
      return
    }
    #expect(TextDiagram.render(try Self.run(program).withoutInnerRows) == TextDiagram.render(unrecorded))
  }

  @Test func svgIndentsEachInnerRowsLabelOnceMorePerLevelOfNesting() throws {
    let svg = SVGDiagram.render(try Self.run("just 1 | flatMap { a in { just 10 | flatMap { b in { just a + b } } } }"))
    let outline = try SVGDiagramTests.outline(svg)
    // Each <text> element's attributes, matched to its text by order.
    let texts = outline.attributes.filter { $0["text-anchor"] != nil }
    try #require(texts.count == outline.texts.count)
    func x(of label: String) throws -> Double {
      let index = try #require(outline.texts.firstIndex(of: label), "no label \(label)")
      #expect(texts[index]["text-anchor"] == "start", "\(label) is not left-aligned")
      return try #require(Double(texts[index]["x"] ?? ""))
    }
    let stage = try x(of: "just 1")
    let inner = try x(of: "↳ 1")
    let nested = try x(of: "↳ 10")
    #expect(try x(of: "flatMap { a in { just 10 | flatMap { b in { just a + b } } } }") == stage)
    // Two characters of 7.8px per level, as the text diagram indents.
    #expect(inner == stage + 15.6)
    #expect(nested == inner + 15.6)
  }
}
