import Testing

@testable import StreamLab

/// Swift at the playground: `:paste` reads it up to an empty line, and a
/// line that starts like a Swift publisher is read as Swift too; either way
/// the program it becomes is shown above the diagram.
@Suite struct SwiftPasteReplTests {
  private func session() -> ReplSession {
    var settings = ReplSettings()
    settings.width = 80
    return ReplSession(settings: settings)
  }

  @Test func pasteWaitsForAnEmptyLine() {
    #expect(ReplSession.continuation(of: ":paste") == "reading Swift; an empty line runs it")
    #expect(ReplSession.continuation(of: ":paste\nJust(1)") == "reading Swift; an empty line runs it")
  }

  @Test func pasteRunsTheSwiftAndShowsTheShortForm() {
    var session = session()
    let reply = session.submit(":paste\nJust(3)\n  .map { $0 + 1 }\n  .sink { print($0) }\n  .store(in: &cancellables)")
    #expect(!reply.isError, "\(reply.text)")
    #expect(reply.text.hasPrefix("the Swift in streamlab's language:\n  just 3 | map $0 + 1\n"))
    // The set it stores into is not in the paste: it runs on the interpreter
    // as if declared, prints as Swift prints, and a note says so.
    #expect(reply.text.contains("> .map { $0 + 1 }  (4 |)"))
    #expect(reply.text.contains("note: `cancellables` is not declared in the paste, so swiftc refuses it"))
    #expect(reply.text.hasSuffix("log:\n  0ms  4"))
  }

  @Test func aTypeErrorInPastedSwiftPointsIntoTheSwift() {
    var session = session()
    let reply = session.submit(":paste\nJust(3)\n  .map { $0 + \"a\" }\n  .sink { print($0) }")
    #expect(reply.isError)
    // Line 2 of the paste: `  .map { ` is 9 characters.
    #expect(reply.text.hasPrefix("2:10: error: binary operator '+' cannot be applied"), "\(reply.text)")
    #expect(reply.text.contains("  .map { $0 + \"a\" }\n" + String(repeating: " ", count: 9) + "^~~~~~~~"))
  }

  @Test func aRuntimeErrorNamesTheSwiftTheStageCameFrom() {
    var session = session()
    let reply = session.submit(":paste\nJust(0)\n  .map { 10 / $0 }\n  .sink { print($0) }")
    // The row and the error name the stage as the Swift wrote it, and the
    // value it was given; Swift's own words for the trap follow.
    #expect(reply.text.contains("> .map { 10 / $0 }"), "\(reply.text)")
    // The sentence is word-wrapped at the session's width.
    let words = reply.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(
      words.contains("stopped by a runtime error in `.map { 10 / $0 }` at 0ms on value 0: Division by zero"),
      "\(reply.text)")
  }

  @Test(arguments: [
    "[1, 2].publisher.map { $0 * 10 }", "(1...2).publisher.map { $0 * 10 }", "Just(1).map { $0 * 10 }",
  ])
  func aLineThatStartsLikeASwiftPublisherIsReadAsSwift(_ line: String) {
    var session = session()
    let reply = session.submit(line)
    #expect(!reply.isError, "\(reply.text)")
    #expect(reply.text.hasPrefix("the Swift in streamlab's language:\n"))
    #expect(reply.text.contains("map $0 * 10"))
  }

  @Test func aSwiftSubjectLineIsReadAsSwiftAndExplainedWhenItSubscribesNothing() {
    var session = session()
    let reply = session.submit("PassthroughSubject<Int, Never>()")
    #expect(reply.isError)
    #expect(reply.text.contains("bind the subject to a name first"))
  }

  @Test func swiftOutsideTheSubsetIsAnErrorWithACaret() {
    var session = session()
    let reply = session.submit(
      ":paste\nlet c = Just(1).debounse(for: .seconds(1), scheduler: RunLoop.main).sink { _ in }")
    #expect(reply.isError)
    #expect(reply.text.hasPrefix("1:9: error: streamlab has no operator `debounse`; did you mean `debounce`?"))
    #expect(session.hasFailed)
  }

  @Test func pasteWithNothingAfterItSaysWhatItReads() {
    var session = session()
    let reply = session.submit(":paste")
    #expect(reply.isError)
    #expect(reply.text.contains("reads Swift from the lines after it"))
  }

  @Test func theShortFormStaysTheLastRunForSwiftExport() {
    var session = session()
    _ = session.submit("[1, 2].publisher.filter { $0 > 1 }")
    let swift = session.submit(":swift")
    #expect(swift.text.contains(".filter { $0 > 1 }"))
  }

  @Test func helpPasteReadsAndRunsItsExample() {
    var session = session()
    let reply = session.submit(":help paste")
    #expect(!reply.isError)
    #expect(reply.text.hasPrefix(":paste — run Combine code written in Swift"))
    #expect(
      reply.text.contains(
        "  let query = subject 100ms:\"sw\", 200ms:\"swift\"\n  query | debounce 300ms | removeDuplicates"))
    #expect(reply.text.contains("> removeDuplicates"))
  }
}
