import StreamLang
import StreamLangExport
import Testing

/// Every operator and source case is exported by at least one example that
/// this target compiles and runs against the DSL's timelines (a case the
/// exporter refuses must say so in `refused`).
@Suite struct OperatorExportCoverageTests {
  /// The examples whose export is compiled into this target.
  static let compiled: [ExportedExample] =
    (ExampleExportTests.examples + ExampleExportTests.beyondExamples + ExampleExportTests.sessionExamples)
    .filter { $0.run != nil }

  static let usage: (operators: Set<OperatorName>, sources: Set<SourceName>) = {
    let usages = compiled.map {
      KeywordUsage(Parser.parse(($0.earlier + [$0.program]).joined(separator: "\n")).program)
    }
    return (Set(usages.flatMap(\.operatorNames)), Set(usages.flatMap(\.sourceNames)))
  }()

  /// Operators the exporter refuses, with the message it gives (checked here).
  static let refused: [OperatorName: (program: String, message: String)] = [
    .values: ("just 1,2 | values each 100ms", "`values each` is a `for await` loop in a `Task`")
  ]

  @Test(arguments: OperatorName.allCases)
  func everyOperatorHasACompiledExport(_ name: OperatorName) {
    if let refusal = Self.refused[name] {
      let export = SwiftExporter.export(Parser.parse(refusal.program).program)
      #expect(export.limitation?.contains(refusal.message) == true, "\(export.limitation ?? "exported")")
      return
    }
    #expect(Self.usage.operators.contains(name), "no compiled export uses `\(name.rawValue)`")
  }

  @Test(arguments: SourceName.allCases)
  func everySourceHasACompiledExport(_ name: SourceName) {
    #expect(Self.usage.sources.contains(name), "no compiled export uses `\(name.rawValue)`")
  }
}
