import StreamLang
import Testing

@testable import StreamLab

/// `:help NAME` pages: one for every keyword, and every demo really runs.
@Suite struct HelpPageTests {
  @Test(arguments: Keywords.sources + Keywords.operators)
  func everyKeywordHasAPage(keyword: Keyword) {
    #expect(HelpPage.page(named: keyword.name) ?? HelpPage.page(named: keyword.canonical) != nil)
  }

  @Test(arguments: HelpPage.library.map(\.name))
  func demoRunsWithoutAnError(name: String) throws {
    let page = try #require(HelpPage.page(named: name))
    var interpreter = Interpreter()
    switch interpreter.run(page.demo) {
    case .invalid(let diagnostics):
      Issue.record("\(name): \(diagnostics.map { $0.rendered(in: page.demo) })")
    case .ran(let result, _):
      if case .runtimeError(let error) = result.stop { Issue.record("\(name): \(error)") }
      #expect(!result.rows.isEmpty)
      #expect(result.rows.contains { row in row.events.contains { $0.isMarble } }, "\(name) shows nothing")
    }
  }

  @Test func pageNamesAreKeywords() {
    let names = Set((Keywords.sources + Keywords.operators).map(\.name))
    for page in HelpPage.library { #expect(names.contains(page.name), "\(page.name)") }
  }
}
