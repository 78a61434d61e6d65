import Foundation
import StreamCore
import Testing

@testable import Marbles

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The SVG picture: well-formed, self-contained, and the same as the golden
/// files, which were converted to PNG and looked at before they were committed.
@Suite struct SVGDiagramTests {
  /// What an XML parse of the picture found.
  final class Outline: NSObject, XMLParserDelegate {
    var elements: [String: Int] = [:]
    var attributes: [[String: String]] = []
    var texts: [String] = []
    var root: (name: String, attributes: [String: String])?
    private var text = ""

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      if root == nil { root = (name, attributes) }
      elements[name, default: 0] += 1
      self.attributes.append(attributes)
      text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
      if name == "text" { texts.append(text) }
      text = ""
    }
  }

  static func outline(_ svg: String) throws -> Outline {
    let parser = XMLParser(data: Data(svg.utf8))
    let outline = Outline()
    parser.delegate = outline
    let parsed = parser.parse()
    #expect(parsed, "\(parser.parserError.map(String.init(describing:)) ?? "")")
    return outline
  }

  static let symbols = RunResult(
    pipelines: [
      ShownPipeline(source: "interval 100ms | map x * 10"),
      ShownPipeline(source: "interval 100ms", subscribeAt: .milliseconds(150), cancelAt: .milliseconds(450)),
    ],
    rows: [
      TimelineFixture.row("interval 100ms", "100ms:0, 200ms:1, 300ms:2, 400ms:3, 500ms:4", stage: 0),
      TimelineFixture.row("map x * 10", "100ms:0, 200ms:10, 300ms:20, 400ms:30, 500ms:40", stage: 1, output: true),
      TimelineFixture.row("interval 100ms", "150ms:^, 250ms:0, 350ms:1, 450ms:!", pipeline: 1, output: true),
    ],
    stop: .horizon(.milliseconds(500)), endTime: .milliseconds(500))

  static let retry = TimelineFixture.result([
    (#"marbles "-1-2-#""#, #"100ms:1, 300ms:2, 500ms:#"error", 500ms:^, 600ms:1, 800ms:2, 1000ms:#"error""#),
    ("retry 1", #"100ms:1, 300ms:2, 600ms:1, 800ms:2, 1000ms:#"error""#),
  ])

  static let examples: [(String, RunResult)] = [
    ("card", TextDiagramTests.card), ("typing", TextDiagramTests.typing), ("symbols", symbols), ("retry", retry),
  ]

  @Test func aDroppedValueIsAGreyCrossOnItsRowAndTheFooterExplainsIt() throws {
    let svg = SVGDiagram.render(TextDiagramTests.dropped)
    #expect(svg.contains(#"class="dropped">×<title>dropped &quot;b&quot;</title>"#))
    #expect(try Self.outline(svg).texts.contains(#"× dropped: "b" at 300ms by flatMap max 1"#))
  }

  @Test(arguments: examples.map(\.0))
  func pictureMatchesItsGoldenFile(name: String) throws {
    let result = try #require(Self.examples.first { $0.0 == name }?.1)
    try GoldenFile(path: "svg/\(name).svg").check(SVGDiagram.render(result))
  }

  @Test(arguments: examples.map(\.0))
  func pictureIsWellFormedScalableAndSelfContained(name: String) throws {
    let result = try #require(Self.examples.first { $0.0 == name }?.1)
    let svg = SVGDiagram.render(result)
    let outline = try Self.outline(svg)
    #expect(outline.root?.name == "svg")
    #expect(outline.root?.attributes["xmlns"] == "http://www.w3.org/2000/svg")
    let viewBox = try #require(outline.root?.attributes["viewBox"]).split(separator: " ").compactMap { Double($0) }
    #expect(viewBox.count == 4 && viewBox[2] > 0 && viewBox[3] > 0)
    #expect(outline.elements["script"] == nil && outline.elements["image"] == nil)
    #expect(!svg.contains("href") && !svg.contains("url(") && !svg.contains("@import"))
  }

  @Test func eachValueIsAMarbleWithItsTextAndEachEndHasItsMark() throws {
    let outline = try Self.outline(SVGDiagram.render(Self.retry))
    // Eight values: circles for one-character values.
    #expect(outline.elements["circle"] == 8)
    #expect(outline.texts.filter { $0 == "1" }.count == 4)
    // Three failures drawn as crosses, one resubscription as a triangle.
    #expect(outline.attributes.filter { $0["class"] == "fail" }.count == 3)
    #expect(outline.attributes.filter { $0["class"] == "sub" }.count == 1)
    #expect(outline.texts.contains("\u{2715} = \"error\""))
    let card = try Self.outline(SVGDiagram.render(TextDiagramTests.card))
    #expect(card.attributes.filter { $0["class"] == "end" }.count == 3)
    #expect(card.texts.contains("retry 1") == false)
    #expect(card.texts.contains { $0.hasPrefix("note: Combine's debounce drops") })
  }

  @Test func hostileTextStaysWellFormed() throws {
    let nasty = "<script>&amp; \"quotes\" 'apos' \u{01} ]]> é"
    let row = Timeline(
      label: nasty, pipeline: 0, stage: 0, isOutput: true,
      events: [
        TimelineEvent(time: .zero, kind: .value(.string(nasty))),
        TimelineEvent(time: .milliseconds(100), kind: .failed(nasty)),
      ])
    let svg = SVGDiagram.render(RunResult(pipelines: [ShownPipeline(source: nasty)], rows: [row], notes: [nasty]))
    let outline = try Self.outline(svg)
    #expect(outline.elements["script"] == nil)
    #expect(outline.texts.contains(nasty.replacingOccurrences(of: "\u{01}", with: "\u{FFFD}")))
  }

  @Test func aVeryLongRunIsCappedAndSaysSo() throws {
    let events = (1...5_000).map { TimelineEvent(time: .milliseconds($0), kind: .value(.int($0))) }
    let row = Timeline(label: "interval 1ms", pipeline: 0, stage: 0, isOutput: true, events: events)
    let svg = SVGDiagram.render(
      RunResult(pipelines: [], rows: [row], stop: .budget(5_000), endTime: .milliseconds(5_000)))
    let outline = try Self.outline(svg)
    #expect(outline.elements["circle", default: 0] + outline.elements["rect", default: 0] <= 401)
    #expect(outline.texts.contains { $0.contains("ends at 401ms, where a row reaches 400 instants") })
  }

  @Test func aRowOfFourHundredInstantsIsWholeAndOneMoreIsCapped() throws {
    // The picture gathers one instant past the cap to tell the two apart.
    func notes(instants: Int) throws -> Bool {
      let events = (1...instants).map { TimelineEvent(time: .milliseconds($0), kind: .value(.int($0))) }
      let row = Timeline(label: "r", pipeline: 0, stage: 0, isOutput: true, events: events)
      let svg = SVGDiagram.render(RunResult(pipelines: [], rows: [row], endTime: .milliseconds(instants)))
      return try Self.outline(svg).texts.contains { $0.contains("where a row reaches 400 instants") }
    }
    #expect(try notes(instants: 400) == false)
    #expect(try notes(instants: 401) == true)
  }

  @Test func aDiagramGathersOnlyTheCellsItAsksFor() {
    let row = TimelineFixture.row("r", "0ms:1, 0ms:2, 100ms:3, 200ms:|")
    #expect(row.diagramCells(first: 2) == Array(row.diagramCells.prefix(2)))
    #expect(row.diagramCells(first: 2).map(\.time) == [.zero, .milliseconds(100)])
    #expect(row.diagramCells(first: 0).isEmpty)
  }

  @Test func aCappedPictureEndsWhereTheFirstRowIsCutAndDrawsEveryRowUpToThere() throws {
    // Row a: a value every 1ms for 5s; its 401st instant, at 401ms, is left
    // out, so the picture ends there. Row b: a value every 100ms, of which
    // 100, 200, 300 and 400ms come before the cut: 400 + 4 circles. The axis
    // (2400px at most for 401ms: a tick every 20ms) stops at 400ms.
    let a = (1...5_000).map { TimelineEvent(time: .milliseconds($0), kind: .value(.int(1))) }
    let b = (1...50).map { TimelineEvent(time: .milliseconds($0 * 100), kind: .value(.int(2))) }
    let rows = [
      Timeline(label: "a", pipeline: 0, stage: 0, events: a),
      Timeline(label: "b", pipeline: 0, stage: 1, isOutput: true, events: b),
    ]
    let svg = SVGDiagram.render(
      RunResult(pipelines: [], rows: rows, stop: .budget(5_050), endTime: .milliseconds(5_000)))
    let outline = try Self.outline(svg)
    #expect(outline.elements["circle", default: 0] == 404)
    #expect(outline.texts.contains("400ms"))
    #expect(!outline.texts.contains("420ms"))
    #expect(!outline.texts.contains { $0.contains("5000ms") })
  }
}
