import StreamLang
import Testing

@testable import StreamLab

/// Every operator and source case has a `:help` page whose runnable demo uses
/// it, and Tab completes its name in the playground.
@Suite struct OperatorIdentityHelpTests {
  @Test(arguments: OperatorName.allCases)
  func everyOperatorHasAHelpPageWhoseDemoUsesIt(_ name: OperatorName) throws {
    let page = try #require(HelpPage.page(named: name.rawValue))
    let demo = Parser.parse(page.demo)
    #expect(demo.isValid)
    #expect(KeywordUsage(demo.program).operatorNames.contains(name), "\(page.demo)")
  }

  @Test(arguments: SourceName.allCases)
  func everySourceHasAHelpPageWhoseDemoUsesIt(_ name: SourceName) throws {
    let page = try #require(HelpPage.page(named: name.rawValue))
    let demo = Parser.parse(page.demo)
    #expect(demo.isValid)
    #expect(KeywordUsage(demo.program).sourceNames.contains(name), "\(page.demo)")
  }

  @Test(arguments: OperatorName.allCases)
  func tabCompletesEveryOperatorAfterAPipe(_ name: OperatorName) {
    let session = ReplSession(settings: ReplSettings())
    #expect(session.completions(before: "just 1 | " + name.rawValue.prefix(3)).candidates.contains(name.rawValue))
  }

  @Test(arguments: SourceName.allCases)
  func tabCompletesEverySourceAtTheStart(_ name: SourceName) {
    let session = ReplSession(settings: ReplSettings())
    #expect(session.completions(before: String(name.rawValue.prefix(3))).candidates.contains(name.rawValue))
  }
}
