import StreamLang
import Testing

@testable import StreamLab

/// The REPL at each of `ProgramLimits`: a program at the limit runs, one
/// past it is refused with the limit's message, and the session keeps its
/// bindings either way.
@Suite struct ReplLimitsTests {
  struct Limit: CustomTestStringConvertible, Sendable {
    var name: String
    /// A program exactly at the limit, and one just past it.
    var atLimit: String
    var pastLimit: String
    var message: String
    var testDescription: String { name }
  }

  static func chain(_ count: Int) -> String { "just 1" + String(repeating: " | map x + 1", count: count) }
  static func sum(_ operators: Int) -> String { "just 1 | map " + String(repeating: "x + ", count: operators) + "x" }
  static func statements(_ count: Int) -> String { Array(repeating: "just 1", count: count).joined(separator: "\n") }
  static func parentheses(_ count: Int) -> String {
    "just " + String(repeating: "(", count: count) + "1" + String(repeating: ")", count: count)
  }

  static let limits = [
    Limit(
      name: "stages", atLimit: chain(19_999), pastLimit: chain(20_000),
      message: "this program builds more than 20,000 stages"),
    Limit(
      name: "statements", atLimit: statements(10_000), pastLimit: statements(10_001),
      message: "this program has more than 10,000 statements"),
    Limit(
      name: "operators in a row", atLimit: sum(10_000), pastLimit: sum(10_001),
      message: "this expression is too long (more than 10,000 operators in a row)"),
    Limit(
      name: "nesting", atLimit: parentheses(99), pastLimit: parentheses(100),
      message: "the program is nested too deeply (more than 200 levels)"),
  ]

  @Test(arguments: limits)
  func aProgramAtTheLimitRunsAndOnePastIsRefusedKeepingTheBindings(limit: Limit) {
    var session = ReplSession()
    #expect(session.submit("let kept = just 42") == ReplReply(text: "bound kept"))
    let atLimit = session.submit(limit.atLimit)
    #expect(!atLimit.isError, "\(atLimit.text.prefix(300))")
    let pastLimit = session.submit(limit.pastLimit)
    #expect(pastLimit.isError)
    #expect(pastLimit.text.contains(limit.message))
    let after = session.submit("kept | map x + 1")
    #expect(!after.isError)
    #expect(after.text.contains("43"))
  }

  @Test func loadingAnEightThousandStageFileRuns() {
    var session = ReplSession()
    _ = session.submit("let kept = just 42")
    let reply = session.load(Self.chain(8_000), from: "deep.txt")
    #expect(!reply.isError)
    #expect(reply.text.contains("8001"))
    #expect(!session.submit("kept").isError)
  }

  @Test func helpLimitsListsEveryLimit() {
    var session = ReplSession()
    let page = session.submit(":help limits")
    #expect(!page.isError)
    for figure in ["20,000", "10,000", "200", "1,000,000", "Ctrl-C"] {
      #expect(page.text.contains(figure), "\(figure)")
    }
  }
}
