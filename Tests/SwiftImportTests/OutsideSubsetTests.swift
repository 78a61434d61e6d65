import SwiftImport
import Testing

/// Swift outside what streamlab runs is refused at its position (line,
/// column, caret) with what to write instead; nothing runs.
@Suite struct OutsideSubsetTests {
  @Test func aNetworkCallPointsAtItselfAndSuggestsAStandIn() throws {
    let swift = """
      let url = URL(string: "https://example.com")!
      let c = URLSession.shared.dataTaskPublisher(for: url)
        .map { $0.data }
        .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
      """
    let message = try #require(Runs.diagnostic(of: swift))
    #expect(message.hasPrefix("2:9: error: streamlab cannot run `URLSession.shared.dataTaskPublisher(for:)`"))
    #expect(message.contains("let c = URLSession.shared.dataTaskPublisher(for: url)\n        ^~~~"))
    #expect(message.contains(#"`future 300ms "data"` or `fail "offline"`"#))
  }

  @Test func aThrottleWithoutLatestIsRefusedAsSwiftcRefusesIt() throws {
    // Combine declares `throttle(for:scheduler:latest:)` with no default for `latest:`.
    let swift = """
      let c = [1, 2].publisher
        .throttle(for: .milliseconds(200), scheduler: RunLoop.main)
        .sink { print($0) }
      """
    let message = try #require(Runs.diagnostic(of: swift))
    // At the `)` where `latest:` belongs, as swiftc points.
    #expect(message.hasPrefix("2:61: error: missing argument for parameter 'latest' in call"), "\(message)")
    #expect(message.contains("RunLoop.main)\n" + String(repeating: " ", count: 60) + "^"))
    #expect(message.contains("`, latest: true`"))
    let withLatest = swift.replacingOccurrences(of: "RunLoop.main)", with: "RunLoop.main, latest: true)")
    #expect(Runs.diagnostic(of: withLatest) == nil)
  }

  @Test func anIfStatementIsRefusedWithTheOneExpressionForm() throws {
    let swift = """
      let c = [1, 2].publisher.map { x in
        if x > 1 { return "big" }
        return "small"
      }.sink { print($0) }
      """
    let message = try #require(Runs.diagnostic(of: swift))
    #expect(message.hasPrefix("2:3: error: streamlab reads Combine pipelines, not `if` statements"))
    #expect(message.contains("expected: a closure of one expression"))
  }

  @Test func aCatchClosureThatReadsTheErrorIsRefusedWithTryCatchOrAFallbackInstead() throws {
    let swift = "let c = Just(1).tryMap { $0 }.catch { error in Just(error.localizedDescription.count) }.sink { _ in }"
    let message = try #require(Runs.diagnostic(of: swift))
    // `let c = Just(1).tryMap { $0 }.catch ` is 36 characters: the closure starts at column 37.
    #expect(
      message.hasPrefix(
        "1:37: error: streamlab's `catch` switches to one fallback, whatever the error: this closure reads the error"),
      "\(message)")
    #expect(message.contains("`.tryCatch { error in … }`"))
  }

  @Test func aMisspeltOperatorGetsADidYouMean() throws {
    let swift = "let c = Just(1).debounse(for: .milliseconds(300), scheduler: RunLoop.main).sink { _ in }"
    let message = try #require(Runs.diagnostic(of: swift))
    #expect(message.hasPrefix("1:9: error: streamlab has no operator `debounse`; did you mean `debounce`?"))
  }

  @Test func decodingIsRefusedWithMapInstead() throws {
    let swift = "let c = Just(\"{}\").decode(type: User.self, decoder: JSONDecoder()).sink { _ in }"
    let message = try #require(Runs.diagnostic(of: swift))
    #expect(message.contains("streamlab cannot run `decode(type:decoder:)`"))
    #expect(message.contains("expected: `map` to the value the decoding would give"))
  }

  @Test func anUnclosedCallSaysWhatIsMissingAtTheEnd() throws {
    let message = try #require(Runs.diagnostic(of: "Just(1).map { $0 * 2 "))
    #expect(message.hasPrefix("1:22: error: expected `}` before the end of the code"))
  }

  @Test func aForLoopSuggestsASequencePublisher() throws {
    let swift = """
      let subject = PassthroughSubject<Int, Never>()
      for i in 1...3 { subject.send(i) }
      """
    let message = try #require(Runs.diagnostic(of: swift))
    #expect(message.hasPrefix("2:1: error: streamlab reads Combine pipelines, not `for` statements"))
    #expect(message.contains("[1, 2, 3].publisher"))
  }

  @Test func aNotificationPublisherSuggestsASubject() throws {
    let swift = "let c = NotificationCenter.default.publisher(for: .NSCalendarDayChanged).map { _ in 1 }.sink { _ in }"
    let message = try #require(Runs.diagnostic(of: swift))
    #expect(message.contains("cannot run `NotificationCenter`"))
    #expect(message.contains("a `PassthroughSubject` sent to at the times"))
  }

  @Test func pasteWithNoPublisherSaysSo() throws {
    let message = try #require(Runs.diagnostic(of: "let x = 1"))
    #expect(message.contains("this Swift subscribes to nothing and binds no publisher"))
  }
}
