import StreamLang
import StreamLangExport
import Testing

/// The helpers every compiled export uses are exactly what the exporter prints.
@Suite struct ExportPreambleTests {
  @Test func committedPreambleIsWhatTheExporterPrints() throws {
    let file = ExportFile(name: "ExportPreamble.swift")
    #expect(try file.committedText(expected: SwiftExport.harnessPreamble) == SwiftExport.harnessPreamble)
  }
}
