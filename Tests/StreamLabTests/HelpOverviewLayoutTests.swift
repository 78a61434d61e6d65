import Testing

@testable import StreamLab

/// `:help`'s list of commands: every name whole, every line within the width.
@Suite struct HelpOverviewLayoutTests {
  @Test(arguments: [60, 80, 100])
  func overviewCommandsFitTheWidthAndKeepTheirNamesWhole(width: Int) {
    let overview = HelpText.overview(width: width)
    let commands = overview.split(separator: "\n", omittingEmptySubsequences: false)
      .drop { $0 != "commands:" }.dropFirst().prefix { !$0.isEmpty }
    // The long summaries wrap instead of running past the terminal's edge.
    for line in commands { #expect(line.count <= width, "\(line)") }
    // `:type [full] PROGRAM` was cut to `PROGR` by an 18-column name field.
    #expect(commands.contains { $0.hasPrefix("  :type [full] PROGRAM  each stage's Output") })
  }

  @Test func aWrappedSummaryContinuesUnderItself() {
    let lines = HelpText.commandLines(
      [(":a", "", "one two three four five six seven eight nine ten"), (":type", "[full] PROGRAM", "short")],
      width: 44)
    // The name column is the longest head (20) plus two spaces, after the two-space indent.
    #expect(
      lines == [
        "  :a                    one two three four",
        "                        five six seven eight",
        "                        nine ten",
        "  :type [full] PROGRAM  short",
      ])
  }
}
