import Testing

@testable import StreamLang

/// Operators and sources are enum cases, and every case is really wired: a
/// keyword that spells it, an example that parses back to it, rows in the
/// semantics table and Tab completion. (Help pages are checked in
/// StreamLabTests, exports in SwiftExportTests.)
@Suite struct OperatorIdentityTests {
  @Test(arguments: OperatorName.allCases)
  func everyOperatorIsSpelledByItsCombineName(_ name: OperatorName) throws {
    let keyword = try #require(Keywords.keyword(named: name.rawValue, role: .operator))
    #expect(keyword.operatorName == name)
    #expect(!keyword.isAlias)
  }

  @Test(arguments: SourceName.allCases)
  func everySourceIsSpelledByItsName(_ name: SourceName) throws {
    let keyword = try #require(Keywords.keyword(named: name.rawValue, role: .source))
    #expect(keyword.sourceName == name)
  }

  @Test func aliasesAreKeywordsOfTheirCombineOperator() throws {
    let take = try #require(Keywords.keyword(named: "take", role: .operator))
    let drop = try #require(Keywords.keyword(named: "drop", role: .operator))
    #expect(take.operatorName == .prefix)
    #expect(take.canonical == "prefix")
    #expect(drop.operatorName == .dropFirst)
    #expect(Keywords.operators.filter(\.isAlias).map(\.name) == ["take", "drop"])
  }

  @Test(arguments: Keywords.operators)
  func operatorExampleParsesToItsOperator(keyword: Keyword) throws {
    let parsed = Parser.parse("let b = just 1; just 1 | \(keyword.example)")
    #expect(parsed.isValid, "\(parsed.diagnostics.map(\.message))")
    guard case .subscription(let pipeline, _, _) = try #require(parsed.program.statements.last) else {
      Issue.record("the example's pipeline is not the last statement")
      return
    }
    #expect(try #require(pipeline.operators.last).kind.name == keyword.operatorName)
  }

  @Test(arguments: Keywords.sources)
  func sourceExampleParsesToItsSource(keyword: Keyword) throws {
    let parsed = Parser.parse(keyword.example)
    #expect(parsed.isValid, "\(parsed.diagnostics.map(\.message))")
    guard case .subscription(let pipeline, _, _) = try #require(parsed.program.statements.first) else {
      Issue.record("the example is not a pipeline")
      return
    }
    #expect(pipeline.source.kind.name == keyword.sourceName)
  }

  @Test(arguments: OperatorName.allCases)
  func everyOperatorHasSemanticsRows(_ name: OperatorName) {
    #expect(Self.semantics.operatorNames.contains(name), "no row of OperatorSemanticsTests uses `\(name.rawValue)`")
  }

  @Test(arguments: SourceName.allCases)
  func everySourceHasSemanticsRows(_ name: SourceName) {
    #expect(Self.semantics.sourceNames.contains(name), "no row of OperatorSemanticsTests uses `\(name.rawValue)`")
  }

  @Test(arguments: OperatorName.allCases)
  func everyOperatorCompletesAfterAPipe(_ name: OperatorName) {
    #expect(Keywords.completions(of: name.rawValue, role: .operator).map(\.name).contains(name.rawValue))
  }

  /// Every operator and source the semantics table's programs use.
  private static let semantics: (operatorNames: Set<OperatorName>, sourceNames: Set<SourceName>) = {
    let usages = OperatorSemanticsTests.all.map { KeywordUsage(Parser.parse($0.program).program) }
    return (
      Set(usages.flatMap(\.operatorNames)), Set(usages.flatMap(\.sourceNames))
    )
  }()
}
