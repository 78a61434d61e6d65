import Testing

@testable import StreamCore

@Suite struct MarbleDiagramTests {
  /// A well-formed marble string and its events, written `time:event` with
  /// a 100ms frame unless the row says otherwise.
  struct Row: CustomTestStringConvertible, Sendable {
    var marbles: String
    var frame = 100
    var events: [String]
    var testDescription: String { "\"\(marbles)\"" }
  }

  static let grammar: [Row] = [
    Row(marbles: "-a-b--c|", events: ["100ms:\"a\"", "300ms:\"b\"", "600ms:\"c\"", "700ms:|"]),
    Row(marbles: "abc", events: ["0ms:\"a\"", "100ms:\"b\"", "200ms:\"c\""]),
    Row(marbles: "-1-2-3|", frame: 50, events: ["50ms:1", "150ms:2", "250ms:3", "300ms:|"]),
    Row(marbles: "--#", events: ["200ms:#\"error\""]),
    // A group takes one frame, whatever it holds.
    Row(marbles: "(ab)-c", events: ["0ms:\"a\"", "0ms:\"b\"", "200ms:\"c\""]),
    Row(marbles: "-(a|)", events: ["100ms:\"a\"", "100ms:|"]),
    Row(marbles: "'foo'-'42'|", events: ["0ms:\"foo\"", "200ms:42", "300ms:|"]),
    Row(marbles: "-('ab' 'cd')|", events: ["100ms:\"ab\"", "100ms:\"cd\"", "200ms:|"]),
    Row(marbles: "''", events: ["0ms:\"\""]),
    // Spaces are ignored; a time literal between spaces moves the clock.
    Row(marbles: "a b", events: ["0ms:\"a\"", "100ms:\"b\""]),
    Row(marbles: "a 500ms b", events: ["0ms:\"a\"", "600ms:\"b\""]),
    Row(marbles: "500ms a", events: ["500ms:\"a\""]),
    Row(marbles: "a 1.5s |", events: ["0ms:\"a\"", "1600ms:|"]),
    Row(marbles: "- 20us a", events: ["100.02ms:\"a\""]),
    // Digits next to each other are separate values, even after a space.
    Row(marbles: "12 3", events: ["0ms:1", "100ms:2", "200ms:3"]),
    Row(marbles: "x|--", events: ["0ms:\"x\"", "100ms:|"]),
    Row(marbles: "", events: []),
    Row(marbles: "^é", events: ["0ms:\"^\"", "100ms:\"é\""]),
  ]

  @Test(arguments: grammar)
  func readsTheGrammar(_ row: Row) throws {
    let diagram = try MarbleDiagram(row.marbles, frame: .milliseconds(row.frame))
    #expect(diagram.events.map(\.description) == row.events)
  }

  /// A malformed marble string, the start of its error message and its offset.
  struct Malformed: CustomTestStringConvertible, Sendable {
    var marbles: String
    var message: String
    var offset: Int
    var testDescription: String { "\"\(marbles)\"" }
  }

  static let errors: [Malformed] = [
    Malformed(marbles: "-(ab", message: "unclosed group", offset: 1),
    Malformed(marbles: "-'ab", message: "unclosed quote", offset: 1),
    Malformed(marbles: "-a|b", message: "nothing can follow `|`", offset: 3),
    Malformed(marbles: "#-(a)", message: "nothing can follow `#`", offset: 2),
    Malformed(marbles: "a|#", message: "nothing can follow `|`", offset: 2),
    Malformed(marbles: "(a(b))", message: "groups cannot be nested", offset: 2),
    Malformed(marbles: "a)", message: "`)` without a matching `(`", offset: 1),
    Malformed(marbles: "-()", message: "empty group", offset: 1),
    Malformed(marbles: "(a-b)", message: "`-` cannot be inside a group", offset: 2),
    Malformed(marbles: "(a 5ms b)", message: "a time progression cannot be inside a group", offset: 3),
    Malformed(marbles: "a 5sec b", message: "bad time literal `5sec`", offset: 2),
    Malformed(marbles: "a 1.ms", message: "bad time literal `1.ms`", offset: 2),
    Malformed(marbles: "é 99999999999s", message: "time literal `99999999999s` is too long", offset: 2),
  ]

  @Test(arguments: errors)
  func reportsWhatIsWrongAndWhere(_ row: Malformed) {
    let error = #expect(throws: MarbleSyntaxError.self) { try MarbleDiagram(row.marbles) }
    #expect(error?.message.hasPrefix(row.message) == true, "\(String(describing: error))")
    #expect(error?.offset == row.offset)
  }

  @Test func failureMessageCanBeChosen() throws {
    let diagram = try MarbleDiagram("-#", failureMessage: "boom")
    #expect(diagram.events == [TimedEvent(.milliseconds(100), .failed("boom"))])
  }

  @Test func aVeryLongDiagramIsAnErrorNotATrap() {
    #expect(throws: MarbleSyntaxError.self) {
      _ = try MarbleDiagram("--", frame: VirtualInterval(nanoseconds: .max))
    }
  }
}
