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

  /// The programs whose export is compiled: those run on the virtual clock,
  /// and those compiled as XCTest cases only (lesson solutions, and the
  /// programs with tasks, whose tests run them on Swift's own runtime).
  static let usage: (operators: Set<OperatorName>, sources: Set<SourceName>) = {
    let programs =
      compiled.map { $0.earlier + [$0.program] }
      + (XCTestExportTests.lessonSolutions + XCTestExportTests.taskPrograms).map { $0.earlier + [$0.program] }
    let usages = programs.map { KeywordUsage(Parser.parse($0.joined(separator: "\n")).program) }
    return (Set(usages.flatMap(\.operatorNames)), Set(usages.flatMap(\.sourceNames)))
  }()

  @Test(arguments: OperatorName.allCases)
  func everyOperatorHasACompiledExport(_ name: OperatorName) {
    #expect(Self.usage.operators.contains(name), "no compiled export uses `\(name.rawValue)`")
  }

  @Test(arguments: SourceName.allCases)
  func everySourceHasACompiledExport(_ name: SourceName) {
    #expect(Self.usage.sources.contains(name), "no compiled export uses `\(name.rawValue)`")
  }
}
