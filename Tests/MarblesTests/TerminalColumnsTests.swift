import StreamCore
import Testing

@testable import Marbles

/// Widths as a terminal draws them: CJK and emoji take two columns,
/// combining marks none.
@Suite struct TerminalColumnsTests {
  @Test(arguments: [
    ("just 1", 6), ("日本", 4), ("語", 2), ("ｶ", 1), ("Ａ", 2), ("한국", 4), ("😀", 2), ("👍🏽", 2), ("🇯🇵", 2),
    ("❤️", 2), ("e\u{301}", 1), ("é", 1), ("·", 1), ("→", 1), ("\u{200B}", 0), ("𠀋", 2),
  ])
  func eachCharacterTakesTheColumnsATerminalGivesIt(text: String, columns: Int) {
    #expect(text.terminalColumns == columns)
  }

  @Test func wideCharactersInLabelsDoNotShiftTheirRows() throws {
    // `just "日本"` is 9 characters and 11 columns, `map x + "語"` 10 and 11:
    // counted in characters, the first row's marbles sat one column right.
    let result = try DiagramCutTests.run(#"just "日本" | map x + "語""#)
    let lines = TextDiagram.render(result, options: DiagramOptions(width: 40)).split(separator: "\n")
    try #require(lines.count >= 3)
    let columns = [
      lines[0].prefix { $0 != "(" }.terminalColumns, lines[1].prefix { $0 != "(" }.terminalColumns,
      lines[2].prefix { $0 != "+" }.terminalColumns,
    ]
    #expect(columns == [16, 16, 16], "\(lines)")
  }

  @Test func aLegendOfWideValuesWrapsAtTheWidthInColumns() throws {
    let values = (0..<8).map { #""日本語の値\#($0)""# }.joined(separator: ", ")
    let result = try DiagramCutTests.run("just \(values)")
    let text = TextDiagram.render(result, options: DiagramOptions(width: 40))
    let legend = text.split(separator: "\n").filter { $0.contains(" = ") }
    try #require(legend.count > 1)
    for line in legend {
      #expect(line.terminalColumns <= 40, "\(line)")
    }
  }
}
